extension JSONParser {
  /// Reads a string; the cursor is on its opening quote and ends after the closing one.
  ///
  /// The common string has no escapes: it is validated in one scan and its range in the
  /// input returned. A string with escapes is decoded into ``scratch``, and nil returned (see
  /// ``withText(_:_:)``).
  mutating func parseString() throws(PropertyListError) -> Range<Int>? {
    let openingQuote = cursor
    cursor += 1
    let contentStart = cursor
    while cursor < bytes.count {
      let byte = bytes[cursor]
      if byte == UInt8(ascii: "\"") {
        let content = contentStart..<cursor
        cursor += 1
        try countDecoded(content.count, at: contentStart)
        return content
      }
      if byte == UInt8(ascii: "\\") { return try parseEscapedString(from: contentStart, openingQuote: openingQuote) }
      try advanceOverCharacter(byte)
    }
    throw unterminatedString(openingQuote)
  }

  /// Moves past one unescaped character of a string, checking it.
  @inline(__always)
  private mutating func advanceOverCharacter(_ byte: UInt8) throws(PropertyListError) {
    if byte >= 0x20 && byte < 0x80 {
      cursor += 1
    } else if byte < 0x20 {
      throw error(
        .syntax, at: cursor,
        "control character U+\(ASCIIHex.string(UInt32(byte), width: 4)) must be escaped in a string")
    } else {
      guard let length = UTF8Validation.sequenceLength(at: cursor, in: bytes, end: bytes.count) else {
        throw error(.invalidEncoding, at: cursor, "invalid UTF-8: byte 0x\(ASCIIHex.string(UInt32(byte), width: 2))")
      }
      cursor += length
    }
  }

  private mutating func parseEscapedString(
    from contentStart: Int, openingQuote: Int
  ) throws(PropertyListError)
    -> Range<Int>?
  {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[contentStart..<cursor]))
    while cursor < bytes.count {
      let byte = bytes[cursor]
      if byte == UInt8(ascii: "\"") {
        cursor += 1
        try countDecoded(scratch.count, at: contentStart)
        return nil
      }
      if byte == UInt8(ascii: "\\") {
        try parseEscape()
        continue
      }
      let start = cursor
      try advanceOverCharacter(byte)
      scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<cursor]))
    }
    throw unterminatedString(openingQuote)
  }

  /// Decodes the escape at the cursor into ``scratch``.
  private mutating func parseEscape() throws(PropertyListError) {
    let escapeStart = cursor
    cursor += 1
    guard cursor < bytes.count else { throw expected("an escaped character after '\\'") }
    let letter = bytes[cursor]
    cursor += 1
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(letter)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      let unit = try parseHexQuad()
      var scalar = UInt32(unit)
      if (0xD800...0xDBFF).contains(unit) {
        guard cursor + 1 < bytes.count, bytes[cursor] == UInt8(ascii: "\\"), bytes[cursor + 1] == UInt8(ascii: "u")
        else { throw unpairedSurrogate(unit, at: escapeStart) }
        let lowStart = cursor
        cursor += 2
        let low = try parseHexQuad()
        guard (0xDC00...0xDFFF).contains(low) else {
          cursor = lowStart
          throw unpairedSurrogate(unit, at: escapeStart)
        }
        scalar = 0x10000 + (UInt32(unit) - 0xD800) << 10 + (UInt32(low) - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(unit) {
        throw unpairedSurrogate(unit, at: escapeStart)
      }
      UTF8Validation.append(scalar, to: &scratch)
    default:
      cursor = escapeStart + 1
      throw error(
        .syntax, at: escapeStart,
        "invalid escape '\\\(TextPosition.describe(at: cursor, in: bytes).trimmingQuotes)' in a string")
    }
  }

  /// Reads the four hex digits after `\u`.
  private mutating func parseHexQuad() throws(PropertyListError) -> UInt16 {
    var value: UInt16 = 0
    for _ in 0..<4 {
      guard cursor < bytes.count, let digit = ASCIIHex.value(of: bytes[cursor]) else {
        throw expected("4 hex digits after '\\u'")
      }
      value = value << 4 | UInt16(digit)
      cursor += 1
    }
    return value
  }

  private func unpairedSurrogate(_ unit: UInt16, at offset: Int) -> PropertyListError {
    error(
      .syntax, at: offset,
      "unpaired surrogate \\u\(ASCIIHex.string(UInt32(unit), width: 4)) in a string: a surrogate must be half of a pair"
    )
  }

  private func unterminatedString(_ openingQuote: Int) -> PropertyListError {
    error(.unexpectedEnd, at: openingQuote, "the string that starts here has no closing '\"'")
  }
}

extension String {
  /// `x` for `'x'`: the character of a ``TextPosition/describe(at:in:)`` description.
  fileprivate var trimmingQuotes: String {
    guard utf8.count >= 2, hasPrefix("'"), hasSuffix("'") else { return self }
    return String(dropFirst().dropLast())
  }
}
