/// Decodes the objects of a binary plist whose trailer has been validated.
///
/// The traversal keeps its own stack of open containers instead of recursing, so nesting is
/// bounded by ``PropertyListLimits/maximumDepth`` alone and never by the thread's stack. Each
/// object is decoded at most once and cached by index: a value referenced from many places
/// is shared (values are copy-on-write), which keeps a "sharing bomb" linear.
///
/// Each cached value keeps its height (how many containers deep it goes), so that reusing it
/// deep inside another container cannot build a value nested deeper than the limit: chains
/// of cached values would otherwise stack up, past any thread's stack when the value is used
/// or released.
struct BinaryPropertyListObjectReader {
  let bytes: UnsafeRawBufferPointer
  let trailer: BinaryPropertyListTrailer
  let limits: PropertyListLimits

  /// The state of each object, by index: ``unvisited``, ``open``, or the position of its
  /// value in ``values`` plus ``firstValue``. Four bytes per object, allocated before anything
  /// is decoded, so a file's object count costs little until its objects are really read.
  private var slots: [UInt32]
  /// The decoded values, in the order they were decoded.
  private var values: [PropertyList] = []
  /// The height of each decoded value: 0 for a scalar, 1 + the tallest element for a container.
  private var heights: [Int] = []
  /// Bytes of strings and data decoded so far, against ``PropertyListLimits/maximumDecodedSize``.
  var decodedSize = 0

  private static let unvisited: UInt32 = 0
  private static let open: UInt32 = 1
  private static let firstValue: UInt32 = 2
  /// The most objects a slot can number (the trailer rejects more).
  static let maximumObjectCount = Int(UInt32.max - firstValue)

  /// Makes a reader; one that does not track objects (for ``readTopObject()``) only decodes
  /// single objects, without the four bytes per object that tracking allocates.
  init(
    bytes: UnsafeRawBufferPointer, trailer: BinaryPropertyListTrailer, limits: PropertyListLimits,
    tracksObjects: Bool = true
  ) {
    self.bytes = bytes
    self.trailer = trailer
    self.limits = limits
    slots = tracksObjects ? Array(repeating: Self.unvisited, count: trailer.objectCount) : []
  }

  /// The value of object `index` and its height, if decoded.
  private func decoded(_ index: Int) -> (value: PropertyList, height: Int)? {
    let slot = slots[index]
    guard slot >= Self.firstValue else { return nil }
    let position = Int(slot - Self.firstValue)
    return (values[position], heights[position])
  }

  /// Caches the value of object `index`.
  private mutating func store(_ value: PropertyList, height: Int, for index: Int) {
    slots[index] = UInt32(values.count) + Self.firstValue
    values.append(value)
    heights.append(height)
  }

  /// The end of the object area: objects and their contents must end before the offset table.
  var objectAreaEnd: Int { trailer.offsetTableOffset }

  /// An array, set or dictionary whose references are being followed.
  struct OpenContainer {
    /// The container's object index and byte offset.
    let object: Int
    let offset: Int
    let marker: UInt8
    /// The byte offset of the first reference.
    let referencesStart: Int
    /// Entries: elements of an array or set, key-value pairs of a dictionary.
    let count: Int
    /// The next reference to follow; a dictionary's keys come first, then its values.
    var next = 0
    var keys: [String] = []
    var values: [PropertyList] = []
    /// 1 + the height of the tallest value so far.
    var height = 1

    mutating func append(_ value: PropertyList, height childHeight: Int) {
      values.append(value)
      height = Swift.max(height, childHeight + 1)
    }

    var isDictionary: Bool { marker >> 4 == BinaryPropertyListMarker.dictionaryNibble }
    var referenceCount: Int { isDictionary ? 2 * count : count }
  }

  /// Decodes the top object and everything it references.
  mutating func readTopObject() throws(PropertyListError) -> PropertyList {
    var stack: [OpenContainer] = []
    if let (value, _) = try resolve(trailer.topObject, stack: &stack) { return value }
    while !stack.isEmpty {
      let top = stack.count - 1
      // Plain integers copied out of the open container: passing the container itself would
      // copy it, and retain and release its arrays, once per reference.
      let position = stack[top].next
      if position < stack[top].referenceCount {
        stack[top].next = position + 1
        let object = stack[top].object
        let reference = try readReference(
          at: stack[top].referencesStart + position * trailer.referenceSize, from: object)
        if stack[top].isDictionary && position < stack[top].count {
          let key = try readKey(reference, inDictionary: object, at: stack[top].offset)
          stack[top].keys.append(key)
        } else if let (value, height) = try resolve(reference, stack: &stack) {
          stack[top].append(value, height: height)
        }
        continue
      }
      let container = stack.removeLast()
      let value = close(container)
      if stack.isEmpty { return value }
      stack[stack.count - 1].append(value, height: container.height)
    }
    // The loop returns when it closes the last container.
    throw PropertyListError(.invalidValue, format: .binary, "the top object could not be decoded")
  }

  /// The value of object `index` and its height when it is ready (cached or a scalar); nil
  /// after opening it as a container on `stack`.
  private mutating func resolve(
    _ index: Int, stack: inout [OpenContainer]
  ) throws(PropertyListError) -> (
    PropertyList, Int
  )? {
    if let (value, height) = decoded(index) {
      guard stack.count + height <= limits.maximumDepth else { throw tooDeep(index, at: try offset(ofObject: index)) }
      return (value, height)
    }
    let offset = try offset(ofObject: index)
    let marker = bytes[offset]
    if slots[index] == Self.open {
      throw PropertyListError(
        .invalidValue, format: .binary, at: .byteOffset(offset),
        "\(BinaryPropertyListMarker.describe(marker).dropArticle) (object \(index)) contains itself")
    }
    switch marker >> 4 {
    case BinaryPropertyListMarker.arrayNibble, BinaryPropertyListMarker.setNibble,
      BinaryPropertyListMarker.dictionaryNibble:
      guard stack.count < limits.maximumDepth else { throw tooDeep(index, at: offset) }
      let isDictionary = marker >> 4 == BinaryPropertyListMarker.dictionaryNibble
      let (count, start) = try readLength(ofObject: index, at: offset, marker: marker)
      let (references, overflow) = count.multipliedReportingOverflow(by: isDictionary ? 2 : 1)
      try checkFits(
        object: index, at: offset, start: start, count: overflow ? Int.max : references,
        unitSize: trailer.referenceSize, what: BinaryPropertyListMarker.describe(marker).dropArticle,
        unit: "references")
      var container = OpenContainer(object: index, offset: offset, marker: marker, referencesStart: start, count: count)
      container.values.reserveCapacity(count)
      if isDictionary { container.keys.reserveCapacity(count) }
      slots[index] = Self.open
      stack.append(container)
      return nil
    default:
      let value = try readScalar(index, at: offset, marker: marker)
      store(value, height: 0, for: index)
      return (value, 0)
    }
  }

  /// Builds the value of a container whose references have all been followed, and caches it.
  private mutating func close(_ container: OpenContainer) -> PropertyList {
    let value: PropertyList
    if container.isDictionary {
      value = .dictionary(PropertyListDictionary(keys: container.keys, values: container.values))
    } else {
      value = .array(container.values)
    }
    store(value, height: container.height, for: container.object)
    return value
  }

  /// The object index in the reference at `byteOffset` of container `object`, checked against
  /// the count.
  func readReference(at byteOffset: Int, from object: Int) throws(PropertyListError) -> Int {
    let reference = bytes.readBigEndian(at: byteOffset, size: trailer.referenceSize)
    guard reference < UInt64(trailer.objectCount) else {
      throw PropertyListError(
        .invalidValue, format: .binary, at: .byteOffset(byteOffset),
        "object \(object) refers to object \(reference), but there are only \(trailer.objectCount) objects")
    }
    return Int(reference)
  }

  /// Decodes a key of the dictionary that is object `dictionary` at byte `dictionaryOffset`;
  /// the key must be a string.
  private mutating func readKey(
    _ index: Int, inDictionary dictionary: Int, at dictionaryOffset: Int
  ) throws(PropertyListError) -> String {
    if case .string(let key) = decoded(index)?.value { return key }
    let offset = try offset(ofObject: index)
    let marker = bytes[offset]
    switch marker >> 4 {
    case BinaryPropertyListMarker.asciiStringNibble, BinaryPropertyListMarker.utf16StringNibble:
      let key = try readString(index, at: offset, marker: marker)
      store(.string(key), height: 0, for: index)
      return key
    default:
      throw PropertyListError(
        .invalidValue, format: .binary, at: .byteOffset(offset),
        "dictionary key (object \(index)) is \(BinaryPropertyListMarker.describe(marker)), expected a string; "
          + "the dictionary is object \(dictionary) at byte \(dictionaryOffset)")
    }
  }

  /// The error for object `index` making the value nest deeper than the limit.
  private func tooDeep(_ index: Int, at offset: Int) -> PropertyListError {
    PropertyListError(
      .limitExceeded, format: .binary, at: .byteOffset(offset),
      "object \(index): nesting is deeper than the limit of \(limits.maximumDepth) arrays and dictionaries")
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
  fileprivate var dropArticle: String {
    if hasPrefix("an ") { return String(dropFirst(3)) }
    if hasPrefix("a ") { return String(dropFirst(2)) }
    return self
  }
}
