extension PropertyList {
  /// The string, if this is a string.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The integer, if this is an integer.
  public var integerValue: PropertyListInteger? {
    if case .integer(let value) = self { return value }
    return nil
  }

  /// The integer as `Int64`, if this is an integer in that range.
  public var int64Value: Int64? { integerValue?.int64Value }

  /// The integer as `UInt64`, if this is a non-negative integer.
  public var uint64Value: UInt64? { integerValue?.uint64Value }

  /// The real, if this is a real.
  public var realValue: Double? {
    if case .real(let value) = self { return value }
    return nil
  }

  /// The number as a `Double`, if this is a real or an integer.
  public var doubleValue: Double? {
    switch self {
    case .real(let value): value
    case .integer(let value): value.doubleValue
    default: nil
    }
  }

  /// The boolean, if this is a boolean.
  public var boolValue: Bool? {
    if case .boolean(let value) = self { return value }
    return nil
  }

  /// The date, if this is a date.
  public var dateValue: PropertyListDate? {
    if case .date(let value) = self { return value }
    return nil
  }

  /// The bytes, if this is data.
  public var dataValue: [UInt8]? {
    if case .data(let value) = self { return value }
    return nil
  }

  /// The elements, if this is an array.
  public var arrayValue: [PropertyList]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The dictionary, if this is a dictionary.
  public var dictionaryValue: PropertyListDictionary? {
    if case .dictionary(let value) = self { return value }
    return nil
  }

  /// The object reference, if this is a UID.
  public var uidValue: UInt64? {
    if case .uid(let value) = self { return value }
    return nil
  }

  /// The value for `key`, if this is a dictionary that has it.
  public subscript(key: String) -> PropertyList? {
    get { dictionaryValue?[key] }
    set {
      guard case .dictionary(var dictionary) = self else { return }
      self = .string("")  // release the payload so the dictionary below is uniquely referenced
      dictionary[key] = newValue
      self = .dictionary(dictionary)
    }
  }

  /// The element at `index`, if this is an array and the index is in range.
  ///
  /// Setting a value replaces the element, and setting nil removes it, as the key subscript
  /// does for a key (`value["Rows"]?[0] = "first"`); setting does nothing to anything else
  /// or outside the array.
  public subscript(index: Int) -> PropertyList? {
    get {
      guard case .array(let array) = self, array.indices.contains(index) else { return nil }
      return array[index]
    }
    set {
      guard case .array(var array) = self, array.indices.contains(index) else { return }
      self = .string("")  // release the payload so the array below is uniquely referenced
      if let newValue { array[index] = newValue } else { array.remove(at: index) }
      self = .array(array)
    }
  }
}
