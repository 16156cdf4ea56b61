import PlistKit

/// Builds a ``StringCatalog`` straight from the JSON reader's events: no value of the whole
/// document is ever made, so a catalog costs its model and not a tree of it besides.
///
/// One frame per open object of the catalog's grammar, innermost last; a member's value is
/// taken by the frame of its object, by the member's name. A member the model does not know is
/// built as a `PropertyList` and kept. A member of the wrong type is an error at its place, with
/// its key path; a missing member one at the place of the object that lacks it.
struct CatalogEventDecoder: PropertyListEventSink {
  /// The finished catalog.
  private(set) var catalog: StringCatalog?

  private var locator = PropertyListLocator.none
  /// True to note where each string's key is, for the checks.
  var locatesEntries = false
  /// With ``locatesEntries``, the line and column of each string's key, at its first place.
  private(set) var entryPlaces: [[UInt8]: (line: Int, column: Int)] = [:]
  private var placeCursor: TextPosition.Cursor?
  private var frames: [Frame] = []
  /// The keys of the open members, for errors: one per frame, the key of the member being read
  /// in it (nil before its first).
  private var keys: [String?] = []
  /// The value of an unknown member while it is being read, and how deep in it the reader is.
  private var unknown: PropertyListTreeBuilder?
  private var unknownDepth = 0

  /// What an open object has collected so far, held by reference: an enum payload taken out
  /// of the stack, changed and put back is a second reference to its array while it changes,
  /// and every string appended to a catalog's list of strings then copied the whole list.
  private final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
  }

  /// An open object of the catalog, and what it has collected so far.
  private enum Frame {
    case catalog(Box<CatalogParts>, start: PropertyListLocator.Position)
    case entries(Box<KeyedList<StringCatalog.Entry>>)
    case entry(Box<StringCatalog.Entry>)
    /// The localizations of an entry or of a plural or device variation, by language or case.
    case localizations(Box<KeyedList<StringCatalog.Localization>>)
    case localization(Box<StringCatalog.Localization>)
    case stringUnit(Box<StringUnitParts>, start: PropertyListLocator.Position)
    case variations(Box<StringCatalog.Variations>)
    case substitutions(Box<KeyedList<StringCatalog.Substitution>>)
    case substitution(Box<StringCatalog.Substitution>)
  }

  private struct CatalogParts {
    var sourceLanguage: String?
    var version: String?
    var strings: KeyedList<StringCatalog.Entry>?
    var extra = KeyedList<PropertyList>()
  }

  private struct StringUnitParts {
    var state: String?
    var value: String?
    var extra = KeyedList<PropertyList>()
  }

  /// What a member's value is for, by its object and name.
  private enum Slot {
    case sourceLanguage, version, strings
    case comment, extractionState, shouldTranslate, entryLocalizations
    case entry, localization
    case stringUnit, variations, substitutions
    case state, value
    case plural, device
    case substitution
    case argNum, formatSpecifier, substitutionVariations
    /// The top-level value.
    case root
    /// A member the model does not know.
    case unknown
  }

  mutating func start(locator: PropertyListLocator) {
    self.locator = locator
  }

  // MARK: - Events

  mutating func beginDictionary() throws(PropertyListError) {
    if try forwardToUnknown({ builder in builder.beginDictionary() }, opens: true) {
      return
    }
    let position = locator.position
    let frame: Frame
    switch slot() {
    case .root: frame = .catalog(Box(CatalogParts()), start: position)
    case .strings: frame = .entries(Box(KeyedList()))
    case .entry: frame = .entry(Box(StringCatalog.Entry()))
    case .entryLocalizations, .plural, .device: frame = .localizations(Box(KeyedList()))
    case .localization: frame = .localization(Box(StringCatalog.Localization()))
    case .stringUnit: frame = .stringUnit(Box(StringUnitParts()), start: position)
    case .variations, .substitutionVariations: frame = .variations(Box(StringCatalog.Variations()))
    case .substitutions: frame = .substitutions(Box(KeyedList()))
    case .substitution: frame = .substitution(Box(StringCatalog.Substitution()))
    case .unknown:
      try startUnknown { builder in builder.beginDictionary() }
      return
    case let other: throw mismatch(other, found: "an object")
    }
    frames.append(frame)
    keys.append(nil)
  }

  mutating func beginArray() throws(PropertyListError) {
    if try forwardToUnknown({ builder in builder.beginArray() }, opens: true) { return }
    let slot = slot()
    guard slot == .unknown else { throw mismatch(slot, found: "an array") }
    try startUnknown { builder in builder.beginArray() }
  }

  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    if try forwardToUnknown({ builder in builder.key(utf8) }, opens: false) { return }
    keys[keys.count - 1] = String(decoding: utf8, as: UTF8.self)
    if locatesEntries, case .entries = frames[frames.count - 1] {
      let key = Array(utf8)
      if entryPlaces[key] == nil,
        case .text(let line, let column) = locator.location(of: locator.position, after: &placeCursor)
      {
        entryPlaces[key] = (line, column)
      }
    }
  }

  mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    if try forwardToUnknown({ builder in builder.string(utf8) }, opens: false) {
      return
    }
    let slot = slot()
    guard !frames.isEmpty else { throw mismatch(slot, found: "a string") }
    let text = String(decoding: utf8, as: UTF8.self)
    switch (slot, frames[frames.count - 1]) {
    case (.sourceLanguage, .catalog(let parts, _)): parts.value.sourceLanguage = text
    case (.version, .catalog(let parts, _)): parts.value.version = text
    case (.comment, .entry(let entry)): entry.value.comment = text
    case (.extractionState, .entry(let entry)): entry.value.extractionState = .init(rawValue: text)
    case (.state, .stringUnit(let parts, _)): parts.value.state = text
    case (.value, .stringUnit(let parts, _)): parts.value.value = text
    case (.formatSpecifier, .substitution(let substitution)): substitution.value.formatSpecifier = text
    case (.unknown, _): keep(.string(text))
    default: throw mismatch(slot, found: "a string")
    }
  }

  mutating func scalar(_ value: PropertyList) throws(PropertyListError) {
    if try forwardToUnknown({ builder in builder.scalar(value) }, opens: false) {
      return
    }
    let slot = slot()
    guard !frames.isEmpty else { throw mismatch(slot, found: Self.kind(of: value)) }
    switch (slot, value, frames[frames.count - 1]) {
    case (.shouldTranslate, .boolean(let flag), .entry(let entry)): entry.value.shouldTranslate = flag
    case (.argNum, .integer(let number), .substitution(let substitution)):
      guard let small = number.int64Value.flatMap({ Int(exactly: $0) }) else {
        throw error("expected an integer of 64 bits, found \(number)")
      }
      substitution.value.argNum = small
    case (.unknown, _, _): keep(value)
    default: throw mismatch(slot, found: Self.kind(of: value))
    }
  }

  mutating func endArray() throws(PropertyListError) {
    _ = try forwardToUnknown({ builder in builder.endArray() }, opens: false, closes: true)
  }

  mutating func endDictionary() throws(PropertyListError) {
    if try forwardToUnknown(
      { builder in builder.endDictionary() }, opens: false, closes: true)
    {
      return
    }
    let frame = frames.removeLast()
    let finished = try finish(frame)
    keys.removeLast()
    guard !frames.isEmpty else {
      guard case .catalog = frame else { return }
      catalog = finishedCatalog
      return
    }
    try deliver(finished)
  }

  // MARK: - Objects

  /// A finished object's value, for its parent.
  private enum Finished {
    case entries(KeyedList<StringCatalog.Entry>)
    case entry(StringCatalog.Entry)
    case localizations(KeyedList<StringCatalog.Localization>)
    case localization(StringCatalog.Localization)
    case stringUnit(StringCatalog.StringUnit)
    case variations(StringCatalog.Variations)
    case substitutions(KeyedList<StringCatalog.Substitution>)
    case substitution(StringCatalog.Substitution)
    case catalog
  }

  private var finishedCatalog: StringCatalog?

  private mutating func finish(_ frame: Frame) throws(PropertyListError) -> Finished {
    switch frame {
    case .catalog(let box, let start):
      let parts = box.value
      guard let sourceLanguage = parts.sourceLanguage else { throw missing("sourceLanguage", at: start) }
      guard let strings = parts.strings else { throw missing("strings", at: start) }
      guard let version = parts.version else { throw missing("version", at: start) }
      finishedCatalog = StringCatalog(
        sourceLanguage: sourceLanguage, version: version, strings: strings, extraMembers: parts.extra)
      return .catalog
    case .entries(let box): return .entries(box.value)
    case .entry(let box): return .entry(box.value)
    case .localizations(let box): return .localizations(box.value)
    case .localization(let box): return .localization(box.value)
    case .stringUnit(let box, let start):
      let parts = box.value
      guard let state = parts.state else { throw missing("state", at: start) }
      guard let value = parts.value else { throw missing("value", at: start) }
      return .stringUnit(
        StringCatalog.StringUnit(state: .init(rawValue: state), value: value, extraMembers: parts.extra))
    case .variations(let box): return .variations(box.value)
    case .substitutions(let box): return .substitutions(box.value)
    case .substitution(let box): return .substitution(box.value)
    }
  }

  /// Hands a finished object to the frame of the object it is a member of.
  private mutating func deliver(_ finished: Finished) throws(PropertyListError) {
    let key = keys[keys.count - 1] ?? ""
    switch (frames[frames.count - 1], finished) {
    case (.catalog(let parts, _), .entries(let list)): parts.value.strings = list
    case (.entries(let list), .entry(let entry)): list.value.elements.append(.init(key: key, value: entry))
    case (.entry(let entry), .localizations(let list)): entry.value.localizations = list
    case (.localizations(let list), .localization(let localization)):
      list.value.elements.append(.init(key: key, value: localization))
    case (.localization(let localization), .stringUnit(let unit)): localization.value.stringUnit = unit
    case (.localization(let localization), .variations(let variations)): localization.value.variations = variations
    case (.localization(let localization), .substitutions(let list)): localization.value.substitutions = list
    case (.variations(let variations), .localizations(let list)):
      if key == "plural" { variations.value.plural = list } else { variations.value.device = list }
    case (.substitutions(let list), .substitution(let substitution)):
      list.value.elements.append(.init(key: key, value: substitution))
    case (.substitution(let substitution), .variations(let variations)): substitution.value.variations = variations
    default: preconditionFailure("an object finished where its parent does not take it")
    }
  }

  /// What the value that begins now is for: the open object's member of the current key.
  private func slot() -> Slot {
    guard let frame = frames.last else { return .root }
    let key = keys[keys.count - 1] ?? ""
    switch frame {
    case .catalog:
      switch key {
      case "sourceLanguage": return .sourceLanguage
      case "version": return .version
      case "strings": return .strings
      default: return .unknown
      }
    case .entries: return .entry
    case .entry:
      switch key {
      case "comment": return .comment
      case "extractionState": return .extractionState
      case "shouldTranslate": return .shouldTranslate
      case "localizations": return .entryLocalizations
      default: return .unknown
      }
    case .localizations: return .localization
    case .localization:
      switch key {
      case "stringUnit": return .stringUnit
      case "variations": return .variations
      case "substitutions": return .substitutions
      default: return .unknown
      }
    case .stringUnit:
      switch key {
      case "state": return .state
      case "value": return .value
      default: return .unknown
      }
    case .variations:
      switch key {
      case "plural": return .plural
      case "device": return .device
      default: return .unknown
      }
    case .substitutions: return .substitution
    case .substitution:
      switch key {
      case "argNum": return .argNum
      case "formatSpecifier": return .formatSpecifier
      case "variations": return .substitutionVariations
      default: return .unknown
      }
    }
  }

  // MARK: - Unknown members

  /// Sends an event to the unknown member being read, if there is one; true when it took it.
  private mutating func forwardToUnknown(
    _ event: (inout PropertyListTreeBuilder) throws(PropertyListError) -> Void, opens: Bool, closes: Bool = false
  ) throws(PropertyListError) -> Bool {
    guard var builder = unknown else { return false }
    unknown = nil
    try event(&builder)
    if opens { unknownDepth += 1 }
    if closes { unknownDepth -= 1 }
    if unknownDepth == 0, let value = builder.root {
      keep(value)
    } else {
      unknown = builder
    }
    return true
  }

  private mutating func startUnknown(
    _ event: (inout PropertyListTreeBuilder) throws(PropertyListError) -> Void
  ) throws(PropertyListError) {
    var builder = PropertyListTreeBuilder()
    try event(&builder)
    unknown = builder
    unknownDepth = 1
  }

  /// Keeps an unknown member's value in its object.
  private mutating func keep(_ value: PropertyList) {
    let member = KeyedList<PropertyList>.Element(key: keys[keys.count - 1] ?? "", value: value)
    switch frames[frames.count - 1] {
    case .catalog(let parts, _): parts.value.extra.elements.append(member)
    case .entry(let entry): entry.value.extraMembers.elements.append(member)
    case .localization(let localization): localization.value.extraMembers.elements.append(member)
    case .stringUnit(let parts, _): parts.value.extra.elements.append(member)
    case .variations(let variations): variations.value.extraMembers.elements.append(member)
    case .substitution(let substitution): substitution.value.extraMembers.elements.append(member)
    default: preconditionFailure("an unknown member in an object whose every member is known")
    }
  }

  // MARK: - Errors

  /// `KEY.PATH: message` at the place of the value being read.
  private func error(
    _ message: String, at position: PropertyListLocator.Position? = nil, path: [String]? = nil
  )
    -> PropertyListError
  {
    let components = path ?? keys.compactMap { $0 }
    let keyPath = components.isEmpty ? "(root)" : PropertyListKeyPath(components: components).description
    return PropertyListError(
      .invalidValue, format: .json, at: locator.location(of: position ?? locator.position), "\(keyPath): \(message)")
  }

  /// A member missing from the innermost object (just closed), at the object's start.
  private func missing(_ member: String, at start: PropertyListLocator.Position) -> PropertyListError {
    error("missing member \"\(member)\"", at: start, path: keys.dropLast().compactMap { $0 })
  }

  private func mismatch(_ slot: Slot, found: String) -> PropertyListError {
    let expected =
      switch slot {
      case .root: "a String Catalog's object"
      case .sourceLanguage, .version, .comment, .extractionState, .state, .value, .formatSpecifier: "a string"
      case .shouldTranslate: "true or false"
      case .argNum: "an integer"
      case .strings, .entryLocalizations, .plural, .device, .substitutions: "an object"
      case .entry: "an entry's object"
      case .localization: "a localization's object"
      case .stringUnit: "a string unit's object"
      case .variations, .substitutionVariations: "a variations object"
      case .substitution: "a substitution's object"
      case .unknown: "a value"
      }
    return error("expected \(expected), found \(found)")
  }

  private static func kind(of value: PropertyList) -> String {
    switch value {
    case .string: "a string"
    case .integer: "an integer"
    case .real: "a number"
    case .boolean: "a boolean"
    case .array: "an array"
    case .dictionary: "an object"
    case .date, .data, .uid: "a \(value.kind)"
    }
  }
}
