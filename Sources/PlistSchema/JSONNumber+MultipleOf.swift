import PlistKit

extension JSONNumber {
  /// True when this number divided by `divisor` is an integer.
  ///
  /// Integers divide exactly. Reals are taken as the shortest decimal that reads back as the
  /// same `Double` (what a JSON file spells), and the division is done exactly on those
  /// decimals: `0.0075` is a multiple of `0.0001`, although in binary floating point
  /// `0.0075 / 0.0001` is `74.99999999999999`.
  func isMultiple(of divisor: JSONNumber) -> Bool {
    guard let dividend = Decimal(self), let divisor = Decimal(divisor), divisor.mantissa != 0 else {
      return false
    }
    if dividend.mantissa == 0 { return true }
    let shift = dividend.exponent - divisor.exponent
    if shift >= 0 {
      // mantissa × 10^shift mod divisor, one digit at a time so nothing overflows.
      var remainder = dividend.mantissa % divisor.mantissa
      for _ in 0..<shift where remainder != 0 {
        let wide = remainder.multipliedFullWidth(by: 10)
        remainder = divisor.mantissa.dividingFullWidth(wide).remainder
      }
      return remainder == 0
    }
    var scaled = divisor.mantissa
    for _ in 0..<(-shift) {
      let (product, overflow) = scaled.multipliedReportingOverflow(by: 10)
      if overflow { return false }  // the divisor now exceeds any 64-bit dividend
      scaled = product
    }
    return dividend.mantissa % scaled == 0
  }

  /// A number as `mantissa × 10^exponent`, sign dropped (it does not affect divisibility).
  private struct Decimal {
    var mantissa: UInt64
    var exponent: Int

    init?(_ number: JSONNumber) {
      switch number {
      case .integer(let value):
        mantissa = value.uint64Value ?? (0 &- value.bitPattern)
        exponent = 0
      case .real(let value):
        guard value.isFinite else { return nil }
        guard let parsed = Decimal.parse(value.magnitude.description) else { return nil }
        self = parsed
      }
      while mantissa != 0 && mantissa % 10 == 0 {
        mantissa /= 10
        exponent += 1
      }
    }

    private init(mantissa: UInt64, exponent: Int) {
      self.mantissa = mantissa
      self.exponent = exponent
    }

    /// Parses Swift's shortest round-trip form of a double: `0.0075`, `7.5e-05`, `1e+308`.
    private static func parse(_ text: String) -> Decimal? {
      var mantissa: UInt64 = 0
      var exponent = 0
      var afterPoint = false
      var scalars = Substring(text).unicodeScalars[...]
      while let scalar = scalars.first, scalar != "e" && scalar != "E" {
        scalars = scalars.dropFirst()
        if scalar == "." {
          afterPoint = true
          continue
        }
        guard ("0"..."9").contains(scalar) else { return nil }
        let digit = UInt64(scalar.value - 0x30)
        let (shifted, overflow1) = mantissa.multipliedReportingOverflow(by: 10)
        let (sum, overflow2) = shifted.addingReportingOverflow(digit)
        guard !overflow1 && !overflow2 else { return nil }
        mantissa = sum
        if afterPoint { exponent -= 1 }
      }
      if !scalars.isEmpty {
        guard let power = Int(String(String.UnicodeScalarView(scalars.dropFirst())).replacing("+", with: ""))
        else { return nil }
        exponent += power
      }
      return Decimal(mantissa: mantissa, exponent: exponent)
    }
  }
}
