/// The packed unsigned integers of `NSAttributeInfo` and `NSRangeData`: seven bits a byte, the
/// low group first, the high bit set on every byte but a number's last.
enum PackedIntegers {
  /// Every number of `bytes`; nil when the last is cut short or one does not fit 63 bits.
  static func decode(_ bytes: [UInt8]) -> [Int64]? {
    var numbers: [Int64] = []
    var value: UInt64 = 0
    var shift: UInt64 = 0
    var open = false
    for byte in bytes {
      guard shift < 63, (UInt64(byte & 0x7f) << shift) >> shift == UInt64(byte & 0x7f) else { return nil }
      value |= UInt64(byte & 0x7f) << shift
      if byte & 0x80 == 0 {
        guard value <= UInt64(Int64.max) else { return nil }
        numbers.append(Int64(value))
        value = 0
        shift = 0
        open = false
      } else {
        shift += 7
        open = true
      }
    }
    return open ? nil : numbers
  }
}
