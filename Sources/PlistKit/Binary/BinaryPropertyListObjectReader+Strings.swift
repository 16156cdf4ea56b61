extension BinaryPropertyListObjectReader {
  /// Decodes a string object: ASCII (`0x5`, bytes of 0x80 and above read as Latin-1) or
  /// UTF-16 big-endian (`0x6`, the count is in code units). Broken UTF-16 is an
  /// ``PropertyListError/Kind/invalidEncoding`` error at the offending byte.
  mutating func readString(_ index: Int, at offset: Int, marker: UInt8) throws(PropertyListError) -> String {
    let (count, start) = try readLength(ofObject: index, at: offset, marker: marker)
    switch marker >> 4 {
    case BinaryPropertyListMarker.utf16StringNibble:
      try checkFits(
        object: index, at: offset, start: start, count: count, unitSize: 2, what: "string", unit: "UTF-16 units")
      try account(count * 2, object: index, at: offset)
      return try decodeUTF16(index, from: start, count: count)
    default:
      try checkFits(object: index, at: offset, start: start, count: count, unitSize: 1, what: "string", unit: "bytes")
      try account(count, object: index, at: offset)
      return Self.latin1String(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)]))
    }
  }

  /// The text of an ASCII string object's bytes: ASCII, or ISO Latin-1 when a byte is 0x80 or
  /// above.
  static func latin1String(_ bytes: UnsafeRawBufferPointer) -> String {
    if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
    return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }

  /// Replaces `utf8` with the UTF-8 of ISO Latin-1 `text`, whose first `firstNonASCII` bytes
  /// are ASCII: a byte of 0x80 and above is the character of that number, two bytes in UTF-8.
  static func transcodeLatin1(_ text: UnsafeBufferPointer<UInt8>, firstNonASCII: Int, into utf8: inout [UInt8]) {
    utf8.removeAll(keepingCapacity: true)
    utf8.append(contentsOf: text[..<firstNonASCII])
    for byte in text[firstNonASCII...] {
      if byte < 0x80 {
        utf8.append(byte)
      } else {
        utf8.append(0xC0 | byte >> 6)
        utf8.append(0x80 | byte & 0x3F)
      }
    }
  }

  private func decodeUTF16(_ index: Int, from start: Int, count: Int) throws(PropertyListError) -> String {
    // A code unit becomes at most 3 bytes of UTF-8 (a surrogate pair, 2 units, becomes 4).
    var failure: Int? = nil
    let string = String(unsafeUninitializedCapacity: count * 3) { buffer in
      switch transcodeUTF16(from: start, count: count, into: buffer) {
      case .success(let written): return written
      case .failure(let at):
        failure = at.offset
        return 0
      }
    }
    if let failure { throw unpairedSurrogate(index, at: failure) }
    return string
  }

  /// A UTF-16 unit that cannot be decoded, at a byte offset.
  struct UnpairedSurrogate: Error {
    let offset: Int
  }

  /// Transcodes `count` big-endian UTF-16 units from byte `start` to UTF-8 in `buffer`, which
  /// has room for 3 bytes per unit; the number of bytes written, or where an unpaired surrogate
  /// is. The units must be inside the object area (checked before).
  func transcodeUTF16(
    from start: Int, count: Int, into buffer: UnsafeMutableBufferPointer<UInt8>
  ) -> Result<Int, UnpairedSurrogate> {
    var written = 0
    var unitIndex = 0
    func put(_ byte: UInt32) {
      buffer[written] = UInt8(truncatingIfNeeded: byte)
      written += 1
    }
    while unitIndex < count {
      let at = start + 2 * unitIndex
      var scalar = UInt32(bytes[at]) << 8 | UInt32(bytes[at + 1])
      unitIndex += 1
      if scalar & 0xF800 == 0xD800 {
        guard scalar < 0xDC00, unitIndex < count else { return .failure(UnpairedSurrogate(offset: at)) }
        let trailing = UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
        guard trailing & 0xFC00 == 0xDC00 else { return .failure(UnpairedSurrogate(offset: at)) }
        unitIndex += 1
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (trailing - 0xDC00)
      }
      switch scalar {
      case ..<0x80:
        put(scalar)
      case ..<0x800:
        put(0xC0 | scalar >> 6)
        put(0x80 | scalar & 0x3F)
      case ..<0x10000:
        put(0xE0 | scalar >> 12)
        put(0x80 | scalar >> 6 & 0x3F)
        put(0x80 | scalar & 0x3F)
      default:
        put(0xF0 | scalar >> 18)
        put(0x80 | scalar >> 12 & 0x3F)
        put(0x80 | scalar >> 6 & 0x3F)
        put(0x80 | scalar & 0x3F)
      }
    }
    return .success(written)
  }

  /// The error for the unpaired surrogate at byte `offset` of string object `index`.
  func unpairedSurrogate(_ index: Int, at offset: Int) -> PropertyListError {
    let unit = bytes.readBigEndian(at: offset, size: 2)
    let hex = String(unit, radix: 16, uppercase: true)
    return PropertyListError(
      .invalidEncoding, format: .binary, at: .byteOffset(offset),
      "object \(index): UTF-16 string has an unpaired surrogate 0x\(hex)")
  }
}
