/// UTF-8 validation one sequence at a time, for readers that scan text byte by byte and must
/// say where a bad byte is (the standard library's validation only says whether).
package enum UTF8Validation {
  /// The length (2–4) of the well-formed UTF-8 sequence whose lead byte is at `offset` (a byte
  /// of 0x80 or more), or nil when the sequence is ill-formed: a stray continuation byte, an
  /// overlong form, a surrogate, a value above U+10FFFF, or a sequence cut off by `end`.
  @inline(__always)
  package static func sequenceLength(at offset: Int, in bytes: UnsafeRawBufferPointer, end: Int) -> Int? {
    let lead = bytes[offset]
    let length: Int
    var secondLow: UInt8 = 0x80
    var secondHigh: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      secondLow = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      secondHigh = 0x9F
    case 0xF0:
      length = 4
      secondLow = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      secondHigh = 0x8F
    default: return nil
    }
    guard offset + length <= end else { return nil }
    let second = bytes[offset + 1]
    guard second >= secondLow, second <= secondHigh else { return nil }
    for index in offset + 2..<offset + length where bytes[index] & 0xC0 != 0x80 { return nil }
    return length
  }

  /// Appends the UTF-8 encoding of a scalar.
  @inline(__always)
  package static func append(_ scalar: UInt32, to output: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
      output.append(UInt8(scalar))
    case 0x80..<0x800:
      output.append(UInt8(0xC0 | scalar >> 6))
      output.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      output.append(UInt8(0xE0 | scalar >> 12))
      output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      output.append(UInt8(0x80 | scalar & 0x3F))
    default:
      output.append(UInt8(0xF0 | scalar >> 18))
      output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      output.append(UInt8(0x80 | scalar & 0x3F))
    }
  }
}
