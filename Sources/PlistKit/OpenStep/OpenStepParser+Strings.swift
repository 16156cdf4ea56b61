extension OpenStepParser {
  /// Reads an unquoted string (the cursor is on its first character); returns its range.
  mutating func parseUnquotedString() throws(PropertyListError) -> Range<Int> {
    let start = cursor
    while cursor < bytes.count, OpenStepCharacters.isUnquoted(bytes[cursor]) { cursor += 1 }
    try countDecoded(cursor - start, at: start)
    return start..<cursor
  }

  /// Reads a string in double or single quotes; the cursor is on the opening quote and ends
  /// after the closing one. Inside, any character may appear as it is (line breaks too);
  /// the escapes are those of CoreFoundation: `\a \b \f \n \r \t \v`, `\"`, `\'`, `\\`, up to
  /// three octal digits (`\012`; above `\177` a NeXTSTEP character), `\U` with four hex
  /// digits (a UTF-16 unit; surrogates must pair; fewer digits are an error, where
  /// CoreFoundation would read `\U` alone as U+0000), and a backslash before anything else
  /// stands for that character.
  ///
  /// Returns the range of the content when it has no escapes; else decodes it into
  /// ``scratch`` and returns nil (see ``withText(_:_:)``).
  mutating func parseQuotedString() throws(PropertyListError) -> Range<Int>? {
    let openingQuote = cursor
    let quote = bytes[cursor]
    cursor += 1
    let contentStart = cursor
    var escaped = false
    while cursor < bytes.count {
      let byte = bytes[cursor]
      if byte == quote {
        let content = UnsafeRawBufferPointer(rebasing: bytes[contentStart..<cursor])
        cursor += 1
        if !escaped {
          try countDecoded(content.count, at: contentStart)
          return contentStart..<(cursor - 1)
        }
        try decodeEscapes(content, at: contentStart)
        return nil
      }
      if byte == UInt8(ascii: "\\") {
        // The escaped character cannot end the string; it is decoded later.
        escaped = true
        cursor += 1
        guard cursor < bytes.count else { break }
      }
      if bytes[cursor] < 0x80 {
        cursor += 1
      } else {
        guard let length = UTF8Validation.sequenceLength(at: cursor, in: bytes, end: bytes.count) else {
          throw error(
            .invalidEncoding, at: cursor, "invalid UTF-8: byte 0x\(ASCIIHex.string(UInt32(bytes[cursor]), width: 2))")
        }
        cursor += length
      }
    }
    throw error(.unexpectedEnd, at: openingQuote, "the string that starts here has no closing quote")
  }

  /// Decodes the content of a quoted string that has escapes into ``scratch``.
  private mutating func decodeEscapes(_ content: UnsafeRawBufferPointer, at contentStart: Int) throws(PropertyListError)
  {
    scratch.removeAll(keepingCapacity: true)
    var index = 0
    while index < content.count {
      let byte = content[index]
      guard byte == UInt8(ascii: "\\") else {
        scratch.append(byte)
        index += 1
        continue
      }
      let escapeStart = index
      index += 1
      let letter = content[index]
      index += 1
      switch letter {
      case UInt8(ascii: "a"): scratch.append(0x07)
      case UInt8(ascii: "b"): scratch.append(0x08)
      case UInt8(ascii: "f"): scratch.append(0x0C)
      case UInt8(ascii: "n"): scratch.append(0x0A)
      case UInt8(ascii: "r"): scratch.append(0x0D)
      case UInt8(ascii: "t"): scratch.append(0x09)
      case UInt8(ascii: "v"): scratch.append(0x0B)
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var value = UInt32(letter - UInt8(ascii: "0"))
        var digits = 1
        while digits < 3, index < content.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(content[index]) {
          value = value << 3 | UInt32(content[index] - UInt8(ascii: "0"))
          index += 1
          digits += 1
        }
        // Three digits reach 0o777: like CoreFoundation, keep the low eight bits.
        let code = value & 0xFF
        let scalar = code < 0x80 ? code : UInt32(OpenStepCharacters.nextStepUpperHalf[Int(code) - 0x80])
        UTF8Validation.append(scalar, to: &scratch)
      case UInt8(ascii: "U"), UInt8(ascii: "u"):
        let unit = try readHexUnit(content, &index, escapeAt: contentStart + escapeStart)
        var scalar = UInt32(unit)
        if (0xD800...0xDBFF).contains(unit) {
          var lookahead = index
          guard lookahead + 1 < content.count, content[lookahead] == UInt8(ascii: "\\"),
            content[lookahead + 1] | 0x20 == UInt8(ascii: "u")
          else { throw unpairedSurrogate(unit, at: contentStart + escapeStart) }
          lookahead += 2
          let low = try readHexUnit(content, &lookahead, escapeAt: contentStart + index)
          guard (0xDC00...0xDFFF).contains(low) else { throw unpairedSurrogate(unit, at: contentStart + escapeStart) }
          index = lookahead
          scalar = 0x10000 + (UInt32(unit) - 0xD800) << 10 + (UInt32(low) - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(unit) {
          throw unpairedSurrogate(unit, at: contentStart + escapeStart)
        }
        UTF8Validation.append(scalar, to: &scratch)
      default:
        // Anything else stands for itself: `\"`, `\\`, `\'`, and any (multi-byte) character.
        scratch.append(letter)
      }
    }
    try countDecoded(scratch.count, at: contentStart)
  }

  /// Reads the four hex digits of a `\U` escape whose backslash is at byte `offset` of the
  /// input; fewer are an error there.
  private func readHexUnit(
    _ content: UnsafeRawBufferPointer, _ index: inout Int, escapeAt offset: Int
  ) throws(PropertyListError) -> UInt16 {
    var value: UInt16 = 0
    var digits = 0
    while digits < 4, index < content.count, let digit = ASCIIHex.value(of: content[index]) {
      value = value << 4 | UInt16(digit)
      index += 1
      digits += 1
    }
    guard digits == 4 else {
      let found = index < content.count ? "'\(String(decoding: [content[index]], as: UTF8.self))'" : "the closing quote"
      throw error(.syntax, at: offset, "\\U must be followed by four hex digits, found \(found)")
    }
    return value
  }

  private func unpairedSurrogate(_ unit: UInt16, at offset: Int) -> PropertyListError {
    error(
      .syntax, at: offset,
      "unpaired surrogate \\U\(ASCIIHex.string(UInt32(unit), width: 4)) in a string: a surrogate must be half of a pair"
    )
  }
}
