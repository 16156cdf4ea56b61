extension Array where Element == UInt8 {
  /// Appends `utf8` as a JSON string, escaped as Foundation's writer escapes it: `"`, `\` and
  /// the control characters (`\b`, `\t`, `\n`, `\f`, `\r`, the others `\u00XX`); `/`, DEL and
  /// non-ASCII characters are written as they are, in UTF-8.
  // Inlined into the writers, where the loop was before it was shared: as a call of its own
  // it changed how the module's one array append is compiled, and every writer paid for it
  // (measured with callgrind).
  @inline(__always)
  package mutating func appendJSONString(_ utf8: UnsafeBufferPointer<UInt8>) {
    append(UInt8(ascii: "\""))
    // Most strings need no escape: copy the runs between escapes whole.
    var runStart = 0
    for index in 0..<utf8.count {
      let byte = utf8[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
      append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
      runStart = index + 1
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): appendEscape(byte)
      case 0x08: appendEscape(UInt8(ascii: "b"))
      case 0x09: appendEscape(UInt8(ascii: "t"))
      case 0x0A: appendEscape(UInt8(ascii: "n"))
      case 0x0C: appendEscape(UInt8(ascii: "f"))
      case 0x0D: appendEscape(UInt8(ascii: "r"))
      default:
        appendEscape(UInt8(ascii: "u"))
        append(UInt8(ascii: "0"))
        append(UInt8(ascii: "0"))
        append(ASCIIHex.lowercaseDigits[Int(byte >> 4)])
        append(ASCIIHex.lowercaseDigits[Int(byte & 0xF)])
      }
    }
    append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    append(UInt8(ascii: "\""))
  }

  /// Appends `string` as a JSON string (see `appendJSONString(_:)`).
  package mutating func appendJSONString(_ string: String) {
    var copy = string
    copy.withUTF8 { appendJSONString($0) }
  }
}
