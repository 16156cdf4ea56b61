/// The layout of a binary plist that is a list of names: an array of strings, or a dictionary
/// whose values are all arrays of strings (the book's `sortednames.plist`), with every string
/// checked but left undecoded in the file.
///
/// A million short strings cost the general traversal its per-object bookkeeping (the cache
/// of decoded values, their heights, the stack of open containers) many times over the
/// decoding itself, and a search needs the text of its matches only; these shapes need none
/// of that bookkeeping, as they nest two levels at most and cannot contain themselves.
package struct BinaryPropertyListStringLists {
  /// The dictionary's keys in file order, or nil when the top object is an array.
  package let titles: [String]?
  /// For each key (or the one array), the byte offsets of its strings' objects.
  package let sections: [[Int]]

  /// The trailer and limits of the scanned file, to decode UTF-16 and Latin-1 strings later.
  private let trailer: BinaryPropertyListTrailer
  private let limits: PropertyListLimits

  /// Scans `bytes` for one of the two shapes. Returns nil for any other shape, and for anything
  /// the general traversal would have to judge (a broken reference, a string that does not
  /// decode, a limit reached): reading the file as a whole then gives the value or the
  /// precise error.
  package init?(scanning bytes: UnsafeRawBufferPointer, options: PropertyListReadingOptions = .default) {
    guard let trailer = try? BinaryPropertyListTrailer(reading: bytes, limits: options.limits) else { return nil }
    var reader = BinaryPropertyListObjectReader(
      bytes: bytes, trailer: trailer, limits: options.limits, tracksObjects: false)
    guard let (titles, sections) = reader.scanStringLists() else { return nil }
    self.titles = titles
    self.sections = sections
    self.trailer = trailer
    limits = options.limits
  }

  /// The bytes of the string object at `offset` when they are its UTF-8 text (an ASCII string
  /// of bytes below 0x80, or a UTF-8 string); nil for UTF-16 and Latin-1 text.
  package func utf8Bytes(at offset: Int, in bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
    let nibble = bytes[offset] >> 4
    guard nibble != BinaryPropertyListMarker.utf16StringNibble else { return nil }
    let (start, count) = Self.content(at: offset, in: bytes)
    let text = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)])
    if nibble == BinaryPropertyListMarker.asciiStringNibble {
      var any: UInt8 = 0
      for byte in text { any |= byte }
      if any >= 0x80 { return nil }
    }
    return text
  }

  /// The text of the string object at `offset`, as the general traversal decodes it.
  package func string(at offset: Int, in bytes: UnsafeRawBufferPointer) -> String {
    if let utf8 = utf8Bytes(at: offset, in: bytes) { return String(decoding: utf8, as: UTF8.self) }
    // The scan decoded every string once already, so this cannot fail.
    var reader = BinaryPropertyListObjectReader(bytes: bytes, trailer: trailer, limits: limits, tracksObjects: false)
    return (try? reader.readString(0, at: offset, marker: bytes[offset])) ?? ""
  }

  /// Where the content of the string object at `offset` starts, and its length, which the
  /// scan checked.
  private static func content(at offset: Int, in bytes: UnsafeRawBufferPointer) -> (start: Int, count: Int) {
    let nibble = bytes[offset] & 0x0F
    guard nibble == BinaryPropertyListMarker.extendedLength else { return (offset + 1, Int(nibble)) }
    let size = 1 << Int(bytes[offset + 1] & 0x0F)
    return (offset + 2 + size, Int(bytes.readBigEndian(at: offset + 2, size: size)))
  }
}

extension BinaryPropertyListObjectReader {
  /// Decodes an array of strings or a dictionary of arrays of strings directly, or returns nil
  /// (see ``BinaryPropertyListStringLists``) so that the caller uses ``readTopObject()``.
  mutating func readStringLists() -> PropertyList? {
    guard let (titles, sections) = scanStringLists() else { return nil }
    // The scan counted every string against the limit; decoding counts them again.
    decodedSize = 0
    var values: [[PropertyList]] = []
    values.reserveCapacity(sections.count)
    for section in sections {
      var items: [PropertyList] = []
      items.reserveCapacity(section.count)
      for offset in section {
        guard let text = try? readString(0, at: offset, marker: bytes[offset]) else { return nil }
        items.append(.string(text))
      }
      values.append(items)
    }
    guard let titles else { return .array(values.first ?? []) }
    // Built as the general traversal closes a dictionary, so that repeated keys resolve alike.
    var dictionary = PropertyListDictionary()
    for (key, items) in zip(titles, values) { dictionary[key] = .array(items) }
    return .dictionary(dictionary)
  }

  /// The keys (nil for a top array) and the string objects' offsets of each array, with every
  /// string checked to decode within the limits; nil for any other shape or any problem.
  mutating func scanStringLists() -> (titles: [String]?, sections: [[Int]])? {
    guard limits.maximumDepth >= 2, let top = try? offset(ofObject: trailer.topObject) else { return nil }
    let marker = bytes[top]
    switch marker >> 4 {
    case BinaryPropertyListMarker.arrayNibble:
      return scanStringArray(trailer.topObject, at: top, marker: marker).map { (nil, [$0]) }
    case BinaryPropertyListMarker.dictionaryNibble:
      guard let (count, start) = references(of: trailer.topObject, at: top, marker: marker, perEntry: 2) else {
        return nil
      }
      var keys: [String] = []
      var sections: [[Int]] = []
      keys.reserveCapacity(count)
      sections.reserveCapacity(count)
      for entry in 0..<count {
        guard let keyIndex = reference(at: start, position: entry),
          let keyOffset = stringOffset(keyIndex),
          let key = try? readString(keyIndex, at: keyOffset, marker: bytes[keyOffset]),
          let valueIndex = reference(at: start, position: count + entry),
          let valueOffset = try? offset(ofObject: valueIndex),
          bytes[valueOffset] >> 4 == BinaryPropertyListMarker.arrayNibble,
          let items = scanStringArray(valueIndex, at: valueOffset, marker: bytes[valueOffset])
        else { return nil }
        keys.append(key)
        sections.append(items)
      }
      return (keys, sections)
    default:
      return nil
    }
  }

  /// The offsets of an array's string objects, or nil when an element is anything else.
  private mutating func scanStringArray(_ index: Int, at offset: Int, marker: UInt8) -> [Int]? {
    guard let (count, start) = references(of: index, at: offset, marker: marker, perEntry: 1) else { return nil }
    var items: [Int] = []
    items.reserveCapacity(count)
    for position in 0..<count {
      guard let element = reference(at: start, position: position), let stringOffset = stringOffset(element),
        checkString(element, at: stringOffset)
      else { return nil }
      items.append(stringOffset)
    }
    return items
  }

  /// Checks that a string object fits, counts it against the decoded-size limit, and decodes
  /// it when its encoding can be broken (UTF-16, UTF-8); an ASCII string always decodes.
  private mutating func checkString(_ index: Int, at offset: Int) -> Bool {
    let marker = bytes[offset]
    if marker >> 4 != BinaryPropertyListMarker.asciiStringNibble {
      return (try? readString(index, at: offset, marker: marker)) != nil
    }
    guard let (count, start) = try? readLength(ofObject: index, at: offset, marker: marker),
      (try? checkFits(object: index, at: offset, start: start, count: count, unitSize: 1, what: "string", unit: "bytes"))
        != nil,
      (try? account(count, object: index, at: offset)) != nil
    else { return false }
    return true
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
    case BinaryPropertyListMarker.asciiStringNibble, BinaryPropertyListMarker.utf16StringNibble,
      BinaryPropertyListMarker.utf8StringNibble:
      return offset
    default:
      return nil
    }
  }
}
