import PlistKit

/// Where each entry's key is in a table's text, found in one more read of it: only a check that
/// has problems to place pays for it. The entries are those of the top-level member `strings`
/// in a catalog, or those of the top-level dictionary in a `.strings` or `.stringsdict` file.
struct EntryKeyLocator: PropertyListEventSink {
  private var locator = PropertyListLocator.none
  private var cursor: TextPosition.Cursor?
  /// Open containers: 1 inside the top-level object.
  private var depth = 0
  /// The top-level member whose object holds the entries; nil for the top level itself.
  private let member: String?
  /// True after the top-level key ``member``, until its value begins.
  private var nextIsStrings = false
  /// The depth of the entries' object while it is open.
  private var stringsDepth: Int?
  /// The first place of each key, by its bytes (a repeated key's value is the last, at the first
  /// place, as the reader keeps it).
  private(set) var places: [[UInt8]: (line: Int, column: Int)] = [:]

  private init(member: String?) {
    self.member = member
    stringsDepth = member == nil ? 1 : nil
  }

  /// The line and column of each string's key in a catalog's `bytes`; empty when the text
  /// cannot be read.
  static func locations(in bytes: UnsafeRawBufferPointer) -> [[UInt8]: (line: Int, column: Int)] {
    var sink = EntryKeyLocator(member: "strings")
    let options = PropertyListReadingOptions(jsonStyle: .plain, detectsTypedJSON: false)
    _ = try? PropertyList.read(bytes: bytes, format: .json, options: options, into: &sink)
    return sink.places
  }

  /// The line and column of each top-level key of a text property list (a `.stringsdict` in XML,
  /// a `.strings` file); empty for a binary one, which has no lines, or one that cannot be read.
  static func topLevelLocations(in bytes: UnsafeRawBufferPointer) -> [[UInt8]: (line: Int, column: Int)] {
    var sink = EntryKeyLocator(member: nil)
    _ = try? PropertyList.read(bytes: bytes, into: &sink)
    return sink.places
  }

  mutating func start(locator: PropertyListLocator) {
    self.locator = locator
  }

  private mutating func open() {
    depth += 1
    if nextIsStrings {
      stringsDepth = depth
      nextIsStrings = false
    }
  }

  private mutating func close() {
    if depth == stringsDepth, member != nil { stringsDepth = nil }
    depth -= 1
  }

  mutating func beginArray() throws(PropertyListError) {
    nextIsStrings = false
    open()
  }

  mutating func beginDictionary() throws(PropertyListError) { open() }

  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    if depth == 1, let member {
      nextIsStrings = utf8.elementsEqual(member.utf8)
    } else if depth == stringsDepth {
      let key = Array(utf8)
      if places[key] == nil, case .text(let line, let column) = locator.location(of: locator.position, after: &cursor) {
        places[key] = (line, column)
      }
    }
  }

  mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) { nextIsStrings = false }

  mutating func scalar(_ value: PropertyList) throws(PropertyListError) { nextIsStrings = false }

  mutating func endArray() throws(PropertyListError) { close() }

  mutating func endDictionary() throws(PropertyListError) { close() }
}
