internal import CLibXML2

/// The most attributes (namespace declarations included) one start tag may have. A property
/// list element has one at most (`<plist version="1.0">`); libxml2 checks each attribute of a
/// tag against all the tag's attributes before it, so 200,000 of them (2.3 MB) took 43 s.
enum XMLAttributeLimit {
  /// The limit.
  static let maximumCount = 256

  /// What is wrong with a start tag over the limit.
  static let message =
    "a start tag has more than \(maximumCount) attributes (the limit; a property list element has one at most)"

  /// The error for a start tag over the limit, at `position`.
  static func error(at position: XMLPosition?) -> PropertyListError {
    PropertyListError(
      .limitExceeded, format: .xml, at: position.map { .text(line: $0.line, column: $0.column) } ?? .none, message)
  }

  /// True when libxml2, in the middle of a start tag, has room for far more attributes or
  /// namespaces than the limit: its arrays grow with the tag being read (five entries an
  /// attribute, two a namespace, doubling), so this notices a flood while libxml2 reads it,
  /// long before the tag ends and at the cost of two loads per chunk of input.
  static func isFlooded(_ context: xmlParserCtxtPtr) -> Bool {
    context.pointee.maxatts > 10 * maximumCount + 10 || context.pointee.nsMax > 4 * maximumCount
  }
}
