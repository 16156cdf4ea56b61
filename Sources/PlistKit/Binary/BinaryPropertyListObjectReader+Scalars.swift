extension BinaryPropertyListObjectReader {
  /// Decodes an object that is not a container.
  mutating func readScalar(_ index: Int, at offset: Int, marker: UInt8) throws(PropertyListError) -> PropertyList {
    let low = marker & 0x0F
    switch marker >> 4 {
    case BinaryPropertyListMarker.singletonNibble:
      switch marker {
      case BinaryPropertyListMarker.false: return .boolean(false)
      case BinaryPropertyListMarker.true: return .boolean(true)
      case BinaryPropertyListMarker.null:
        throw invalid(index, at: offset, "null (0x00) is not a property-list value")
      case BinaryPropertyListMarker.fill:
        throw invalid(index, at: offset, "fill (0x0F) is padding, not a property-list value")
      default:
        throw invalid(index, at: offset, "unknown object marker \(BinaryPropertyListMarker.hex(marker))", kind: .syntax)
      }
    case BinaryPropertyListMarker.integerNibble:
      return .integer(try readInteger(index, at: offset, marker: marker))
    case BinaryPropertyListMarker.realNibble:
      switch low {
      case 2:
        try checkFits(object: index, at: offset, start: offset + 1, count: 4, unitSize: 1, what: "real", unit: "bytes")
        return .real(Double(Float(bitPattern: UInt32(bytes.readBigEndian(at: offset + 1, size: 4)))))
      case 3:
        try checkFits(object: index, at: offset, start: offset + 1, count: 8, unitSize: 1, what: "real", unit: "bytes")
        return .real(Double(bitPattern: bytes.readBigEndian(at: offset + 1, size: 8)))
      default:
        throw invalid(
          index, at: offset, "a real of \(1 << Int(low)) bytes is not supported; expected 4 or 8", kind: .syntax)
      }
    case BinaryPropertyListMarker.dateNibble:
      guard marker == BinaryPropertyListMarker.date else {
        throw invalid(
          index, at: offset, "date marker \(BinaryPropertyListMarker.hex(marker)) is not supported; expected 0x33",
          kind: .syntax)
      }
      try checkFits(object: index, at: offset, start: offset + 1, count: 8, unitSize: 1, what: "date", unit: "bytes")
      let seconds = Double(bitPattern: bytes.readBigEndian(at: offset + 1, size: 8))
      return .date(PropertyListDate(secondsSinceReferenceDate: seconds))
    case BinaryPropertyListMarker.dataNibble:
      let (count, start) = try readLength(ofObject: index, at: offset, marker: marker)
      try checkFits(object: index, at: offset, start: start, count: count, unitSize: 1, what: "data", unit: "bytes")
      try account(count, object: index, at: offset)
      return .data(Array(bytes[start..<(start + count)]))
    case BinaryPropertyListMarker.asciiStringNibble, BinaryPropertyListMarker.utf16StringNibble:
      return .string(try readString(index, at: offset, marker: marker))
    case BinaryPropertyListMarker.uidNibble:
      let size = Int(low) + 1
      guard size <= 8 else {
        throw invalid(index, at: offset, "a UID of \(size) bytes is not supported; expected 1…8", kind: .syntax)
      }
      try checkFits(object: index, at: offset, start: offset + 1, count: size, unitSize: 1, what: "UID", unit: "bytes")
      return .uid(bytes.readBigEndian(at: offset + 1, size: size))
    default:
      throw invalid(index, at: offset, "unknown object marker \(BinaryPropertyListMarker.hex(marker))", kind: .syntax)
    }
  }

  /// Reads an integer object: 1, 2 and 4 bytes are unsigned, 8 bytes signed, 16 bytes a
  /// signed 128-bit value that must fit in `Int64.min…UInt64.max`.
  private func readInteger(_ index: Int, at offset: Int, marker: UInt8) throws(PropertyListError) -> PropertyListInteger
  {
    let low = marker & 0x0F
    guard low <= 4 else {
      throw invalid(
        index, at: offset, "an integer of 2^\(low) bytes is not supported; expected 1, 2, 4, 8 or 16", kind: .syntax)
    }
    let size = 1 << Int(low)
    try checkFits(
      object: index, at: offset, start: offset + 1, count: size, unitSize: 1, what: "integer", unit: "bytes")
    switch size {
    case 1, 2, 4: return PropertyListInteger(bytes.readBigEndian(at: offset + 1, size: size))
    case 8: return PropertyListInteger(Int64(bitPattern: bytes.readBigEndian(at: offset + 1, size: 8)))
    default:
      let high = bytes.readBigEndian(at: offset + 1, size: 8)
      let low = bytes.readBigEndian(at: offset + 9, size: 8)
      if high == 0 { return PropertyListInteger(low) }
      if high == UInt64.max && low >= 1 << 63 { return PropertyListInteger(Int64(bitPattern: low)) }
      throw invalid(
        index, at: offset,
        "128-bit integer (high 64 bits \(String(high, radix: 16)), low \(String(low, radix: 16))) "
          + "is outside \(Int64.min)…\(UInt64.max)")
    }
  }

  /// Reads the element count of a data, string or container object: the marker's low nibble,
  /// or, when that is 0xF, the integer object that follows (1, 2, 4 or 8 bytes, not negative).
  /// Returns the count and the offset of the content.
  func readLength(
    ofObject index: Int, at offset: Int, marker: UInt8
  ) throws(PropertyListError) -> (
    count: Int, start: Int
  ) {
    let nibble = marker & 0x0F
    guard nibble == BinaryPropertyListMarker.extendedLength else { return (Int(nibble), offset + 1) }
    try checkFits(object: index, at: offset, start: offset + 1, count: 1, unitSize: 1, what: "length", unit: "bytes")
    let lengthMarker = bytes[offset + 1]
    guard lengthMarker >> 4 == BinaryPropertyListMarker.integerNibble, lengthMarker & 0x0F <= 3 else {
      throw invalid(
        index, at: offset,
        "expected an integer of 1, 2, 4 or 8 bytes for the length after \(BinaryPropertyListMarker.hex(marker)), "
          + "found marker \(BinaryPropertyListMarker.hex(lengthMarker))", kind: .syntax)
    }
    let size = 1 << Int(lengthMarker & 0x0F)
    try checkFits(object: index, at: offset, start: offset + 2, count: size, unitSize: 1, what: "length", unit: "bytes")
    let length = bytes.readBigEndian(at: offset + 2, size: size)
    guard length <= UInt64(Int.max) else {
      throw invalid(index, at: offset, "length \(Int64(bitPattern: length)) is negative")
    }
    return (Int(length), offset + 2 + size)
  }

  /// Checks that `count` units of `unitSize` bytes from `start` end inside the object area,
  /// without overflow, so that a length of a gigabyte in a small file fails before any work.
  @inline(__always)
  func checkFits(
    object index: Int, at offset: Int, start: Int, count: Int, unitSize: Int, what: @autoclosure () -> String,
    unit: StaticString
  ) throws(PropertyListError) {
    let left = max(objectAreaEnd - start, 0)
    guard count <= left / unitSize else {
      throw doesNotFit(index, at: offset, count: count, unitSize, what(), unit, left)
    }
  }

  /// The error for content that runs past the object area.
  private func doesNotFit(
    _ index: Int, at offset: Int, count: Int, _ unitSize: Int, _ what: String, _ unit: StaticString, _ left: Int
  ) -> PropertyListError {
    // Every unit is a plural ("bytes", "references"): one of them drops its "s".
    let plural = "\(unit)"
    let amount = unitSize == 1 ? counted(count, String(plural.dropLast()), plural) : "\(count)×\(unitSize) \(plural)"
    return PropertyListError(
      .unexpectedEnd, format: .binary, at: .byteOffset(offset),
      "object \(index): \(what) of \(amount) does not fit in the \(counted(left, "byte")) left before the offset table"
    )
  }

  /// Counts decoded string and data bytes against the limit.
  mutating func account(_ size: Int, object index: Int, at offset: Int) throws(PropertyListError) {
    decodedSize += size
    guard decodedSize <= limits.maximumDecodedSize else {
      throw PropertyListError(
        .limitExceeded, format: .binary, at: .byteOffset(offset),
        "object \(index): strings and data decode to more than the limit of \(limits.maximumDecodedSize) bytes")
    }
  }

  /// An error at an object.
  func invalid(
    _ index: Int, at offset: Int, _ message: String, kind: PropertyListError.Kind = .invalidValue
  ) -> PropertyListError {
    PropertyListError(kind, format: .binary, at: .byteOffset(offset), "object \(index): " + message)
  }
}
