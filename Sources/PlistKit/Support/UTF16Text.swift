/// UTF-16 text files (with a byte-order mark), for the text formats that accept them.
package enum UTF16Text {
  /// The UTF-8 form of UTF-16 text that starts with a byte-order mark, or nil when `bytes`
  /// does not start with one (it is then read as UTF-8). An unpaired surrogate or an odd
  /// byte count is an `invalidEncoding` error at the line and column where it occurs.
  package static func transcodeToUTF8(
    _ bytes: UnsafeRawBufferPointer, format: PropertyListFormat
  )
    throws(PropertyListError) -> [UInt8]?
  {
    let bigEndian = bytes.starts(with: [0xFE, 0xFF])
    guard bigEndian || bytes.starts(with: [0xFF, 0xFE]) else { return nil }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    func unit(at offset: Int) -> UInt16 {
      bigEndian
        ? UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
        : UInt16(bytes[offset + 1]) << 8 | UInt16(bytes[offset])
    }
    func failure(_ message: String) -> PropertyListError {
      let location = output.withUnsafeBytes { TextPosition.location(of: $0.count, in: $0, from: 0) }
      return PropertyListError(.invalidEncoding, format: format, at: location, message)
    }
    var offset = 2
    while offset + 1 < bytes.count {
      let first = unit(at: offset)
      offset += 2
      switch first {
      case 0xD800...0xDBFF:
        guard offset + 1 < bytes.count, case let second = unit(at: offset), (0xDC00...0xDFFF).contains(second) else {
          throw failure("invalid UTF-16: unpaired surrogate 0x\(ASCIIHex.string(UInt32(first), width: 4))")
        }
        offset += 2
        UTF8Validation.append(0x10000 + (UInt32(first) - 0xD800) << 10 + (UInt32(second) - 0xDC00), to: &output)
      case 0xDC00...0xDFFF:
        throw failure("invalid UTF-16: unpaired surrogate 0x\(ASCIIHex.string(UInt32(first), width: 4))")
      default:
        UTF8Validation.append(UInt32(first), to: &output)
      }
    }
    guard offset == bytes.count else { throw failure("invalid UTF-16: the text ends in the middle of a code unit") }
    return output
  }
}
