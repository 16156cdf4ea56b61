extension BinaryPropertyListObjectReader {
  /// The shape of a list of names without its strings: the keys (nil for a top array), checked
  /// and decoded, and where each array's references start and how many there are, checked to
  /// fit; nil for any other shape or any problem. The strings themselves are left to check.
  mutating func scanStringListLayout() -> (titles: [String]?, sections: [(start: Int, count: Int)])? {
    guard limits.maximumDepth >= 2, let top = try? offset(ofObject: trailer.topObject) else { return nil }
    let marker = bytes[top]
    switch marker >> 4 {
    case BinaryPropertyListMarker.arrayNibble:
      guard let (count, start) = references(of: trailer.topObject, at: top, marker: marker, perEntry: 1) else {
        return nil
      }
      return (nil, [(start, count)])
    case BinaryPropertyListMarker.dictionaryNibble:
      guard let (count, start) = references(of: trailer.topObject, at: top, marker: marker, perEntry: 2) else {
        return nil
      }
      var keys: [String] = []
      var sections: [(start: Int, count: Int)] = []
      keys.reserveCapacity(count)
      sections.reserveCapacity(count)
      for entry in 0..<count {
        guard let keyIndex = reference(at: start, position: entry),
          let keyOffset = stringOffset(keyIndex),
          let key = try? readString(keyIndex, at: keyOffset, marker: bytes[keyOffset]),
          let valueIndex = reference(at: start, position: count + entry),
          let valueOffset = try? offset(ofObject: valueIndex),
          bytes[valueOffset] >> 4 == BinaryPropertyListMarker.arrayNibble,
          let (itemCount, itemStart) = references(
            of: valueIndex, at: valueOffset, marker: bytes[valueOffset], perEntry: 1)
        else { return nil }
        keys.append(key)
        sections.append((itemStart, itemCount))
      }
      return (keys, sections)
    default:
      return nil
    }
  }

  /// The entry count and first reference of a container, checked to fit in the object area.
  private func references(
    of index: Int, at offset: Int, marker: UInt8, perEntry: Int
  ) -> (count: Int, start: Int)? {
    guard let (count, start) = try? readLength(ofObject: index, at: offset, marker: marker) else { return nil }
    let (total, overflow) = count.multipliedReportingOverflow(by: perEntry)
    guard !overflow,
      (try? checkFits(
        object: index, at: offset, start: start, count: total, unitSize: trailer.referenceSize, what: "container",
        unit: "references")) != nil
    else { return nil }
    return (count, start)
  }

  /// The object index at reference `position` from `start`, or nil when it is out of range.
  private func reference(at start: Int, position: Int) -> Int? {
    let reference = bytes.readBigEndian(at: start + position * trailer.referenceSize, size: trailer.referenceSize)
    return reference < UInt64(trailer.objectCount) ? Int(reference) : nil
  }

  /// The byte offset of object `index` when it is a string, else nil.
  private func stringOffset(_ index: Int) -> Int? {
    guard let offset = try? offset(ofObject: index) else { return nil }
    switch bytes[offset] >> 4 {
    case BinaryPropertyListMarker.asciiStringNibble, BinaryPropertyListMarker.utf16StringNibble:
      return offset
    default:
      return nil
    }
  }
}
