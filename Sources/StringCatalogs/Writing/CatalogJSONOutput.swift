import PlistKit
import PlutilCompatibility

/// The bytes of a catalog as they are written, and the layout's pieces: members, indents,
/// strings, and the values of members the model does not know.
struct CatalogJSONOutput {
  let keyOrder: StringCatalogWriter.KeyOrder
  var bytes: [UInt8] = []
  private var depth = 0
  /// The Xcode order of the short lists of keys met so far, by their keys' bytes.
  private var knownOrders: [[UInt8]: [Int]] = [:]

  init(keyOrder: StringCatalogWriter.KeyOrder) {
    self.keyOrder = keyOrder
  }

  // MARK: - The model

  mutating func catalog(_ catalog: StringCatalog) {
    if catalog.extraMembers.isEmpty {
      var count = 0
      openObject()
      member("sourceLanguage", &count)
      string(catalog.sourceLanguage)
      member("strings", &count)
      keyed(catalog.strings) { $0.entry($1) }
      member("version", &count)
      string(catalog.version)
      closeObject(count)
      return
    }
    object(catalog.extraMembers) { (output, member) in
      switch member {
      case "sourceLanguage": output.string(catalog.sourceLanguage)
      case "strings": output.keyed(catalog.strings) { $0.entry($1) }
      default: output.string(catalog.version)
      }
    } known: { names in
      names.append("sourceLanguage")
      names.append("strings")
      names.append("version")
    }
  }

  mutating func entry(_ entry: StringCatalog.Entry) {
    if entry.extraMembers.isEmpty {
      var count = 0
      openObject()
      if let comment = entry.comment {
        member("comment", &count)
        string(comment)
      }
      if let state = entry.extractionState {
        member("extractionState", &count)
        string(state.rawValue)
      }
      if let localizations = entry.localizations {
        member("localizations", &count)
        keyed(localizations) { $0.localization($1) }
      }
      if let shouldTranslate = entry.shouldTranslate {
        member("shouldTranslate", &count)
        literal(shouldTranslate ? "true" : "false")
      }
      closeObject(count)
      return
    }
    object(entry.extraMembers) { (output, member) in
      switch member {
      case "comment": output.string(entry.comment!)
      case "extractionState": output.string(entry.extractionState!.rawValue)
      case "localizations": output.keyed(entry.localizations!) { $0.localization($1) }
      default: output.literal(entry.shouldTranslate! ? "true" : "false")
      }
    } known: { names in
      if entry.comment != nil { names.append("comment") }
      if entry.extractionState != nil { names.append("extractionState") }
      if entry.localizations != nil { names.append("localizations") }
      if entry.shouldTranslate != nil { names.append("shouldTranslate") }
    }
  }

  mutating func localization(_ localization: StringCatalog.Localization) {
    if localization.extraMembers.isEmpty {
      var count = 0
      openObject()
      if let unit = localization.stringUnit {
        member("stringUnit", &count)
        stringUnit(unit)
      }
      if let substitutions = localization.substitutions {
        member("substitutions", &count)
        keyed(substitutions) { $0.substitution($1) }
      }
      if let variations = localization.variations {
        member("variations", &count)
        self.variations(variations)
      }
      closeObject(count)
      return
    }
    object(localization.extraMembers) { (output, member) in
      switch member {
      case "stringUnit": output.stringUnit(localization.stringUnit!)
      case "substitutions": output.keyed(localization.substitutions!) { $0.substitution($1) }
      default: output.variations(localization.variations!)
      }
    } known: { names in
      if localization.stringUnit != nil { names.append("stringUnit") }
      if localization.substitutions != nil { names.append("substitutions") }
      if localization.variations != nil { names.append("variations") }
    }
  }

  mutating func stringUnit(_ unit: StringCatalog.StringUnit) {
    if unit.extraMembers.isEmpty {
      var count = 0
      openObject()
      member("state", &count)
      string(unit.state.rawValue)
      member("value", &count)
      string(unit.value)
      closeObject(count)
      return
    }
    object(unit.extraMembers) { (output, member) in
      switch member {
      case "state": output.string(unit.state.rawValue)
      default: output.string(unit.value)
      }
    } known: { names in
      names.append("state")
      names.append("value")
    }
  }

  mutating func variations(_ variations: StringCatalog.Variations) {
    object(variations.extraMembers) { (output, member) in
      switch member {
      case "device": output.keyed(variations.device!) { $0.localization($1) }
      default: output.keyed(variations.plural!) { $0.localization($1) }
      }
    } known: { names in
      if variations.device != nil { names.append("device") }
      if variations.plural != nil { names.append("plural") }
    }
  }

  mutating func substitution(_ substitution: StringCatalog.Substitution) {
    object(substitution.extraMembers) { (output, member) in
      switch member {
      case "argNum": output.literal(String(substitution.argNum!))
      case "formatSpecifier": output.string(substitution.formatSpecifier!)
      default: output.variations(substitution.variations!)
      }
    } known: { names in
      if substitution.argNum != nil { names.append("argNum") }
      if substitution.formatSpecifier != nil { names.append("formatSpecifier") }
      if substitution.variations != nil { names.append("variations") }
    }
  }

  // MARK: - Objects

  /// An object of the members the format defines (named by `known`, in Xcode's order, each
  /// written by `member`) and the members the model does not know, merged in Xcode's order.
  private mutating func object(
    _ extra: KeyedList<PropertyList>, member: (inout CatalogJSONOutput, String) -> Void,
    known: (inout [String]) -> Void
  ) {
    var names: [String] = []
    names.reserveCapacity(4)
    known(&names)
    if extra.isEmpty {
      var count = 0
      openObject()
      for name in names {
        self.member(name, &count)
        member(&self, name)
      }
      closeObject(count)
      return
    }
    // An unknown member goes where Xcode's order puts it among the known ones.
    var members: [(name: String, extraIndex: Int?)] = names.map { ($0, nil) }
    members += extra.elements.indices.map { (extra[$0].key, $0) }
    members.sort { PlutilKeyOrder.areInIncreasingOrder($0.name, $1.name) }
    var count = 0
    openObject()
    for entry in members {
      self.member(entry.name, &count)
      if let extraIndex = entry.extraIndex { value(extra[extraIndex].value) } else { member(&self, entry.name) }
    }
    closeObject(count)
  }

  /// An object whose members are a keyed list's, in the writer's key order.
  mutating func keyed<Value>(_ list: KeyedList<Value>, _ write: (inout CatalogJSONOutput, Value) -> Void) {
    var count = 0
    openObject()
    if keyOrder == .xcode {
      for index in xcodeOrder(of: list) {
        member(list[index].key, &count)
        write(&self, list[index].value)
      }
    } else {
      for element in list.elements {
        member(element.key, &count)
        write(&self, element.value)
      }
    }
    closeObject(count)
  }

  /// The positions of a list's members in Xcode's order. Catalogs repeat the same few lists of
  /// keys (the languages of every string, the plural categories), so a short list's order is
  /// found once and then looked up: the comparison is expensive outside plain letters.
  private mutating func xcodeOrder<Value>(of list: KeyedList<Value>) -> [Int] {
    let isShort = list.count <= 64
    // The keys' bytes, each after its length: never the same for two different lists (a
    // `String` would call canonically equivalent keys equal).
    var signature: [UInt8] = []
    if isShort {
      for element in list.elements {
        withUnsafeBytes(of: element.key.utf8.count) { signature.append(contentsOf: $0) }
        signature.append(contentsOf: element.key.utf8)
      }
      if let known = knownOrders[signature] { return known }
    }
    let units = list.elements.map { Array($0.key.utf16) }
    var order = Array(list.indices)
    // Most lists are in order already: one pass of comparisons says so.
    let isSorted = zip(order, order.dropFirst()).allSatisfy { PlutilKeyOrder.compare(units[$0], units[$1]) < 0 }
    if !isSorted { order.sort { PlutilKeyOrder.compare(units[$0], units[$1]) < 0 } }
    if isShort { knownOrders[signature] = order }
    return order
  }

  private mutating func openObject() {
    bytes.append(UInt8(ascii: "{"))
    depth += 1
  }

  /// Closes an object of `count` members: an empty one as `{`, an empty line, `}`.
  private mutating func closeObject(_ count: Int) {
    if count == 0 { bytes.append(UInt8(ascii: "\n")) }
    depth -= 1
    newline()
    bytes.append(UInt8(ascii: "}"))
  }

  /// `,` unless first, a new line, the indent, `"key" : `; counts the member.
  private mutating func member(_ key: String, _ count: inout Int) {
    if count > 0 { bytes.append(UInt8(ascii: ",")) }
    count += 1
    newline()
    string(key)
    bytes.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
  }

  private mutating func newline() {
    bytes.append(UInt8(ascii: "\n"))
    bytes.append(contentsOf: repeatElement(0x20, count: depth * 2))
  }

  // MARK: - Values

  mutating func literal(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// A JSON string, escaped as Foundation's writer escapes it.
  mutating func string(_ text: String) { bytes.appendJSONString(text) }

  /// A member the model does not know: any JSON value, in the same layout.
  mutating func value(_ value: PropertyList) {
    switch value {
    case .string(let text): string(text)
    case .integer(let number): literal(number.description)
    case .real(let number): literal(number.description)
    case .boolean(let flag): literal(flag ? "true" : "false")
    case .dictionary(let members):
      // An object the format does not define is ordered like the strings' keys.
      let list = KeyedList(members.map { KeyedList<PropertyList>.Element(key: $0.0, value: $0.1) })
      keyed(list) { $0.value($1) }
    case .array(let elements):
      bytes.append(UInt8(ascii: "["))
      depth += 1
      if elements.isEmpty { bytes.append(UInt8(ascii: "\n")) }
      for (index, element) in elements.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        newline()
        self.value(element)
      }
      depth -= 1
      newline()
      bytes.append(UInt8(ascii: "]"))
    // JSON holds none of these; a catalog read from JSON has none.
    case .date, .data, .uid: literal("null")
    }
  }
}
