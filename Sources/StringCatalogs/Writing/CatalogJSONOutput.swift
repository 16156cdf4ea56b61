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

  // Each object writes the members the format defines in Xcode's order; `member` puts the
  // members the model does not know among them.

  mutating func catalog(_ catalog: StringCatalog) {
    var object = openObject(extra: catalog.extraMembers)
    member("sourceLanguage", of: &object) { $0.string(catalog.sourceLanguage) }
    member("strings", of: &object) { $0.keyed(catalog.strings) { $0.entry($1) } }
    member("version", of: &object) { $0.string(catalog.version) }
    closeObject(&object)
  }

  mutating func entry(_ entry: StringCatalog.Entry) {
    var object = openObject(extra: entry.extraMembers)
    if let comment = entry.comment { member("comment", of: &object) { $0.string(comment) } }
    if let state = entry.extractionState { member("extractionState", of: &object) { $0.string(state.rawValue) } }
    if let localizations = entry.localizations {
      member("localizations", of: &object) { $0.keyed(localizations) { $0.localization($1) } }
    }
    if let shouldTranslate = entry.shouldTranslate {
      member("shouldTranslate", of: &object) { $0.literal(shouldTranslate ? "true" : "false") }
    }
    closeObject(&object)
  }

  mutating func localization(_ localization: StringCatalog.Localization) {
    var object = openObject(extra: localization.extraMembers)
    if let unit = localization.stringUnit { member("stringUnit", of: &object) { $0.stringUnit(unit) } }
    if let substitutions = localization.substitutions {
      member("substitutions", of: &object) { $0.keyed(substitutions) { $0.substitution($1) } }
    }
    if let variations = localization.variations { member("variations", of: &object) { $0.variations(variations) } }
    closeObject(&object)
  }

  mutating func stringUnit(_ unit: StringCatalog.StringUnit) {
    var object = openObject(extra: unit.extraMembers)
    member("state", of: &object) { $0.string(unit.state.rawValue) }
    member("value", of: &object) { $0.string(unit.value) }
    closeObject(&object)
  }

  mutating func variations(_ variations: StringCatalog.Variations) {
    var object = openObject(extra: variations.extraMembers)
    if let device = variations.device { member("device", of: &object) { $0.keyed(device) { $0.localization($1) } } }
    if let plural = variations.plural { member("plural", of: &object) { $0.keyed(plural) { $0.localization($1) } } }
    closeObject(&object)
  }

  mutating func substitution(_ substitution: StringCatalog.Substitution) {
    var object = openObject(extra: substitution.extraMembers)
    if let argNum = substitution.argNum { member("argNum", of: &object) { $0.literal(String(argNum)) } }
    if let specifier = substitution.formatSpecifier { member("formatSpecifier", of: &object) { $0.string(specifier) } }
    if let variations = substitution.variations { member("variations", of: &object) { $0.variations(variations) } }
    closeObject(&object)
  }

  // MARK: - Objects

  /// An object being written: how many members it has so far, and the members the model does
  /// not know, if it has any.
  private struct OpenObject {
    var count = 0
    var extra: ExtraMembers?
  }

  /// Members the model does not know, to be written where Xcode's order puts them among the
  /// known ones.
  private struct ExtraMembers {
    let list: KeyedList<PropertyList>
    /// The positions of the list's members in Xcode's order.
    let order: [Int]
    /// How many of them are written.
    var written = 0
  }

  /// Opens an object whose members the model does not know are `extra`.
  // Inlined, as `member` and `closeObject` are, so that an object without unknown members (nearly
  // every one) costs no more than the bytes it writes.
  @inline(__always)
  private mutating func openObject(extra: KeyedList<PropertyList> = KeyedList()) -> OpenObject {
    bytes.append(UInt8(ascii: "{"))
    depth += 1
    // Most objects have none: they sort nothing, and hold nothing that is counted.
    guard !extra.isEmpty else { return OpenObject() }
    let order = extra.indices.sorted { PlutilKeyOrder.areInIncreasingOrder(extra[$0].key, extra[$1].key) }
    return OpenObject(extra: ExtraMembers(list: extra, order: order))
  }

  /// The member `name` of the format, written by `write`; first the unknown members that
  /// Xcode's order puts before it.
  @inline(__always)
  private mutating func member(
    _ name: String, of object: inout OpenObject, _ write: (inout CatalogJSONOutput) -> Void
  ) {
    if object.extra != nil { writeExtraMembers(of: &object, before: name) }
    writeKey(name, counting: &object.count)
    write(&self)
  }

  /// The unknown members that Xcode's order puts before `name` (all that are left for nil).
  private mutating func writeExtraMembers(of object: inout OpenObject, before name: String?) {
    while let extra = object.extra, extra.written < extra.order.count {
      let extraMember = extra.list[extra.order[extra.written]]
      // A known member goes before an unknown one that sorts the same.
      if let name, !PlutilKeyOrder.areInIncreasingOrder(extraMember.key, name) { return }
      writeKey(extraMember.key, counting: &object.count)
      value(extraMember.value)
      object.extra?.written += 1
    }
  }

  /// An object whose members are a keyed list's, in the writer's key order.
  mutating func keyed<Value>(_ list: KeyedList<Value>, _ write: (inout CatalogJSONOutput, Value) -> Void) {
    var object = openObject()
    if keyOrder == .xcode {
      for index in xcodeOrder(of: list) {
        writeKey(list[index].key, counting: &object.count)
        write(&self, list[index].value)
      }
    } else {
      for element in list.elements {
        writeKey(element.key, counting: &object.count)
        write(&self, element.value)
      }
    }
    closeObject(&object)
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

  /// Closes an object, after the unknown members left: an empty one as `{`, an empty line, `}`.
  @inline(__always)
  private mutating func closeObject(_ object: inout OpenObject) {
    if object.extra != nil { writeExtraMembers(of: &object, before: nil) }
    if object.count == 0 { bytes.append(UInt8(ascii: "\n")) }
    depth -= 1
    newline()
    bytes.append(UInt8(ascii: "}"))
  }

  /// `,` unless first, a new line, the indent, `"key" : `; counts the member.
  private mutating func writeKey(_ key: String, counting count: inout Int) {
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
