extension BinaryPropertyListTrailer {
  /// Checks the header and reads and validates the trailer of `bytes`.
  ///
  /// Everything the object reader later trusts is checked here: both sizes are 1…8, there is
  /// at least one object, the top object exists, and the offset table lies between the header
  /// and the trailer and fills that space exactly, as CoreFoundation requires. The arithmetic
  /// cannot overflow, so a claim of 2^60 objects in a small file fails at once.
  init(reading bytes: UnsafeRawBufferPointer, limits: PropertyListLimits) throws(PropertyListError) {
    let headerSize = BinaryPropertyListMarker.headerSize
    let header = BinaryPropertyListMarker.magic + BinaryPropertyListMarker.version
    guard bytes.count >= headerSize else {
      if header.starts(with: bytes) {
        throw PropertyListError(
          .unexpectedEnd, format: .binary, at: .byteOffset(bytes.count),
          "the file ends inside the 8-byte header 'bplist00'")
      }
      throw PropertyListError(.unknownFormat, format: .binary, at: .byteOffset(0), "expected 'bplist00' at the start")
    }
    guard bytes.starts(with: BinaryPropertyListMarker.magic) else {
      throw PropertyListError(.unknownFormat, format: .binary, at: .byteOffset(0), "expected 'bplist00' at the start")
    }
    // CoreFoundation and Foundation check `bplist0` only: whatever the eighth byte, the file is
    // read as `bplist00`, and files that Apple's readers take are read here too.
    guard bytes[6] == BinaryPropertyListMarker.version[0] else {
      let printable = bytes[6..<8].allSatisfy { (0x20..<0x7F).contains($0) }
      let version =
        printable
        ? "'" + String(decoding: bytes[6..<8], as: UTF8.self) + "'"
        : bytes[6..<8].map(BinaryPropertyListMarker.hex).joined(separator: " ")
      throw PropertyListError(
        .unknownFormat, format: .binary, at: .byteOffset(6),
        "binary plist version \(version) is not supported; only 'bplist0…' is")
    }
    let minimumSize = headerSize + 1 + 1 + Self.size
    guard bytes.count >= minimumSize else {
      throw PropertyListError(
        .unexpectedEnd, format: .binary, at: .byteOffset(bytes.count),
        "the file is \(bytes.count) bytes; a binary plist needs at least \(minimumSize) "
          + "(8-byte header, one object, its offset, 32-byte trailer)")
    }
    let start = bytes.count - Self.size
    let offsetSize = Int(bytes[start + 6])
    let referenceSize = Int(bytes[start + 7])
    let objectCount = bytes.readBigEndian(at: start + 8, size: 8)
    let topObject = bytes.readBigEndian(at: start + 16, size: 8)
    let tableOffset = bytes.readBigEndian(at: start + 24, size: 8)

    func invalid(_ field: Int, _ message: String) -> PropertyListError {
      PropertyListError(.invalidValue, format: .binary, at: .byteOffset(start + field), "trailer: " + message)
    }
    guard (1...8).contains(offsetSize) else { throw invalid(6, "offset size \(offsetSize) is not 1…8") }
    guard (1...8).contains(referenceSize) else {
      throw invalid(7, "object reference size \(referenceSize) is not 1…8")
    }
    guard objectCount >= 1 else { throw invalid(8, "object count is 0; expected at least 1") }
    guard tableOffset >= UInt64(headerSize + 1), tableOffset < UInt64(start) else {
      throw invalid(
        24, "offset table offset \(tableOffset) is outside the file's object area, \(headerSize + 1)…\(start - 1)")
    }
    let tableSpace = UInt64(start) - tableOffset
    let (tableSize, overflow) = objectCount.multipliedReportingOverflow(by: UInt64(offsetSize))
    guard !overflow, tableSize == tableSpace else {
      throw invalid(
        8,
        "object count \(objectCount) needs an offset table of \(objectCount)×\(offsetSize) bytes, "
          + "but the \(counted(Int(tableSpace), "byte")) from byte \(tableOffset) to the trailer hold "
          + (tableSpace % UInt64(offsetSize) == 0
            ? counted(Int(tableSpace / UInt64(offsetSize)), "offset") : "no whole number of offsets"))
    }
    guard topObject < objectCount else {
      throw invalid(16, "top object \(topObject) is not below the object count \(objectCount)")
    }
    guard objectCount <= UInt64(min(limits.maximumObjectCount, BinaryPropertyListObjectReader.maximumObjectCount))
    else {
      throw PropertyListError(
        .limitExceeded, format: .binary, at: .byteOffset(start + 8),
        "trailer: object count \(objectCount) is over the limit of "
          + "\(min(limits.maximumObjectCount, BinaryPropertyListObjectReader.maximumObjectCount))")
    }
    self.init(
      offsetSize: offsetSize, referenceSize: referenceSize, objectCount: Int(objectCount),
      topObject: Int(topObject), offsetTableOffset: Int(tableOffset))
  }
}

extension UnsafeRawBufferPointer {
  /// The unsigned big-endian integer of `size` (1…8) bytes at `offset`; the caller has checked
  /// that the bytes are there. References and offsets lie before a 32-byte trailer, so nearly
  /// every read is one 8-byte load, shifted.
  @inline(__always)
  func readBigEndian(at offset: Int, size: Int) -> UInt64 {
    if offset &+ 8 <= count, let base = baseAddress {
      let word = UInt64(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      return word &>> UInt64(64 &- 8 &* size)
    }
    var value: UInt64 = 0
    for index in offset..<(offset + size) { value = value << 8 | UInt64(self[index]) }
    return value
  }
}
