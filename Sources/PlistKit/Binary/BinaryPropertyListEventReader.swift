/// Reads the objects of a binary plist in document order and reports them to a
/// ``PropertyListEventConsumer``, without building the value, so that a conversion to a text
/// form can write as it reads.
///
/// Its reports describe exactly the value ``BinaryPropertyListReader`` returns for the same
/// bytes, under the same limits. It does not explain failures: wherever the reports could
/// not describe that value, ``read(_:limits:maximumValueCount:into:)`` returns false and the
/// caller reads the value instead, which throws the reader's exact error or gives the value
/// to write. That is the case for:
/// - any error the reader would report;
/// - an array or dictionary referenced from more than one place: the value shares it, and a
///   text form would repeat it as often as it is referenced (sixty levels of a container
///   holding its child twice are 2^60 values), while a cycle would never end;
/// - more values than `maximumValueCount` (each occurrence of a shared scalar counts);
/// - a consumer that stops the read (see ``PropertyListEventConsumer/key(_:)``).
///
/// Like the reader it keeps its own stack of open containers, and counts each string and data
/// object's bytes once against ``PropertyListLimits/maximumDecodedSize``.
struct BinaryPropertyListEventReader {
  private var objects: BinaryPropertyListObjectReader
  private let limits: PropertyListLimits
  private let maximumValueCount: Int
  /// Objects met so far: a container met again is shared; a string or data object met again
  /// has been counted against the decoded-size limit already.
  private var met: [Bool]
  /// Values reported so far.
  private var valueCount = 0
  /// UTF-8 made from a UTF-16 or ISO Latin-1 string.
  private var transcoded: [UInt8] = []
  /// The containers being reported, the innermost last.
  private var stack: [OpenContainer] = []

  /// An array, set or dictionary whose references are being followed.
  private struct OpenContainer {
    let object: Int
    let isDictionary: Bool
    /// The byte offset of the first reference.
    let referencesStart: Int
    /// Elements, or key-value pairs.
    let count: Int
    /// The next element or pair to report.
    var next = 0
  }

  private init(objects: BinaryPropertyListObjectReader, limits: PropertyListLimits, maximumValueCount: Int) {
    self.objects = objects
    self.limits = limits
    self.maximumValueCount = maximumValueCount
    met = Array(repeating: false, count: objects.trailer.objectCount)
  }

  /// Reports the property list in `bytes` to `consumer`; false when the reports cannot
  /// describe the value (see the type's description): what `consumer` received is then
  /// incomplete.
  static func read<Consumer: PropertyListEventConsumer>(
    _ bytes: UnsafeRawBufferPointer, limits: PropertyListLimits, maximumValueCount: Int,
    into consumer: inout Consumer
  ) -> Bool {
    guard bytes.count <= limits.maximumInputSize,
      let trailer = try? BinaryPropertyListTrailer(reading: bytes, limits: limits)
    else { return false }
    let objects = BinaryPropertyListObjectReader(bytes: bytes, trailer: trailer, limits: limits, tracksObjects: false)
    var reader = Self(objects: objects, limits: limits, maximumValueCount: maximumValueCount)
    return (try? reader.report(into: &consumer)) ?? false
  }

  private mutating func report<Consumer: PropertyListEventConsumer>(
    into consumer: inout Consumer
  ) throws(PropertyListError) -> Bool {
    let referenceSize = objects.trailer.referenceSize
    guard try report(objects.trailer.topObject, to: &consumer) else { return false }
    while !stack.isEmpty {
      let top = stack.count - 1
      let position = stack[top].next
      guard position < stack[top].count else {
        if stack.removeLast().isDictionary { consumer.endDictionary() } else { consumer.endArray() }
        continue
      }
      stack[top].next = position + 1
      let object = stack[top].object
      let start = stack[top].referencesStart
      if stack[top].isDictionary {
        let key = try objects.readReference(at: start + position * referenceSize, from: object)
        guard try reportKey(key, to: &consumer) else { return false }
        let value = try objects.readReference(at: start + (stack[top].count + position) * referenceSize, from: object)
        guard try report(value, to: &consumer) else { return false }
      } else {
        let element = try objects.readReference(at: start + position * referenceSize, from: object)
        guard try report(element, to: &consumer) else { return false }
      }
    }
    return true
  }

  /// Reports object `index` as a value: a scalar whole, a container by opening it (its
  /// contents follow from the stack); false when it cannot be reported.
  private mutating func report<Consumer: PropertyListEventConsumer>(
    _ index: Int, to consumer: inout Consumer
  ) throws(PropertyListError) -> Bool {
    valueCount += 1
    guard valueCount <= maximumValueCount else { return false }
    let offset = try objects.offset(ofObject: index)
    let marker = objects.bytes[offset]
    switch marker >> 4 {
    case BinaryPropertyListMarker.arrayNibble, BinaryPropertyListMarker.setNibble,
      BinaryPropertyListMarker.dictionaryNibble:
      guard !met[index], stack.count < limits.maximumDepth else { return false }
      met[index] = true
      let isDictionary = marker >> 4 == BinaryPropertyListMarker.dictionaryNibble
      let (count, start) = try objects.readLength(ofObject: index, at: offset, marker: marker)
      let (references, overflow) = count.multipliedReportingOverflow(by: isDictionary ? 2 : 1)
      try objects.checkFits(
        object: index, at: offset, start: start, count: overflow ? Int.max : references,
        unitSize: objects.trailer.referenceSize, what: "container", unit: "references")
      stack.append(OpenContainer(object: index, isDictionary: isDictionary, referencesStart: start, count: count))
      if isDictionary { consumer.beginDictionary() } else { consumer.beginArray() }
    case BinaryPropertyListMarker.asciiStringNibble, BinaryPropertyListMarker.utf16StringNibble:
      try withString(index, at: offset, marker: marker) { consumer.string($0) }
    case BinaryPropertyListMarker.dataNibble:
      let (count, start) = try objects.readLength(ofObject: index, at: offset, marker: marker)
      try objects.checkFits(
        object: index, at: offset, start: start, count: count, unitSize: 1, what: "data", unit: "bytes")
      try countOnce(index, size: count, at: offset)
      consumer.scalar(.data(Array(objects.bytes[start..<(start + count)])))
    default:
      consumer.scalar(try objects.readScalar(index, at: offset, marker: marker))
    }
    return true
  }

  /// Reports object `index` as a dictionary key, which must be a string.
  private mutating func reportKey<Consumer: PropertyListEventConsumer>(
    _ index: Int, to consumer: inout Consumer
  ) throws(PropertyListError) -> Bool {
    let offset = try objects.offset(ofObject: index)
    let marker = objects.bytes[offset]
    switch marker >> 4 {
    case BinaryPropertyListMarker.asciiStringNibble, BinaryPropertyListMarker.utf16StringNibble:
      var going = true
      try withString(index, at: offset, marker: marker) { going = consumer.key($0) }
      return going
    default:
      return false
    }
  }

  /// Calls `body` with the UTF-8 of string object `index`: an ASCII string's own
  /// bytes, or the transcoding of a UTF-16 or ISO Latin-1 one.
  private mutating func withString(
    _ index: Int, at offset: Int, marker: UInt8, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) throws(PropertyListError) {
    let (count, start) = try objects.readLength(ofObject: index, at: offset, marker: marker)
    let bytes = objects.bytes
    if marker >> 4 == BinaryPropertyListMarker.utf16StringNibble {
      try objects.checkFits(
        object: index, at: offset, start: start, count: count, unitSize: 2, what: "string", unit: "UTF-16 units")
      try countOnce(index, size: count * 2, at: offset)
      let objects = self.objects
      let result = transcoded.withTranscodingSpace(count * 3) { buffer in
        objects.transcodeUTF16(from: start, count: count, into: buffer)
      }
      let written: Int
      switch result {
      case .success(let count): written = count
      case .failure(let surrogate): throw objects.unpairedSurrogate(index, at: surrogate.offset)
      }
      transcoded.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<written])) }
      return
    }
    try objects.checkFits(
      object: index, at: offset, start: start, count: count, unitSize: 1, what: "string", unit: "bytes")
    try countOnce(index, size: count, at: offset)
    let text = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)]).bindMemory(to: UInt8.self)
    let firstNonASCII = ASCIIScan.firstNonASCII(in: text)
    if firstNonASCII == count { return body(text) }
    // ISO Latin-1: a byte of 0x80 and above is the character of that number, two bytes in UTF-8.
    transcoded.removeAll(keepingCapacity: true)
    transcoded.append(contentsOf: text[..<firstNonASCII])
    for byte in text[firstNonASCII...] {
      if byte < 0x80 {
        transcoded.append(byte)
      } else {
        transcoded.append(0xC0 | byte >> 6)
        transcoded.append(0x80 | byte & 0x3F)
      }
    }
    transcoded.withUnsafeBufferPointer { body($0) }
  }

  /// Counts the `size` decoded bytes of string or data object `index` against the limit, the
  /// first time the object is met.
  private mutating func countOnce(_ index: Int, size: Int, at offset: Int) throws(PropertyListError) {
    guard !met[index] else { return }
    met[index] = true
    try objects.account(size, object: index, at: offset)
  }
}

extension Array where Element == UInt8 {
  /// Calls `body` with room for `count` bytes in this array's storage (its former contents
  /// dropped), and keeps what `body` wrote there; the array's count is `count` afterwards.
  fileprivate mutating func withTranscodingSpace<Result>(
    _ count: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Result
  ) -> Result {
    if self.count < count { append(contentsOf: repeatElement(0, count: count - self.count)) }
    return withUnsafeMutableBufferPointer { body(UnsafeMutableBufferPointer(rebasing: $0[..<count])) }
  }
}
