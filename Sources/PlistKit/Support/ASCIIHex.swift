/// Hexadecimal digits in ASCII, as the text formats and their escapes read and write them.
package enum ASCIIHex {
  /// The lower-case digits, by value: what the writers put in data and escapes.
  package static let lowercaseDigits: [UInt8] = Array("0123456789abcdef".utf8)

  /// The value of a hex digit of either case, or nil for any other byte.
  package static func value(of byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// `value` in hexadecimal (upper-case unless asked), zero-padded to `width` digits.
  package static func string(_ value: UInt32, width: Int, uppercase: Bool = true) -> String {
    let digits = String(value, radix: 16, uppercase: uppercase)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
