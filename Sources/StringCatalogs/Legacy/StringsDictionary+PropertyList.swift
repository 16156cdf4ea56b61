import PlistKit

extension StringsDictionary {
  static let formatKey = "NSStringLocalizedFormatKey"
  static let ruleKey = "NSStringFormatSpecTypeKey"
  static let valueTypeKey = "NSStringFormatValueTypeKey"

  /// Reads the table of a `.stringsdict` file.
  ///
  /// - Throws: the reader's error for a file it refuses; `PropertyListError/Kind/invalidValue`
  ///   with the key path of what is not a `.stringsdict` table (an entry without
  ///   `NSStringLocalizedFormatKey`, a variable that is not a dictionary of strings).
  public init(bytes: [UInt8]) throws(PropertyListError) {
    try self.init(propertyList: try PropertyList(bytes: bytes))
  }

  /// Reads the table from the value of a `.stringsdict` file.
  ///
  /// - Throws: `PropertyListError/Kind/invalidValue` with the key path of what is not a
  ///   `.stringsdict` table.
  public init(propertyList: PropertyList) throws(PropertyListError) {
    guard case .dictionary(let table) = propertyList else {
      throw Self.invalid([], "a .stringsdict file holds a dictionary of entries, found \(propertyList.kind.rawValue)")
    }
    var entries: [Entry] = []
    for (key, value) in table {
      guard case .dictionary(let entry) = value else {
        throw Self.invalid([key], "an entry is a dictionary, found \(value.kind.rawValue)")
      }
      guard case .string(let format)? = entry[Self.formatKey] else {
        throw Self.invalid([key], "an entry needs the string \(Self.formatKey)")
      }
      var variables: [Variable] = []
      for (name, value) in entry where name != Self.formatKey {
        variables.append(try Self.variable(name, value, path: [key, name]))
      }
      entries.append(Entry(key: key, format: format, variables: variables))
    }
    self.entries = entries
  }

  private static func variable(
    _ name: String, _ value: PropertyList, path: [String]
  ) throws(PropertyListError)
    -> Variable
  {
    guard case .dictionary(let fields) = value else {
      throw invalid(path, "a variable is a dictionary, found \(value.kind.rawValue)")
    }
    var rule: Rule?
    var valueType: String?
    var cases = KeyedList<String>()
    for (field, value) in fields {
      guard case .string(let text) = value else {
        throw invalid(path + [field], "a variable's fields are strings, found \(value.kind.rawValue)")
      }
      switch field {
      case ruleKey: rule = Rule(name: text)
      case valueTypeKey: valueType = text
      default: cases.elements.append(.init(key: field, value: text))
      }
    }
    guard let rule else { throw invalid(path, "a variable needs \(ruleKey)") }
    return Variable(name: name, rule: rule, valueType: valueType, cases: cases)
  }

  private static func invalid(_ path: [String], _ message: String) -> PropertyListError {
    PropertyListError(.invalidValue, at: .keyPath(PropertyListKeyPath(components: path).description), message)
  }

  /// The table as the value of a `.stringsdict` file: in each variable the rule, then the
  /// value type, then the cases, as Xcode writes them.
  public var propertyList: PropertyList {
    var table = PropertyListDictionary()
    for entry in entries {
      var fields = PropertyListDictionary()
      _ = fields.updateValue(.string(entry.format), forKey: Self.formatKey)
      for variable in entry.variables {
        var cases = PropertyListDictionary()
        _ = cases.updateValue(.string(variable.rule.name), forKey: Self.ruleKey)
        if let valueType = variable.valueType { _ = cases.updateValue(.string(valueType), forKey: Self.valueTypeKey) }
        for item in variable.cases { _ = cases.updateValue(.string(item.value), forKey: item.key) }
        _ = fields.updateValue(.dictionary(cases), forKey: variable.name)
      }
      _ = table.updateValue(.dictionary(fields), forKey: entry.key)
    }
    return .dictionary(table)
  }

  /// The table as a `.stringsdict` file: an XML property list in Apple's layout.
  public func bytes() throws(PropertyListError) -> [UInt8] {
    try propertyList.serialized(as: .xml)
  }
}
