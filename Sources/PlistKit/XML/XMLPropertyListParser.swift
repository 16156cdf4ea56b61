internal import CLibXML2

/// The state of one XML read. libxml2 drives it through SAX2 callbacks (see
/// `XMLPropertyListParser+SAX.swift`) that reach it through a pointer (a struct behind a
/// pointer needs no exclusivity checks on every access, as a class would), and it builds `PropertyList` values as elements close:
/// there is no DOM, and nesting lives in an explicit stack, so no input can make it recurse.
struct XMLPropertyListParser {
  /// An open `<array>` or `<dict>` and what it has collected so far.
  struct Container {
    /// True for `<dict>`, false for `<array>`.
    let isDictionary: Bool
    /// The elements of an array.
    var elements: [PropertyList] = []
    /// The entries of a dictionary.
    var dictionary = PropertyListDictionary()
    /// The key read last in a dictionary, waiting for its value.
    var pendingKey: String?
  }

  /// The element of text content being read (`<string>`, `<integer>`…), and where its tag starts.
  struct OpenScalar {
    let element: XMLElementName
    let line: Int
    let column: Int
  }

  let limits: PropertyListLimits
  /// The libxml2 parser, set once it exists; the source of line and column numbers.
  var context: xmlParserCtxtPtr?

  var containers: [Container] = []
  var openScalar: OpenScalar?
  /// The text of the open scalar element, as UTF-8 (libxml2 has already checked and
  /// converted the encoding and replaced the predefined entities).
  var text: [UInt8] = []
  /// True between `<plist>` and `</plist>`.
  var insidePlist = false
  /// The finished top-level value.
  var root: PropertyList?

  var objectCount = 0
  var decodedSize = 0
  var keys = XMLKeyInterner()

  /// True when the input holds nothing but white space (and a byte-order mark).
  var inputIsBlank = false

  /// The first problem found; once set, libxml2 is stopped and every callback returns at once.
  var failure: PropertyListError?

  init(limits: PropertyListLimits) {
    self.limits = limits
  }

  /// Records the first failure and stops libxml2.
  mutating func fail(_ kind: PropertyListError.Kind, at position: XMLPosition?, _ message: String) {
    guard failure == nil else { return }
    let location: PropertyListError.Location =
      position.map { .text(line: $0.line, column: $0.column) } ?? .none
    failure = PropertyListError(kind, format: .xml, at: location, message)
    if let context { xmlStopParser(context) }
  }
}
