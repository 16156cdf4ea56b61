/// Lines of a document's text: where they start and end, and what they are indented with. A
/// line ends at `\n`, `\r\n` or a lone `\r`.
enum TextLines {
  /// The start of the line before the line that starts at `lineStart` (which must not be 0).
  static func previousLineStart(_ text: [UInt8], _ lineStart: Int) -> Int {
    var end = lineStart - 1
    if end > 0, text[end] == 0x0A, text[end - 1] == 0x0D { end -= 1 }
    return self.lineStart(text, end)
  }

  /// The offset where the line holding `offset` starts.
  static func lineStart(_ text: [UInt8], _ offset: Int) -> Int {
    var index = offset
    while index > 0, text[index - 1] != 0x0A, text[index - 1] != 0x0D { index -= 1 }
    return index
  }

  /// The offset of the line ending of the line holding `offset` (the text's end for the
  /// last line).
  static func lineEnd(_ text: [UInt8], _ offset: Int) -> Int {
    var index = offset
    while index < text.count, text[index] != 0x0A, text[index] != 0x0D { index += 1 }
    return index
  }

  /// The offset after the line ending at `lineEnd` (the start of the next line).
  static func afterLineEnding(_ text: [UInt8], _ lineEnd: Int) -> Int {
    guard lineEnd < text.count else { return lineEnd }
    if text[lineEnd] == 0x0D, lineEnd + 1 < text.count, text[lineEnd + 1] == 0x0A { return lineEnd + 2 }
    return lineEnd + 1
  }

  /// The spaces and tabs that start the line holding `offset`.
  static func indentation(_ text: [UInt8], _ offset: Int) -> [UInt8] {
    let start = lineStart(text, offset)
    var end = start
    while end < text.count, text[end] == 0x20 || text[end] == 0x09 { end += 1 }
    return Array(text[start..<end])
  }

  /// True when only spaces and tabs lie in `range`.
  static func isBlank(_ text: [UInt8], _ range: Range<Int>) -> Bool {
    text[range].allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  /// True when a line break lies in `range`.
  static func hasLineBreak(_ text: [UInt8], _ range: Range<Int>) -> Bool {
    text[range].contains { $0 == 0x0A || $0 == 0x0D }
  }

  /// `text`'s line feeds replaced by `ending`, and every line after the first prefixed with
  /// `indentation`, except the lines `keep` says are inside a value (a multi-line string).
  static func placed(
    _ text: [UInt8], indentation: [UInt8], ending: [UInt8], keep: (Int) -> Bool = { _ in false }
  ) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(text.count + 16)
    var line = 0
    for byte in text {
      if byte == 0x0A {
        output.append(contentsOf: ending)
        line += 1
        if !keep(line) { output.append(contentsOf: indentation) }
      } else {
        output.append(byte)
      }
    }
    return output
  }
}
