import PlistKit

/// An `NSDecimalNumber` as archived: a mantissa of up to 128 bits, a power of ten and a sign,
/// shown exactly as a decimal string (a real would round it).
public struct ArchivedDecimal: Sendable, Hashable, CustomStringConvertible {
  /// The mantissa's 16-bit words, least significant first (`NS.length` of them).
  public var mantissa: [UInt16]
  /// The power of ten the mantissa is multiplied by.
  public var exponent: Int
  /// Whether the number is negative (with no mantissa words: not a number).
  public var isNegative: Bool

  /// Whether this is NaN (`NS.length` 0 with the sign set, as Foundation writes it).
  public var isNaN: Bool { mantissa.isEmpty && isNegative }

  /// Makes a decimal number of `mantissa` (16-bit words, least significant first) times ten to
  /// the power `exponent`.
  public init(mantissa: [UInt16], exponent: Int, isNegative: Bool) {
    self.mantissa = mantissa
    self.exponent = exponent
    self.isNegative = isNegative
  }

  /// Reads the fields `NS.mantissa` (16 bytes in the byte order `NS.mantissa.bo`: 1 little
  /// endian, 2 big endian), `NS.length`, `NS.exponent` and `NS.negative`.
  static func read<Objects: ArchiveObjectSource>(
    _ fields: ClassFields<Objects>, in objects: inout Objects
  ) throws(KeyedArchiveError)
    -> ArchivedDecimal?
  {
    guard let bytes = try fields.data("NS.mantissa", in: &objects),
      let length = try fields.integer("NS.length", in: &objects),
      let exponent = try fields.integer("NS.exponent", in: &objects), (-128...127).contains(exponent),
      (0...8).contains(length), bytes.count >= 2 * length, let isNegative = try fields.bool("NS.negative", in: &objects)
    else { return nil }
    let bigEndian: Bool
    switch try fields.integer("NS.mantissa.bo", in: &objects) ?? 1 {
    case 1: bigEndian = false
    case 2: bigEndian = true
    default: return nil
    }
    let mantissa = (0..<Int(length)).map { word -> UInt16 in
      let (first, second) = (UInt16(bytes[2 * word]), UInt16(bytes[2 * word + 1]))
      return bigEndian ? first << 8 | second : second << 8 | first
    }
    return ArchivedDecimal(mantissa: mantissa, exponent: Int(exponent), isNegative: isNegative)
  }

  /// The exact value in decimal: `-123.45`, `0.001`, `12000`, `NaN`.
  public var description: String {
    if isNaN { return "NaN" }
    let digits = Self.decimalDigits(of: mantissa)
    if digits == "0" { return "0" }
    var text: String
    if exponent >= 0 {
      text = digits + String(repeating: "0", count: exponent)
    } else {
      let fraction = -exponent
      let padded =
        digits.count <= fraction ? String(repeating: "0", count: fraction - digits.count + 1) + digits : digits
      text = String(padded.dropLast(fraction)) + "." + String(padded.suffix(fraction))
    }
    return (isNegative ? "-" : "") + text
  }

  /// The decimal digits of a little-endian number of 16-bit words, by repeated division by
  /// 10,000.
  private static func decimalDigits(of words: [UInt16]) -> String {
    var number = words
    while number.last == 0 { number.removeLast() }
    var groups: [UInt32] = []
    while !number.isEmpty {
      var remainder: UInt32 = 0
      for index in number.indices.reversed() {
        let current = remainder << 16 | UInt32(number[index])
        number[index] = UInt16(current / 10_000)
        remainder = current % 10_000
      }
      groups.append(remainder)
      while number.last == 0 { number.removeLast() }
    }
    guard let top = groups.popLast() else { return "0" }
    var text = String(top)
    for group in groups.reversed() {
      let part = String(group)
      text += String(repeating: "0", count: 4 - part.count) + part
    }
    return text
  }
}
