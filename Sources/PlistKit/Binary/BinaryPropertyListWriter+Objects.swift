extension [UInt8] {
  /// Appends a scalar's object: what the stream writer writes for a scalar event.
  mutating func appendBinaryScalar(_ value: PropertyList) {
    switch value {
    case .string(let string): appendBinaryString(string)
    case .integer(let integer): appendBinaryInteger(integer)
    case .real(let real):
      append(BinaryPropertyListMarker.realNibble << 4 | 3)
      appendBigEndian(real.bitPattern, size: 8)
    case .boolean(let boolean): append(boolean ? BinaryPropertyListMarker.true : BinaryPropertyListMarker.false)
    case .date(let date):
      append(BinaryPropertyListMarker.date)
      appendBigEndian(date.secondsSinceReferenceDate.bitPattern, size: 8)
    case .data(let bytes):
      appendBinaryMarker(BinaryPropertyListMarker.dataNibble, count: bytes.count)
      append(contentsOf: bytes)
    case .uid(let uid):
      let size = uid <= 0xFF ? 1 : uid <= 0xFFFF ? 2 : uid <= 0xFFFF_FFFF ? 4 : 8
      append(BinaryPropertyListMarker.uidNibble << 4 | UInt8(size - 1))
      appendBigEndian(uid, size: size)
    case .array, .dictionary:
      preconditionFailure("containers are written by the stream writer itself")
    }
  }

  /// Non-negative values below 2^8, 2^16 and 2^32 in 1, 2 and 4 bytes (read back as
  /// unsigned); negative values and the rest of the `Int64` range in 8 bytes; values above
  /// `Int64.max` as 128-bit integers whose high half is zero.
  private mutating func appendBinaryInteger(_ integer: PropertyListInteger) {
    if let unsigned = integer.uint64Value {
      if unsigned <= 0xFF {
        append(BinaryPropertyListMarker.integerNibble << 4 | 0)
        appendBigEndian(unsigned, size: 1)
      } else if unsigned <= 0xFFFF {
        append(BinaryPropertyListMarker.integerNibble << 4 | 1)
        appendBigEndian(unsigned, size: 2)
      } else if unsigned <= 0xFFFF_FFFF {
        append(BinaryPropertyListMarker.integerNibble << 4 | 2)
        appendBigEndian(unsigned, size: 4)
      } else if unsigned <= UInt64(Int64.max) {
        append(BinaryPropertyListMarker.integerNibble << 4 | 3)
        appendBigEndian(unsigned, size: 8)
      } else {
        append(BinaryPropertyListMarker.integerNibble << 4 | 4)
        appendBigEndian(0, size: 8)
        appendBigEndian(unsigned, size: 8)
      }
    } else {
      append(BinaryPropertyListMarker.integerNibble << 4 | 3)
      appendBigEndian(integer.bitPattern, size: 8)
    }
  }

  /// A marker whose low nibble holds `count` below 15, else 0xF followed by the count as an
  /// integer object.
  mutating func appendBinaryMarker(_ nibble: UInt8, count: Int) {
    if count < Int(BinaryPropertyListMarker.extendedLength) {
      append(nibble << 4 | UInt8(count))
    } else {
      append(nibble << 4 | BinaryPropertyListMarker.extendedLength)
      appendBinaryInteger(PropertyListInteger(Int64(count)))
    }
  }

  /// The low `size` bytes of `value`, most significant first.
  @inline(__always)
  mutating func appendBigEndian(_ value: UInt64, size: Int) {
    var shift = 8 * (size - 1)
    while shift >= 0 {
      append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
      shift -= 8
    }
  }
}
