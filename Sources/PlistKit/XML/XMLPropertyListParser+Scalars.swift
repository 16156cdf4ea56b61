/// Turning the text of `<integer>`, `<real>`, `<date>`, `<data>`, `<true/>` and `<false/>` into
/// values, on the bytes.
extension XMLPropertyListParser {
  /// The value of a closed scalar element other than `<string>` (whose text is reported as it
  /// is), or nil after a failure.
  ///
  /// White space follows CoreFoundation: none in `<true/>`, `<false/>` and `<date>`; before
  /// the number in `<integer>` and `<real>`, never after it; anywhere in `<data>`.
  mutating func scalarValue(_ scalar: OpenScalar) -> PropertyList? {
    let position = XMLPosition(line: scalar.line, column: scalar.column)
    switch scalar.element {
    case .true, .false:
      guard text.isEmpty else {
        let found = text.allSatisfy(Self.isSpace) ? "white space" : "'\(shownText)'"
        fail(.syntax, at: position, "<\(scalar.element.name)/> must be empty, found \(found)")
        return nil
      }
      return .boolean(scalar.element == .true)
    case .integer:
      guard let number = numberText(scalar) else { return nil }
      guard let value = Self.parseInteger(text[number]) else {
        let message =
          Self.looksLikeInteger(text[number])
          ? "<integer> '\(shownText)' is out of range (\(Int64.min) to \(UInt64.max))"
          : "<integer> '\(shownText)' is not an integer"
        fail(.invalidValue, at: position, message)
        return nil
      }
      return .integer(value)
    case .real:
      guard let number = numberText(scalar) else { return nil }
      guard let value = XMLRealParser.parse(text[number]) else {
        fail(.invalidValue, at: position, "<real> '\(shownText)' is not a real number")
        return nil
      }
      return .real(value)
    case .date:
      guard !text.isEmpty else {
        fail(.invalidValue, at: position, "<date> is empty")
        return nil
      }
      guard let seconds = ISO8601.parse(text[...], requiringSeconds: true, calendar: .julianBeforeReform) else {
        fail(.invalidValue, at: position, "<date> '\(shownText)' \(dateProblem)")
        return nil
      }
      return .date(PropertyListDate(secondsSinceReferenceDate: seconds))
    case .data:
      let decoded: [UInt8]
      do {
        decoded = try text.withUnsafeBufferPointer { (buffer) throws(Base64.DecodingFailure) in
          try Base64.decodeLikeCoreFoundation(buffer).bytes
        }
      } catch {
        guard case .invalidCharacter(_, let byte) = error else { preconditionFailure("only characters fail") }
        fail(.invalidValue, at: position, "<data> is not base64: unexpected byte 0x\(String(byte, radix: 16))")
        return nil
      }
      guard countDecoded(decoded.count, at: scalar) else { return nil }
      return .data(decoded)
    case .string, .key, .plist, .array, .dict:
      preconditionFailure("not a scalar element with a typed value")
    }
  }

  /// What is wrong with the text of a `<date>` that does not parse, in words.
  private var dateProblem: String {
    let expected = "expected YYYY-MM-DDTHH:MM:SSZ"
    if text.contains(where: Self.isSpace) { return "has white space: \(expected)" }
    if ISO8601.isOutOfRange(text[...], requiringSeconds: true, calendar: .julianBeforeReform) {
      return "is out of range: dates from \(ISO8601.xmlWritableRangeText) can be read"
    }
    if ISO8601.parse(text[...]) != nil {
      return text.contains(UInt8(ascii: "T")) ? "has no seconds: \(expected)" : "has no time: \(expected)"
    }
    return "is not an ISO 8601 date"
  }

  /// The range of the text after any white space before it; fails on empty text and on white
  /// space after it.
  private mutating func numberText(_ scalar: OpenScalar) -> Range<Int>? {
    var start = 0
    while start < text.count, Self.isSpace(text[start]) { start += 1 }
    let position = XMLPosition(line: scalar.line, column: scalar.column)
    guard start < text.count else {
      fail(.invalidValue, at: position, "<\(scalar.element.name)> is empty")
      return nil
    }
    guard !Self.isSpace(text[text.count - 1]) else {
      fail(
        .invalidValue, at: position,
        "<\(scalar.element.name)> '\(shownText)' ends in white space: expected the number to end the element")
      return nil
    }
    return start..<text.count
  }

  /// The text for an error message, shortened.
  private var shownText: String {
    let limit = 40
    let shown = String(decoding: text.prefix(limit), as: UTF8.self)
    return text.count > limit ? shown + "…" : shown
  }

  /// Parses `[+-]digits` or `[+-]0x hexdigits` over the whole Int64 and UInt64 range. White
  /// space may follow the sign (`- 99`, `+\t42`), as CoreFoundation and Foundation read it.
  static func parseInteger(_ bytes: ArraySlice<UInt8>) -> PropertyListInteger? {
    var cursor = bytes.startIndex
    let end = bytes.endIndex
    var negative = false
    if bytes[cursor] == UInt8(ascii: "-") || bytes[cursor] == UInt8(ascii: "+") {
      negative = bytes[cursor] == UInt8(ascii: "-")
      cursor += 1
      while cursor < end, isSpace(bytes[cursor]) { cursor += 1 }
    }
    var radix: UInt64 = 10
    if end - cursor > 2, bytes[cursor] == UInt8(ascii: "0"), bytes[cursor + 1] | 0x20 == UInt8(ascii: "x") {
      radix = 16
      cursor += 2
    }
    guard cursor < end else { return nil }
    var magnitude: UInt64 = 0
    while cursor < end {
      let byte = bytes[cursor]
      let digit: UInt64
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte &- 0x30)
      case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt64(byte &- 0x61 &+ 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt64(byte &- 0x41 &+ 10)
      default: return nil
      }
      let (shifted, overflow) = magnitude.multipliedReportingOverflow(by: radix)
      let (sum, carry) = shifted.addingReportingOverflow(digit)
      guard !overflow, !carry else { return nil }
      magnitude = sum
      cursor += 1
    }
    guard negative else { return PropertyListInteger(magnitude) }
    guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
    return PropertyListInteger(Int64(truncatingIfNeeded: 0 &- magnitude))
  }

  /// True when the text has an integer's shape (so a failure to parse means out of range).
  private static func looksLikeInteger(_ bytes: ArraySlice<UInt8>) -> Bool {
    var digits = bytes
    if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      digits = digits.dropFirst().drop(while: isSpace)
    }
    var hexadecimal = false
    if digits.count > 2, digits.first == UInt8(ascii: "0"), digits[digits.startIndex + 1] | 0x20 == UInt8(ascii: "x") {
      digits = digits.dropFirst(2)
      hexadecimal = true
    }
    return !digits.isEmpty
      && digits.allSatisfy { byte in
        (0x30...0x39).contains(byte) || (hexadecimal && (0x61...0x66).contains(byte | 0x20))
      }
  }
}
