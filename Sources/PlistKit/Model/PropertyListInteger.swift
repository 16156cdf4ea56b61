/// An integer of a property list: any `Int64`, or an unsigned value up to `UInt64.max`.
///
/// Binary plists store values above `Int64.max` as 128-bit integers; this type keeps them
/// exact. The representation is normalized, so `PropertyListInteger(5 as UInt64)` equals
/// `PropertyListInteger(5 as Int64)`.
public struct PropertyListInteger: Hashable, Sendable, Comparable {
  /// The two's-complement bits when `isAboveInt64Max` is false, the unsigned value otherwise.
  @usableFromInline let bits: UInt64
  /// True only for values in `Int64.max + 1 ... UInt64.max`.
  @usableFromInline let isAboveInt64Max: Bool

  /// Makes a signed integer.
  @inlinable public init(_ value: Int64) {
    bits = UInt64(bitPattern: value)
    isAboveInt64Max = false
  }

  /// Makes an unsigned integer.
  @inlinable public init(_ value: UInt64) {
    bits = value
    isAboveInt64Max = value > UInt64(Int64.max)
  }

  /// Parses a decimal integer, with an optional sign, or a `0x` hexadecimal one.
  /// Returns nil when the text is not an integer or is out of range.
  public init?(parsing text: Substring) {
    var digits = text
    var negative = false
    if digits.first == "-" {
      negative = true
      digits = digits.dropFirst()
    } else if digits.first == "+" {
      digits = digits.dropFirst()
    }
    var radix: UInt64 = 10
    if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
      radix = 16
      digits = digits.dropFirst(2)
    }
    guard !digits.isEmpty else { return nil }
    var magnitude: UInt64 = 0
    for scalar in digits.unicodeScalars {
      guard let digit = Self.digitValue(scalar), UInt64(digit) < radix else { return nil }
      let (shifted, overflow1) = magnitude.multipliedReportingOverflow(by: radix)
      let (sum, overflow2) = shifted.addingReportingOverflow(UInt64(digit))
      if overflow1 || overflow2 { return nil }
      magnitude = sum
    }
    if negative {
      guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
      self.init(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
    } else {
      self.init(magnitude)
    }
  }

  private static func digitValue(_ scalar: Unicode.Scalar) -> UInt32? {
    switch scalar.value {
    case 0x30...0x39: scalar.value - 0x30
    case 0x41...0x46: scalar.value - 0x41 + 10
    case 0x61...0x66: scalar.value - 0x61 + 10
    default: nil
    }
  }

  /// The value as `Int64`, or nil above `Int64.max`.
  @inlinable public var int64Value: Int64? {
    isAboveInt64Max ? nil : Int64(bitPattern: bits)
  }

  /// The value as `UInt64`, or nil when negative.
  @inlinable public var uint64Value: UInt64? {
    if isAboveInt64Max { return bits }
    let signed = Int64(bitPattern: bits)
    return signed < 0 ? nil : UInt64(signed)
  }

  /// True when the value is below zero.
  @inlinable public var isNegative: Bool { !isAboveInt64Max && Int64(bitPattern: bits) < 0 }

  /// The value as the nearest `Double`.
  public var doubleValue: Double {
    isAboveInt64Max ? Double(bits) : Double(Int64(bitPattern: bits))
  }

  /// The low 64 bits in two's complement, as binary plists store them.
  @inlinable public var bitPattern: UInt64 { bits }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    switch (lhs.isAboveInt64Max, rhs.isAboveInt64Max) {
    case (false, false): Int64(bitPattern: lhs.bits) < Int64(bitPattern: rhs.bits)
    case (true, true): lhs.bits < rhs.bits
    case (false, true): true
    case (true, false): false
    }
  }
}

extension PropertyListInteger: CustomStringConvertible {
  /// The decimal form.
  public var description: String {
    isAboveInt64Max ? String(bits) : String(Int64(bitPattern: bits))
  }
}

extension PropertyListInteger: ExpressibleByIntegerLiteral {
  /// Makes an integer from a literal.
  public init(integerLiteral value: Int64) { self.init(value) }
}
