import PlistKit

/// What the tokens of a document's text stand for: a key's string, a container's brackets.
enum SyntaxText {
  /// The string a key node (or a string node) stands for. Tokens without escapes are their
  /// own bytes; the others are decoded by the format's own reader, so that a key means exactly
  /// what it means to the reader.
  static func string(_ text: [UInt8], _ span: Range<Int>, format: PropertyListFormat) -> String {
    if let raw = rawContent(text, span, format: format) {
      return String(decoding: text[raw], as: UTF8.self)
    }
    let token: [UInt8]
    switch format {
    case .xml:
      let content = xmlContent(text, span)
      token = Array("<string>".utf8) + text[content] + Array("</string>".utf8)
    default:
      token = Array(text[span])
    }
    let decoded = try? PropertyList(bytes: token, format: format)
    return decoded?.stringValue ?? String(decoding: text[span], as: UTF8.self)
  }

  /// True when the key or string at `span` stands for the string whose UTF-8 is `utf8`.
  static func matches(_ text: [UInt8], _ span: Range<Int>, format: PropertyListFormat, utf8: [UInt8]) -> Bool {
    if let raw = rawContent(text, span, format: format) { return text[raw].elementsEqual(utf8) }
    return Array(string(text, span, format: format).utf8) == utf8
  }

  /// The range of a token's characters when they need no decoding (no escape, entity, CDATA
  /// or carriage return); nil when they do.
  static func rawContent(_ text: [UInt8], _ span: Range<Int>, format: PropertyListFormat) -> Range<Int>? {
    switch format {
    case .xml:
      let content = xmlContent(text, span)
      return text[content].contains { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == 0x0D }
        ? nil : content
    default:
      let first = text[span.lowerBound]
      guard first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") else { return span }
      let content = (span.lowerBound + 1)..<(span.upperBound - 1)
      return text[content].contains(UInt8(ascii: "\\")) ? nil : content
    }
  }

  /// The content of an XML element: between its start tag and its end tag (empty for `<key/>`).
  static func xmlContent(_ text: [UInt8], _ span: Range<Int>) -> Range<Int> {
    var open = span.lowerBound
    while text[open] != UInt8(ascii: ">") { open += 1 }
    if text[open - 1] == UInt8(ascii: "/") { return (open + 1)..<(open + 1) }
    var close = span.upperBound - 1
    while text[close] != UInt8(ascii: "<") { close -= 1 }
    return (open + 1)..<close
  }
}
