import PlistKit

/// The human-readable tree of `plistkit print`, in the spirit of `plutil -p`: one value per
/// line, `"key" => value` in dictionaries (in file order), `index => value` in arrays.
///
/// Types stay visible where text alone would be ambiguous: reals always show a decimal point
/// or exponent (`1.0`), strings are quoted, dates are ISO 8601 (`2001-01-01T00:00:00Z`), data
/// is a length and a short hex preview, UIDs are `<uid N>`.
struct TreePrinter {
  /// The colours, or none.
  var palette: Palette
  /// Bytes of data shown before the preview is cut.
  var dataPreviewLength = 16

  /// The most bytes to write (see ``ExpansionCheck/refuseLargeTree(_:limit:path:)``, which
  /// weighs the least the tree makes before anything is written; indentation can add more).
  var maximumOutputSize = Int.max

  /// Writes the tree to `output` in pieces, so a large file never builds one huge string.
  ///
  /// - Throws: a ``PropertyListError/Kind/limitExceeded`` error once the text passes
  ///   ``maximumOutputSize``, having written what came before.
  func write(_ value: PropertyList, to output: BufferedOutput) throws(PropertyListError) {
    var text = ""
    var written = 0
    let limit = maximumOutputSize
    let complete = append(value, indent: 0, to: &text) { pending in
      written &+= pending.utf8.count
      guard written <= limit else { return false }
      output.write(pending)
      pending = ""
      return true
    }
    guard complete, written &+ text.utf8.count < limit else {
      throw PropertyListWritingOptions.outputLimitError(
        "the printed text passed \(limit) bytes while it was written", limit: limit, format: nil)
    }
    text.append("\n")
    output.write(text)
  }

  /// Indentation strings for the usual depths, made once.
  private static let indentations: [String] = (0..<64).map { String(repeating: "  ", count: $0) }

  private static func indentation(_ depth: Int) -> String {
    depth < indentations.count ? indentations[depth] : String(repeating: "  ", count: depth)
  }

  /// Text collected before it is handed to the flush function.
  private static let flushSize = 1 << 16

  /// Appends `value`'s tree to `text`, flushing it as it grows; false once `flush` says the
  /// output is over its limit.
  private func append(
    _ value: PropertyList, indent: Int, to text: inout String, flush: (inout String) -> Bool
  ) -> Bool {
    if text.utf8.count >= Self.flushSize, !flush(&text) { return false }
    switch value {
    case .dictionary(let dictionary):
      guard !dictionary.isEmpty else {
        text.append("{}")
        return true
      }
      text.append("{\n")
      for (key, element) in dictionary {
        text.append(Self.indentation(indent + 1))
        text.append(palette.paint(Self.quoted(key), .key))
        text.append(" => ")
        guard append(element, indent: indent + 1, to: &text, flush: flush) else { return false }
        text.append("\n")
      }
      text.append(Self.indentation(indent) + "}")
    case .array(let array):
      guard !array.isEmpty else {
        text.append("[]")
        return true
      }
      text.append("[\n")
      for (index, element) in array.enumerated() {
        text.append(Self.indentation(indent + 1))
        text.append("\(index) => ")
        guard append(element, indent: indent + 1, to: &text, flush: flush) else { return false }
        text.append("\n")
      }
      text.append(Self.indentation(indent) + "]")
    default:
      text.append(scalar(value))
    }
    return true
  }

  /// One non-container value.
  func scalar(_ value: PropertyList) -> String {
    switch value {
    case .string(let string): palette.paint(Self.quoted(string), .string)
    case .integer(let integer): palette.paint(integer.description, .number)
    case .real(let real): palette.paint(Self.realText(real), .number)
    case .boolean(let flag): palette.paint(flag ? "true" : "false", .boolean)
    case .date(let date): palette.paint(date.shownText, .date)
    case .data(let bytes): palette.paint(dataPreview(bytes), .opaque)
    case .uid(let uid): palette.paint("<uid \(uid)>", .opaque)
    case .array(let array): "[\(counted(array.count, "element"))]"
    case .dictionary(let dictionary): "{\(counted(dictionary.count, "entry", "entries"))}"
    }
  }

  /// `<3 bytes 0x0001ff>`, cut with `…` after the preview length.
  func dataPreview(_ bytes: [UInt8]) -> String {
    let digits: [Character] = Array("0123456789abcdef")
    var hex = ""
    for byte in bytes.prefix(dataPreviewLength) {
      hex.append(digits[Int(byte >> 4)])
      hex.append(digits[Int(byte & 0x0F)])
    }
    let unit = bytes.count == 1 ? "byte" : "bytes"
    if bytes.isEmpty { return "<0 bytes>" }
    return "<\(bytes.count) \(unit) 0x\(hex)\(bytes.count > dataPreviewLength ? "…" : "")>"
  }

  /// A real that never reads as an integer: `1.0`, `1.5`, `1e+100`, `nan`, `inf`.
  static func realText(_ real: Double) -> String { real.description }

  /// A string in double quotes, with quotes, backslashes and whatever could break a line
  /// (see ``LineSafeText``) escaped, so that one value stays on one line.
  static func quoted(_ string: String) -> String {
    var text = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text.append("\\\"")
      case "\\": text.append("\\\\")
      default:
        if let escape = LineSafeText.escape(scalar) { text.append(escape) } else { text.unicodeScalars.append(scalar) }
      }
    }
    text.append("\"")
    return text
  }
}
