/// Word wrapping for help text.
enum TextWrapping {
  /// Wraps `text` to `width` columns, indenting every line by `indent` spaces. Blank lines
  /// (paragraph breaks) are kept; a line starting with spaces is kept as it is (examples).
  static func wrap(_ text: String, width: Int = 80, indent: Int = 0) -> String {
    let pad = String(repeating: " ", count: indent)
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if paragraph.isEmpty || paragraph.hasPrefix(" ") {
        lines.append(paragraph.isEmpty ? "" : pad + paragraph)
        continue
      }
      var line = ""
      for word in paragraph.split(separator: " ") {
        if !line.isEmpty, indent + line.count + 1 + word.count > width {
          lines.append(pad + line)
          line = ""
        }
        line += line.isEmpty ? String(word) : " " + word
      }
      lines.append(pad + line)
    }
    return lines.joined(separator: "\n")
  }

  /// A two-column row: `label` padded to `column`, then `text` wrapped in the second column.
  static func row(_ label: String, _ text: String, column: Int = 26, width: Int = 80) -> String {
    let body = wrap(text, width: width, indent: column)
    let labelPart = "  " + label
    if labelPart.count + 2 <= column {
      let first = labelPart + String(repeating: " ", count: column - labelPart.count)
      return first + body.dropFirst(column)
    }
    return labelPart + "\n" + body
  }
}
