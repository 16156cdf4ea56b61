import PlistKit

/// Turns the JSON value of an `.xcstrings` file into a ``StringCatalog``: the members the
/// format defines become typed fields, the others are kept as they are, and a member of the
/// wrong type is a ``CatalogShapeError`` naming its key path.
///
/// The recursion follows the value's nesting, which the JSON reader has bounded by
/// ``PropertyListLimits/maximumDepth``.
struct CatalogValueDecoder {
  /// The key path of the value being decoded.
  private var path: [String] = []

  static func catalog(from value: PropertyList) throws(CatalogShapeError) -> StringCatalog {
    var decoder = CatalogValueDecoder()
    return try decoder.catalog(value)
  }

  private mutating func catalog(_ value: PropertyList) throws(CatalogShapeError) -> StringCatalog {
    let members = try object(value, "a String Catalog's object")
    var sourceLanguage: String?
    var version: String?
    var strings: KeyedList<StringCatalog.Entry>?
    var extra = KeyedList<PropertyList>()
    for (key, member) in members {
      try within(key) { (decoder) throws(CatalogShapeError) in
        switch key {
        case "sourceLanguage": sourceLanguage = try decoder.string(member)
        case "version": version = try decoder.string(member)
        case "strings":
          strings = try decoder.keyed(member) { (decoder, entry) throws(CatalogShapeError) in try decoder.entry(entry) }
        default: extra.elements.append(.init(key: key, value: member))
        }
      }
    }
    return StringCatalog(
      sourceLanguage: try required(sourceLanguage, "sourceLanguage"), version: try required(version, "version"),
      strings: try required(strings, "strings"), extraMembers: extra)
  }

  private mutating func entry(_ value: PropertyList) throws(CatalogShapeError) -> StringCatalog.Entry {
    var entry = StringCatalog.Entry()
    for (key, member) in try object(value, "an entry's object") {
      try within(key) { (decoder) throws(CatalogShapeError) in
        switch key {
        case "comment": entry.comment = try decoder.string(member)
        case "extractionState": entry.extractionState = .init(rawValue: try decoder.string(member))
        case "shouldTranslate": entry.shouldTranslate = try decoder.boolean(member)
        case "localizations":
          entry.localizations = try decoder.keyed(member) { (decoder, value) throws(CatalogShapeError) in
            try decoder.localization(value)
          }
        default: entry.extraMembers.elements.append(.init(key: key, value: member))
        }
      }
    }
    return entry
  }

  private mutating func localization(_ value: PropertyList) throws(CatalogShapeError) -> StringCatalog.Localization {
    var localization = StringCatalog.Localization()
    for (key, member) in try object(value, "a localization's object") {
      try within(key) { (decoder) throws(CatalogShapeError) in
        switch key {
        case "stringUnit": localization.stringUnit = try decoder.stringUnit(member)
        case "variations": localization.variations = try decoder.variations(member)
        case "substitutions":
          localization.substitutions = try decoder.keyed(member) { (decoder, value) throws(CatalogShapeError) in
            try decoder.substitution(value)
          }
        default: localization.extraMembers.elements.append(.init(key: key, value: member))
        }
      }
    }
    return localization
  }

  private mutating func stringUnit(_ value: PropertyList) throws(CatalogShapeError) -> StringCatalog.StringUnit {
    var state: String?
    var text: String?
    var extra = KeyedList<PropertyList>()
    for (key, member) in try object(value, "a string unit's object") {
      try within(key) { (decoder) throws(CatalogShapeError) in
        switch key {
        case "state": state = try decoder.string(member)
        case "value": text = try decoder.string(member)
        default: extra.elements.append(.init(key: key, value: member))
        }
      }
    }
    return StringCatalog.StringUnit(
      state: .init(rawValue: try required(state, "state")), value: try required(text, "value"), extraMembers: extra)
  }

  private mutating func variations(_ value: PropertyList) throws(CatalogShapeError) -> StringCatalog.Variations {
    var variations = StringCatalog.Variations()
    for (key, member) in try object(value, "a variations object") {
      try within(key) { (decoder) throws(CatalogShapeError) in
        switch key {
        case "plural":
          variations.plural = try decoder.keyed(member) { (decoder, value) throws(CatalogShapeError) in
            try decoder.localization(value)
          }
        case "device":
          variations.device = try decoder.keyed(member) { (decoder, value) throws(CatalogShapeError) in
            try decoder.localization(value)
          }
        default: variations.extraMembers.elements.append(.init(key: key, value: member))
        }
      }
    }
    return variations
  }

  private mutating func substitution(_ value: PropertyList) throws(CatalogShapeError) -> StringCatalog.Substitution {
    var substitution = StringCatalog.Substitution()
    for (key, member) in try object(value, "a substitution's object") {
      try within(key) { (decoder) throws(CatalogShapeError) in
        switch key {
        case "argNum": substitution.argNum = try decoder.integer(member)
        case "formatSpecifier": substitution.formatSpecifier = try decoder.string(member)
        case "variations": substitution.variations = try decoder.variations(member)
        default: substitution.extraMembers.elements.append(.init(key: key, value: member))
        }
      }
    }
    return substitution
  }

  // MARK: - Members

  /// Runs `body` with `key` on the path.
  private mutating func within(
    _ key: String, _ body: (inout CatalogValueDecoder) throws(CatalogShapeError) -> Void
  ) throws(CatalogShapeError) {
    path.append(key)
    try body(&self)
    path.removeLast()
  }

  /// An object's members, in order, each decoded by `decode` with its key on the path.
  private mutating func keyed<Value>(
    _ value: PropertyList, _ decode: (inout CatalogValueDecoder, PropertyList) throws(CatalogShapeError) -> Value
  ) throws(CatalogShapeError) -> KeyedList<Value> {
    let members = try object(value, "an object")
    var list = KeyedList<Value>()
    list.elements.reserveCapacity(members.count)
    for (key, member) in members {
      path.append(key)
      list.elements.append(.init(key: key, value: try decode(&self, member)))
      path.removeLast()
    }
    return list
  }

  private func object(_ value: PropertyList, _ what: String) throws(CatalogShapeError) -> PropertyListDictionary {
    guard case .dictionary(let members) = value else { throw mismatch("\(what)", value) }
    return members
  }

  private func string(_ value: PropertyList) throws(CatalogShapeError) -> String {
    guard case .string(let text) = value else { throw mismatch("a string", value) }
    return text
  }

  private func boolean(_ value: PropertyList) throws(CatalogShapeError) -> Bool {
    guard case .boolean(let flag) = value else { throw mismatch("true or false", value) }
    return flag
  }

  private func integer(_ value: PropertyList) throws(CatalogShapeError) -> Int {
    guard case .integer(let number) = value else { throw mismatch("an integer", value) }
    guard let small = number.int64Value.flatMap({ Int(exactly: $0) }) else {
      throw CatalogShapeError(path: path, message: "expected an integer of 64 bits, found \(number)")
    }
    return small
  }

  private func required<Value>(_ value: Value?, _ key: String) throws(CatalogShapeError) -> Value {
    guard let value else { throw CatalogShapeError(path: path, message: "missing member \"\(key)\"") }
    return value
  }

  private func mismatch(_ expected: String, _ found: PropertyList) -> CatalogShapeError {
    let kind: String
    switch found {
    case .string: kind = "a string"
    case .integer: kind = "an integer"
    case .real: kind = "a number"
    case .boolean: kind = "a boolean"
    case .array: kind = "an array"
    case .dictionary: kind = "an object"
    case .date, .data, .uid: kind = "a \(found.kind)"
    }
    return CatalogShapeError(path: path, message: "expected \(expected), found \(kind)")
  }
}
