/// The last 32 bytes of a binary plist: the sizes of offsets and object references, the
/// number of objects, which one is the top, and where the offset table starts.
///
/// Layout: 5 unused bytes, a sort version (unused), offset size, reference size, then three
/// big-endian 64-bit integers: object count, top object, offset table offset.
struct BinaryPropertyListTrailer: Equatable {
  /// The trailer's length in bytes.
  static let size = 32

  /// Bytes per entry of the offset table, 1…8.
  var offsetSize: Int
  /// Bytes per object reference in arrays and dictionaries, 1…8.
  var referenceSize: Int
  /// The number of objects (and of offset table entries).
  var objectCount: Int
  /// The index of the root object.
  var topObject: Int
  /// The byte offset of the offset table; objects lie between the header and it.
  var offsetTableOffset: Int
}

extension BinaryPropertyListTrailer {
  /// The fewest bytes (1…8) whose unsigned big-endian integers reach `value`: CoreFoundation
  /// reads a file only when the object count fits the reference size and the offset table's
  /// offset fits the offset size, so the writer sizes them by those two values.
  static func byteCount(holding value: Int) -> Int {
    var count = 1
    while count < 8 && UInt64(value) >> (8 * UInt64(count)) != 0 { count += 1 }
    return count
  }
}
