/// `printf("%.17g")` for reals of everyday size, in integer arithmetic.
///
/// CoreFoundation writes an XML `<real>` with 17 significant digits (`0.10000000000000001`),
/// so the XML writer must produce the digits of the exact binary value, correctly rounded —
/// not the shortest digits that read back the same, which Swift's `description` gives.
/// `printf` does this with arbitrary-precision arithmetic, at a cost of thousands of
/// instructions per number; for 1e-5 ≤ |x| < 1e17 the exact product of the significand and
/// a power of ten fits in 128 bits, which is cheap. Outside that range (and for zero,
/// infinities and NaN) the caller keeps using `printf`.
enum SeventeenDigits {
  /// 10^0 … 10^22: the powers this range needs (16 minus the decimal exponent estimate).
  private static let powersOfTen: [UInt128] = {
    var powers: [UInt128] = [1]
    for _ in 1...22 { powers.append(powers[powers.count - 1] * 10) }
    return powers
  }()

  private static let lowestSeventeenDigitNumber: UInt128 = 10_000_000_000_000_000
  private static let lowestEighteenDigitNumber: UInt128 = 100_000_000_000_000_000

  /// Appends `value` as `%.17g` writes it and returns true, or appends nothing and returns
  /// false when `value` is outside 1e-5 ≤ |value| < 1e17.
  static func append(_ value: Double, to bytes: inout [UInt8]) -> Bool {
    let magnitude = value.magnitude
    guard magnitude >= 1e-5, magnitude < 1e17 else { return false }
    // magnitude = significand × 2^exponent exactly (every number in range is normal).
    let significand = UInt128(magnitude.significandBitPattern | (1 << 52))
    let exponent = Int(magnitude.exponent) - 52
    // The decimal exponent is this estimate or one more, as 2^e ≤ magnitude < 2^(e+1); the
    // loop also settles a rounding carry (9.99…95 becoming 10) and any doubt in the estimate.
    var decimalExponent = Int((Double(magnitude.exponent) * 0.301_029_995_663_981_2).rounded(.down))
    var digits = rounded(significand, exponent, timesTenTo: 16 - decimalExponent)
    while digits >= lowestEighteenDigitNumber || digits < lowestSeventeenDigitNumber {
      decimalExponent += digits >= lowestEighteenDigitNumber ? 1 : -1
      let power = 16 - decimalExponent
      guard power >= 0, power < powersOfTen.count else { return false }
      digits = rounded(significand, exponent, timesTenTo: power)
    }
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    appendFormatted(digits, decimalExponent: decimalExponent, to: &bytes)
    return true
  }

  /// significand × 2^exponent × 10^power, rounded to the nearest integer, ties to even (as
  /// `printf` rounds in the default rounding mode).
  private static func rounded(_ significand: UInt128, _ exponent: Int, timesTenTo power: Int) -> UInt128 {
    // significand < 2^53 and 10^power ≤ 10^22 < 2^74: the product fits in 127 bits.
    let product = significand * powersOfTen[power]
    guard exponent < 0 else { return product << exponent }
    let shift = -exponent
    let quotient = product >> shift
    let remainder = product & ((1 << shift) - 1)
    let half: UInt128 = 1 << (shift - 1)
    if remainder > half || (remainder == half && quotient & 1 == 1) { return quotient + 1 }
    return quotient
  }

  /// `%g`'s layout of 17 digits whose first is at 10^`decimalExponent`: positional when
  /// -4 ≤ exponent < 17, else `d.ddde±XX`; trailing zeros and a bare point dropped.
  private static func appendFormatted(_ number: UInt128, decimalExponent: Int, to bytes: inout [UInt8]) {
    // Below 10^17, so it fits a machine word, whose division is cheap; the digits go to the
    // stack, not to an array per number.
    var remaining = UInt64(number)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 17) { text in
      for index in stride(from: 16, through: 0, by: -1) {
        text[index] = UInt8(truncatingIfNeeded: remaining % 10) + UInt8(ascii: "0")
        remaining /= 10
      }
      var significant = 17
      while significant > 1 && text[significant - 1] == UInt8(ascii: "0") { significant -= 1 }
      let digits = UnsafeBufferPointer(text)
      if decimalExponent >= -4 {
        if decimalExponent < 0 {
          bytes.append(contentsOf: [UInt8(ascii: "0"), UInt8(ascii: ".")])
          bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: -decimalExponent - 1))
          bytes.append(contentsOf: digits[..<significant])
          return
        }
        let integerDigits = decimalExponent + 1
        bytes.append(contentsOf: digits[..<integerDigits])
        if significant > integerDigits {
          bytes.append(UInt8(ascii: "."))
          bytes.append(contentsOf: digits[integerDigits..<significant])
        }
        return
      }
      bytes.append(digits[0])
      if significant > 1 {
        bytes.append(UInt8(ascii: "."))
        bytes.append(contentsOf: digits[1..<significant])
      }
      bytes.append(contentsOf: [UInt8(ascii: "e"), UInt8(ascii: "-")])
      let shown = -decimalExponent
      if shown < 10 { bytes.append(UInt8(ascii: "0")) }
      bytes.append(contentsOf: String(shown).utf8)
    }
  }
}
