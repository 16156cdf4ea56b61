extension JSONParser {
  /// Reads a number: without `.`, `e` or `E` it is an integer (`Int64.min` … `UInt64.max`,
  /// anything beyond is an error rather than a silently rounded real), otherwise a real.
  mutating func parseNumber() throws(PropertyListError) -> PropertyList {
    let start = cursor
    var negative = false
    if bytes[cursor] == UInt8(ascii: "-") {
      negative = true
      cursor += 1
    }
    guard cursor < bytes.count, isDigit(bytes[cursor]) else { throw expected("a digit after '-'") }
    var magnitude: UInt64 = 0
    var overflow = false
    if bytes[cursor] == UInt8(ascii: "0") {
      cursor += 1
      if cursor < bytes.count, isDigit(bytes[cursor]) {
        throw error(.syntax, at: start, "a number must not have a leading zero")
      }
    } else {
      while cursor < bytes.count, isDigit(bytes[cursor]) {
        let (shifted, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
        let (sum, overflow2) = shifted.addingReportingOverflow(UInt64(bytes[cursor] &- UInt8(ascii: "0")))
        magnitude = sum
        overflow = overflow || overflow1 || overflow2
        cursor += 1
      }
    }
    var isReal = false
    if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ".") {
      isReal = true
      cursor += 1
      guard cursor < bytes.count, isDigit(bytes[cursor]) else { throw expected("a digit after '.'") }
      while cursor < bytes.count, isDigit(bytes[cursor]) { cursor += 1 }
    }
    if cursor < bytes.count, bytes[cursor] | 0x20 == UInt8(ascii: "e") {
      isReal = true
      cursor += 1
      if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-") {
        cursor += 1
      }
      guard cursor < bytes.count, isDigit(bytes[cursor]) else { throw expected("a digit in the exponent") }
      while cursor < bytes.count, isDigit(bytes[cursor]) { cursor += 1 }
    }
    let text = UnsafeRawBufferPointer(rebasing: bytes[start..<cursor])
    if isReal {
      guard let real = Self.parseReal(text), real.isFinite else {
        throw error(
          .invalidValue, at: start, "the number \(String(decoding: text, as: UTF8.self)) is too large for a real")
      }
      return .real(real)
    }
    if !overflow {
      if !negative { return .integer(PropertyListInteger(magnitude)) }
      if magnitude <= UInt64(Int64.max) { return .integer(PropertyListInteger(-Int64(magnitude))) }
      if magnitude == UInt64(Int64.max) + 1 { return .integer(PropertyListInteger(Int64.min)) }
    }
    throw error(
      .invalidValue, at: start,
      "the integer \(String(decoding: text, as: UTF8.self)) is out of range (\(Int64.min) … \(UInt64.max)); "
        + "write it with '.0' to read it as a real")
  }

  @inline(__always)
  private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

  private static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
    1e20, 1e21, 1e22,
  ]

  /// Converts a checked JSON real. Most reals in plists have few digits and a small exponent:
  /// those are one exact multiplication or division (both operands are exact doubles, so the
  /// result is correctly rounded). The rest go to the standard library's correctly rounded
  /// conversion.
  static func parseReal(_ text: UnsafeRawBufferPointer) -> Double? {
    var mantissa: UInt64 = 0
    var exponent = 0
    var index = 0
    var negative = false
    var simple = true
    if text[0] == UInt8(ascii: "-") {
      negative = true
      index = 1
    }
    var inFraction = false
    scan: while index < text.count {
      let byte = text[index]
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        mantissa = mantissa &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
        if mantissa > 1 << 53 { simple = false }
        if inFraction { exponent -= 1 }
      case UInt8(ascii: "."): inFraction = true
      default: break scan
      }
      index += 1
    }
    if index < text.count {
      // The exponent: e, an optional sign, digits (capped: the fast path wants it small).
      index += 1
      var exponentNegative = false
      if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
        exponentNegative = text[index] == UInt8(ascii: "-")
        index += 1
      }
      var written = 0
      while index < text.count {
        written = min(written * 10 + Int(text[index] - UInt8(ascii: "0")), 100_000)
        index += 1
      }
      exponent += exponentNegative ? -written : written
    }
    if simple, exponent >= -22, exponent <= 22 {
      let magnitude = Double(mantissa)
      let value = exponent < 0 ? magnitude / exactPowersOfTen[-exponent] : magnitude * exactPowersOfTen[exponent]
      return negative ? -value : value
    }
    return Double(String(decoding: text, as: UTF8.self))
  }

  /// Reads `true` or `false`, and `null` when the options give it a value; anything else is
  /// an error.
  mutating func parseLiteral() throws(PropertyListError) -> PropertyList {
    if matches("true") { return .boolean(true) }
    if matches("false") { return .boolean(false) }
    if matches("null") {
      if let nullValue { return nullValue }
      throw error(.invalidValue, at: cursor - 4, "null has no property-list equivalent")
    }
    var end = cursor
    while end < bytes.count, end - cursor < 24, Self.isWordByte(bytes[end]) { end += 1 }
    guard end > cursor + 1 else { throw expected("a value") }
    let word = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[cursor..<end]), as: UTF8.self)
    throw error(.syntax, at: cursor, "expected a value, found '\(word)'")
  }

  private mutating func matches(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard bytes.count - cursor >= count else { return false }
    let expected = UnsafeRawBufferPointer(start: literal.utf8Start, count: count)
    guard bytes[cursor..<cursor + count].elementsEqual(expected) else { return false }
    cursor += count
    return true
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
      true
    default: false
    }
  }
}
