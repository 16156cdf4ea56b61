import Testing

@testable import PlistKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("Reals written with 17 significant digits")
struct SeventeenDigitsTests {
  /// What the C library prints for `%.17g`, the reference.
  private func printed(_ value: Double) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    let count = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.17g", $0) }
    return String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private func written(_ value: Double) -> String? {
    var bytes: [UInt8] = []
    guard SeventeenDigits.append(value, to: &bytes) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test(
    "Known values",
    arguments: [
      (0.1, "0.10000000000000001"), (1.0, "1"), (66.574, "66.573999999999998"), (-2.5, "-2.5"),
      (1e16, "10000000000000000"), (99_999_999_999_999_984, "99999999999999984"), (1e-5, "1.0000000000000001e-05"),
      (0.0001, "0.0001"), (123_456_789.125, "123456789.125"), (0.3333333333333333, "0.33333333333333331"),
    ])
  func knownValues(value: Double, expected: String) {
    #expect(written(value) == expected)
    #expect(printed(value) == expected)
  }

  @Test("Outside 1e-5…1e17 the caller is told to use printf")
  func outOfRange() {
    for value in [0.0, -0.0, 1e17, 1e300, 9.99e-6, .infinity, -.infinity, .nan, .leastNonzeroMagnitude] {
      #expect(written(value) == nil)
    }
  }

  @Test("Agrees with printf on every power of ten and its neighbours, and on 200,000 random reals")
  func agreesWithPrintf() {
    var values: [Double] = []
    var power = 1e-5
    while power < 1e17 {
      values += [power, power.nextUp, power.nextDown, power * 9.999999999999999, power * 5, power * 0.5]
      power *= 10
    }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state
    }
    for _ in 0..<100_000 {
      // Random bit patterns over the whole range of exponents that the fast path covers…
      let exponent = Int(next() % 74) - 17
      let bits = (UInt64(exponent + 1023) << 52) | (next() & ((1 << 52) - 1))
      values.append(Double(bitPattern: bits) * (next() & 1 == 0 ? 1 : -1))
      // …and short decimals, as records hold them.
      values.append(Double(Int64(next() % 2_000_000)) / 1000)
    }
    var mismatches: [String] = []
    for value in values {
      guard let mine = written(value) else { continue }
      let reference = printed(value)
      if mine != reference, mismatches.count < 5 { mismatches.append("\(value): \(mine) ≠ \(reference)") }
    }
    #expect(mismatches.isEmpty)
  }
}
