/// Parses the text of `<real>` as CoreFoundation accepts it: a decimal number with an
/// optional sign, fraction and exponent (`1`, `-0.5`, `.5`, `1e+20`, `2.5E-3`), or `nan`,
/// `inf`, `infinity` with an optional sign, in any case.
enum XMLRealParser {
  /// The value, correctly rounded; nil when the text is not a real number.
  static func parse(_ bytes: ArraySlice<UInt8>) -> Double? {
    var cursor = bytes.startIndex
    let end = bytes.endIndex
    var negative = false
    if cursor < end, bytes[cursor] == UInt8(ascii: "-") || bytes[cursor] == UInt8(ascii: "+") {
      negative = bytes[cursor] == UInt8(ascii: "-")
      cursor += 1
    }
    guard cursor < end else { return nil }
    if !isDigit(bytes[cursor]) && bytes[cursor] != UInt8(ascii: ".") {
      return special(bytes[cursor...], negative: negative, signed: cursor != bytes.startIndex)
    }

    // Up to 19 significant digits fit in a UInt64; the fast path below needs 15 or fewer.
    var mantissa: UInt64 = 0
    var significantDigits = 0
    var droppedDigits = false
    var decimalExponent = 0
    var sawDigit = false
    while cursor < end, isDigit(bytes[cursor]) {
      sawDigit = true
      accumulate(bytes[cursor], into: &mantissa, &significantDigits, &droppedDigits, exponent: &decimalExponent)
      cursor += 1
    }
    if cursor < end, bytes[cursor] == UInt8(ascii: ".") {
      cursor += 1
      while cursor < end, isDigit(bytes[cursor]) {
        sawDigit = true
        accumulate(bytes[cursor], into: &mantissa, &significantDigits, &droppedDigits, exponent: &decimalExponent)
        decimalExponent -= 1
        cursor += 1
      }
    }
    guard sawDigit else { return nil }
    if cursor < end, bytes[cursor] | 0x20 == UInt8(ascii: "e") {
      cursor += 1
      var exponentNegative = false
      if cursor < end, bytes[cursor] == UInt8(ascii: "-") || bytes[cursor] == UInt8(ascii: "+") {
        exponentNegative = bytes[cursor] == UInt8(ascii: "-")
        cursor += 1
      }
      guard cursor < end, isDigit(bytes[cursor]) else { return nil }
      var exponent = 0
      while cursor < end, isDigit(bytes[cursor]) {
        // Beyond ±100,000 the value is 0 or infinity anyway; stop the number growing.
        if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[cursor] &- 0x30) }
        cursor += 1
      }
      decimalExponent += exponentNegative ? -exponent : exponent
    }
    guard cursor == end else { return nil }

    // Clinger's fast path: both the mantissa and 10^|exponent| are exact doubles, so one
    // multiplication or division rounds correctly.
    if !droppedDigits, mantissa < 1 << 53, decimalExponent >= -22, decimalExponent <= 22 {
      var value = Double(mantissa)
      value = decimalExponent < 0 ? value / powersOfTen[-decimalExponent] : value * powersOfTen[decimalExponent]
      return negative ? -value : value
    }
    // Everything else goes to the standard library's correctly rounded conversion.
    return Double(String(decoding: bytes, as: UTF8.self))
  }

  private static func accumulate(
    _ byte: UInt8, into mantissa: inout UInt64, _ significantDigits: inout Int, _ droppedDigits: inout Bool,
    exponent: inout Int
  ) {
    let digit = UInt64(byte &- 0x30)
    if significantDigits == 0 && digit == 0 { return }
    if significantDigits < 19 {
      mantissa = mantissa &* 10 &+ digit
      significantDigits += 1
    } else {
      // Too many digits for the fast path: remember the scale, the slow path reads them all.
      droppedDigits = true
      exponent += 1
    }
  }

  private static func special(_ word: ArraySlice<UInt8>, negative: Bool, signed: Bool) -> Double? {
    let lowered = word.map { $0 | 0x20 }
    if lowered.elementsEqual("nan".utf8) { return signed ? nil : .nan }
    if lowered.elementsEqual("inf".utf8) || lowered.elementsEqual("infinity".utf8) {
      return negative ? -.infinity : .infinity
    }
    return nil
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
    1e20, 1e21, 1e22,
  ]
}
