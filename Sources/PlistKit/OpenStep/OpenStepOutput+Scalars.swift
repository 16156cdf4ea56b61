extension OpenStepOutput {
  /// Appends a string: bare when every character is one CoreFoundation reads unquoted (and it
  /// has no `//`, which would start a comment), else in double quotes with `"`, `\` and
  /// control characters escaped. Other characters are written as they are, in UTF-8.
  /// `alwaysQuoted` is for a string alone at the top level, where a bare `123` or `true`
  /// would be taken for JSON by format detection.
  mutating func appendString(_ string: String, alwaysQuoted: Bool = false) {
    var copy = string
    copy.withUTF8 { appendString(utf8: $0, alwaysQuoted: alwaysQuoted) }
  }

  /// Appends a string from its UTF-8 bytes, as ``appendString(_:alwaysQuoted:)`` does.
  mutating func appendString(utf8: UnsafeBufferPointer<UInt8>, alwaysQuoted: Bool = false) {
    var needsQuotes = utf8.isEmpty || alwaysQuoted
    var previous: UInt8 = 0
    for byte in utf8 {
      if !OpenStepCharacters.isUnquoted(byte) || (byte == UInt8(ascii: "/") && previous == byte) {
        needsQuotes = true
        break
      }
      previous = byte
    }
    guard needsQuotes else {
      bytes.append(contentsOf: utf8)
      return
    }
    bytes.appendBackslashQuoted(utf8) { byte, bytes in
      // Octal, which every OpenStep reader knows.
      bytes.append(UInt8(ascii: "\\"))
      bytes.append(UInt8(ascii: "0") + (byte >> 6))
      bytes.append(UInt8(ascii: "0") + (byte >> 3 & 7))
      bytes.append(UInt8(ascii: "0") + (byte & 7))
    }
  }

  /// Appends `<0fbd7a00 11>`: lower-case hex, a space after every four bytes.
  mutating func appendData(_ data: [UInt8]) {
    bytes.reserveCapacity(bytes.count + data.count * 9 / 4 + 2)
    bytes.append(UInt8(ascii: "<"))
    for (index, byte) in data.enumerated() {
      if index > 0 && index % 4 == 0 { bytes.append(UInt8(ascii: " ")) }
      bytes.append(ASCIIHex.lowercaseDigits[Int(byte >> 4)])
      bytes.append(ASCIIHex.lowercaseDigits[Int(byte & 0xF)])
    }
    bytes.append(UInt8(ascii: ">"))
  }
}
