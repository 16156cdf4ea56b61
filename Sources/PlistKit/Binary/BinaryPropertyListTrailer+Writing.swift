extension BinaryPropertyListTrailer {
  /// Appends the 32-byte trailer (the unused bytes and the sort version are zero).
  func append(to out: inout [UInt8]) {
    out.append(contentsOf: repeatElement(0, count: 6))
    out.append(UInt8(offsetSize))
    out.append(UInt8(referenceSize))
    out.appendBigEndian(UInt64(objectCount), size: 8)
    out.appendBigEndian(UInt64(topObject), size: 8)
    out.appendBigEndian(UInt64(offsetTableOffset), size: 8)
  }
}
