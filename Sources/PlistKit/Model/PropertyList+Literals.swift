extension PropertyList: ExpressibleByStringLiteral {
  /// A string value.
  public init(stringLiteral value: String) { self = .string(value) }
}

extension PropertyList: ExpressibleByIntegerLiteral {
  /// An integer value.
  public init(integerLiteral value: Int64) { self = .integer(PropertyListInteger(value)) }
}

extension PropertyList: ExpressibleByFloatLiteral {
  /// A real value.
  public init(floatLiteral value: Double) { self = .real(value) }
}

extension PropertyList: ExpressibleByBooleanLiteral {
  /// A boolean value.
  public init(booleanLiteral value: Bool) { self = .boolean(value) }
}

extension PropertyList: ExpressibleByArrayLiteral {
  /// An array value.
  public init(arrayLiteral elements: PropertyList...) { self = .array(elements) }
}

extension PropertyList: ExpressibleByDictionaryLiteral {
  /// A dictionary value, keys in the literal's order.
  public init(dictionaryLiteral elements: (String, PropertyList)...) {
    self = .dictionary(PropertyListDictionary(elements))
  }
}
