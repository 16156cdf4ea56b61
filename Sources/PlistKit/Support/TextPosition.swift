/// Turning byte offsets of a text format into the line and column an error reports, and
/// naming the character found there.
///
/// Readers keep only a byte offset while they run (counting lines on the hot path costs
/// time on every byte); the position is worked out once, when an error is made.
package enum TextPosition {
  /// The line and column (both from 1) of `offset`, counting from `start` (after any
  /// byte-order mark). Columns count Unicode scalars, so a tab or an `é` is one column. A line
  /// ends at `\n`, at `\r\n`, or at a lone `\r`.
  package static func location(
    of offset: Int, in bytes: UnsafeRawBufferPointer, from start: Int
  )
    -> PropertyListError.Location
  {
    var cursor = Cursor(offset: start)
    cursor.advance(to: offset, in: bytes)
    return .text(line: cursor.line, column: cursor.column)
  }

  /// A place in a text and its line and column, moved forward through the text: places asked
  /// for in order cost the text between them, not the text from the start each time.
  package struct Cursor {
    package private(set) var offset: Int
    package private(set) var line = 1
    package private(set) var column = 1

    /// The cursor at `offset`, the text's start (line 1, column 1).
    package init(offset: Int) { self.offset = offset }

    /// Moves the cursor forward to `offset` (at most the end of `bytes`), counting lines and
    /// columns as ``TextPosition/location(of:in:from:)`` does.
    package mutating func advance(to offset: Int, in bytes: UnsafeRawBufferPointer) {
      let end = min(offset, bytes.count)
      var index = self.offset
      while index < end {
        let byte = bytes[index]
        if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 && byte != 0x0D {
          column += 1
        }
        index += 1
      }
      self.offset = Swift.max(self.offset, end)
    }
  }

  /// Names what is at `offset` for a "found …" message: `'x'` for a printable character,
  /// `U+000A` for a control character, `byte 0xFF` for a byte that is not UTF-8, and
  /// "the end of the input" past the end.
  package static func describe(at offset: Int, in bytes: UnsafeRawBufferPointer) -> String {
    guard offset < bytes.count else { return "the end of the input" }
    let byte = bytes[offset]
    if byte < 0x20 || byte == 0x7F { return "U+" + ASCIIHex.string(UInt32(byte), width: 4) }
    if byte < 0x80 { return "'\(Character(Unicode.Scalar(byte)))'" }
    guard let length = UTF8Validation.sequenceLength(at: offset, in: bytes, end: bytes.count) else {
      return "byte 0x" + ASCIIHex.string(UInt32(byte), width: 2)
    }
    let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
    return "'\(text)'"
  }
}
