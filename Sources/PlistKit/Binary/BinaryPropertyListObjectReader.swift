/// Decodes single objects of a binary plist whose trailer has been validated: offsets,
/// references, lengths, scalars and strings, each checked against the file before it is used.
/// ``BinaryPropertyListEventReader`` walks the object graph with it.
struct BinaryPropertyListObjectReader {
  let bytes: UnsafeRawBufferPointer
  let trailer: BinaryPropertyListTrailer
  let limits: PropertyListLimits
  /// Bytes of strings and data decoded so far, against ``PropertyListLimits/maximumDecodedSize``.
  var decodedSize = 0

  /// The most objects a file may have: the walk numbers them in four bytes.
  static let maximumObjectCount = Int(UInt32.max - 2)

  init(bytes: UnsafeRawBufferPointer, trailer: BinaryPropertyListTrailer, limits: PropertyListLimits) {
    self.bytes = bytes
    self.trailer = trailer
    self.limits = limits
  }

  /// The end of the object area: objects and their contents must end before the offset table.
  var objectAreaEnd: Int { trailer.offsetTableOffset }

  /// The object index in the reference at `byteOffset` of container `object`, checked against
  /// the count.
  func readReference(at byteOffset: Int, from object: Int) throws(PropertyListError) -> Int {
    let reference = bytes.readBigEndian(at: byteOffset, size: trailer.referenceSize)
    guard reference < UInt64(trailer.objectCount) else {
      throw PropertyListError(
        .invalidValue, format: .binary, at: .byteOffset(byteOffset),
        "object \(object) refers to object \(reference), but there \(trailer.objectCount == 1 ? "is" : "are") only \(counted(trailer.objectCount, "object"))"
      )
    }
    return Int(reference)
  }

  /// The byte offset of object `index` from the offset table, checked to be in the object area.
  func offset(ofObject index: Int) throws(PropertyListError) -> Int {
    let entry = trailer.offsetTableOffset + index * trailer.offsetSize
    let offset = bytes.readBigEndian(at: entry, size: trailer.offsetSize)
    guard offset >= UInt64(BinaryPropertyListMarker.headerSize), offset < UInt64(objectAreaEnd) else {
      throw PropertyListError(
        .invalidValue, format: .binary, at: .byteOffset(entry),
        "object \(index) is at byte \(offset), outside the object area "
          + "\(BinaryPropertyListMarker.headerSize)…\(objectAreaEnd - 1)")
    }
    return Int(offset)
  }
}

extension String {
  /// "an array" → "array", for messages that start with the noun.
  var dropArticle: String {
    if hasPrefix("an ") { return String(dropFirst(3)) }
    if hasPrefix("a ") { return String(dropFirst(2)) }
    return self
  }
}
