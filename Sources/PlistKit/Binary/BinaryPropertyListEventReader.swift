/// Walks the objects of a binary plist from the top object, in document order, and reports them
/// to a ``PropertyListEventSink``: the one traversal behind every binary read, into a value, a
/// stream writer or a checker.
///
/// The walk keeps its own stack of open containers instead of recursing, so nesting is bounded
/// by ``PropertyListLimits/maximumDepth`` alone, never by the thread's stack. It keeps four
/// bytes of state per object: whether it is new, open (a reference to it now is a cycle), a
/// string or data object already counted against ``PropertyListLimits/maximumDecodedSize`` (and
/// whether it was reported as a value, so that a later place is reported as a repeat), or a
/// finished container and its height (how many containers deep it goes), so that placing a
/// shared container deep inside another cannot nest the value deeper than the limit.
///
/// Everything is checked in one order, whatever the sink: a dictionary's keys (the reference,
/// that it is a string, its encoding) when the dictionary opens, then its values in order; an
/// array's elements in order. A shared container is reported once to a sink that takes shared
/// containers, and in full at every place to any other (see ``PropertyListEventSink``).
struct BinaryPropertyListEventReader {
  private var objects: BinaryPropertyListObjectReader
  private let limits: PropertyListLimits
  /// The state of each object (see the type's description).
  private var states: [UInt32]
  /// The containers being reported, the innermost last.
  private var stack: [Frame] = []
  /// UTF-8 made from a UTF-16 or ISO Latin-1 string.
  private var transcoded: [UInt8] = []
  /// Values reported so far, counted only for a sink that hears shared containers in full.
  private var reportedCount = 0
  /// The byte offset of the object being reported, for the sink's locator.
  private let position: UnsafeMutablePointer<Int>
  /// Where the key references of dictionaries whose keys were checked start, and how many keys
  /// they have, one dictionary for each of a few slots chosen by the key count: records of one
  /// shape repeat the same key objects (and a record's nested dictionaries theirs), so a
  /// dictionary whose key references are those bytes again has nothing left to check.
  private var checkedKeyRuns = [Int](repeating: 0, count: 2 * keyRunSlots)
  private static let keyRunSlots = 4

  private static let new: UInt32 = 0
  private static let open: UInt32 = 1
  private static let countedString: UInt32 = 2
  private static let countedData: UInt32 = 3
  private static let reportedString: UInt32 = 4
  private static let reportedData: UInt32 = 5
  private static let firstHeight: UInt32 = 6

  /// An array, set or dictionary whose references are being followed.
  private struct Frame {
    let object: Int
    let offset: Int
    /// The byte offset of the first reference.
    let referencesStart: Int
    /// Elements, or key-value pairs.
    let count: Int
    /// The next element or pair to report.
    var next = 0
    /// 1 + the height of the tallest value so far.
    var height: Int32 = 1
    let isDictionary: Bool
    /// True while a finished container is reported again: its objects are all checked already.
    let isReplay: Bool
  }

  private init(objects: BinaryPropertyListObjectReader, position: UnsafeMutablePointer<Int>) {
    self.objects = objects
    limits = objects.limits
    states = Array(repeating: Self.new, count: objects.trailer.objectCount)
    self.position = position
  }

  /// Reports the property list in `bytes` to `sink`.
  ///
  /// - Throws: ``PropertyListError`` with the byte offset of the problem, or what the sink threw.
  static func read<Sink: PropertyListEventSink>(
    _ bytes: UnsafeRawBufferPointer, limits: PropertyListLimits, into sink: inout Sink
  ) throws(PropertyListError) {
    try limits.checkInputSize(bytes.count, format: .binary)
    let trailer = try BinaryPropertyListTrailer(reading: bytes, limits: limits)
    let position = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    position.initialize(to: 0)
    defer { position.deallocate() }
    var reader = Self(
      objects: BinaryPropertyListObjectReader(bytes: bytes, trailer: trailer, limits: limits), position: position)
    sink.start(locator: PropertyListLocator(source: .byteOffset(UnsafePointer(position))))
    try reader.walk(into: &sink)
  }

  private mutating func walk<Sink: PropertyListEventSink>(into sink: inout Sink) throws(PropertyListError) {
    let referenceSize = objects.trailer.referenceSize
    try visit(objects.trailer.topObject, into: &sink)
    while !stack.isEmpty {
      let top = stack.count - 1
      let next = stack[top].next
      guard next < stack[top].count else {
        try close(into: &sink)
        continue
      }
      stack[top].next = next + 1
      let object = stack[top].object
      let start = stack[top].referencesStart
      if stack[top].isDictionary {
        // The keys were checked when the dictionary opened.
        let key = try objects.readReference(at: start + next * referenceSize, from: object)
        let keyOffset = try objects.offset(ofObject: key)
        position.pointee = keyOffset
        try withString(key, at: keyOffset) { (utf8) throws(PropertyListError) in try sink.key(utf8) }
        let value = try objects.readReference(at: start + (stack[top].count + next) * referenceSize, from: object)
        try visit(value, into: &sink)
      } else {
        try visit(try objects.readReference(at: start + next * referenceSize, from: object), into: &sink)
      }
    }
  }

  /// Reports object `index` as a value: a scalar whole, a container by opening it (its contents
  /// follow from the stack), a finished container again.
  private mutating func visit<Sink: PropertyListEventSink>(
    _ index: Int, into sink: inout Sink
  ) throws(PropertyListError) {
    if !Sink.takesSharedContainers { try countReported(index) }
    let state = states[index]
    if state >= Self.firstHeight {
      try revisit(index, height: Int(state - Self.firstHeight), into: &sink)
      return
    }
    let offset = try objects.offset(ofObject: index)
    let marker = objects.bytes[offset]
    if state == Self.open {
      throw PropertyListError(
        .invalidValue, format: .binary, at: .byteOffset(offset),
        "\(BinaryPropertyListMarker.describe(marker).dropArticle) (object \(index)) contains itself")
    }
    position.pointee = offset
    switch marker >> 4 {
    case BinaryPropertyListMarker.arrayNibble, BinaryPropertyListMarker.setNibble,
      BinaryPropertyListMarker.dictionaryNibble:
      guard stack.count < limits.maximumDepth else { throw tooDeep(index, at: offset) }
      let frame = try openFrame(index, at: offset, marker: marker, isReplay: false)
      if frame.isDictionary { try checkKeys(of: frame) }
      states[index] = Self.open
      stack.append(frame)
      if Sink.takesSharedContainers { sink.identifyContainer(index) }
      if frame.isDictionary { try sink.beginDictionary() } else { try sink.beginArray() }
    case BinaryPropertyListMarker.asciiStringNibble, BinaryPropertyListMarker.utf16StringNibble:
      // A string met again is offered to the sink before it is decoded again: a value builder
      // shares the copy it has, a writer weighs what repeating it costs.
      if state == Self.reportedString {
        let (length, _) = try objects.readLength(ofObject: index, at: offset, marker: marker)
        if try sink.repeatString(index, length: length) { return }
      }
      try withString(index, at: offset) { (utf8) throws(PropertyListError) in try sink.string(utf8) }
      states[index] = Self.reportedString
    case BinaryPropertyListMarker.dataNibble:
      let (count, start) = try objects.readLength(ofObject: index, at: offset, marker: marker)
      try objects.checkFits(
        object: index, at: offset, start: start, count: count, unitSize: 1, what: "data", unit: "bytes")
      try self.count(index, as: Self.countedData, size: count, at: offset)
      if state == Self.reportedData, try sink.repeatData(index, length: count) { return }
      try sink.scalar(.data(Array(objects.bytes[start..<(start + count)])))
      states[index] = Self.reportedData
    default:
      try sink.scalar(try objects.readScalar(index, at: offset, marker: marker))
    }
  }

  /// Reports a finished container where it occurs again: one event for a sink that takes shared
  /// containers, else all of it again.
  private mutating func revisit<Sink: PropertyListEventSink>(
    _ index: Int, height: Int, into sink: inout Sink
  ) throws(PropertyListError) {
    let offset = try objects.offset(ofObject: index)
    guard stack.count + height <= limits.maximumDepth else { throw tooDeep(index, at: offset) }
    position.pointee = offset
    if Sink.takesSharedContainers {
      if !stack.isEmpty { stack[stack.count - 1].height = max(stack[stack.count - 1].height, Int32(height) + 1) }
      try sink.repeatContainer(index)
      return
    }
    let frame = try openFrame(index, at: offset, marker: objects.bytes[offset], isReplay: true)
    stack.append(frame)
    if frame.isDictionary { try sink.beginDictionary() } else { try sink.beginArray() }
  }

  /// Ends the innermost container.
  @inline(__always)
  private mutating func close<Sink: PropertyListEventSink>(into sink: inout Sink) throws(PropertyListError) {
    let frame = stack.removeLast()
    if !frame.isReplay { states[frame.object] = Self.firstHeight + UInt32(frame.height) }
    if !stack.isEmpty { stack[stack.count - 1].height = max(stack[stack.count - 1].height, frame.height + 1) }
    position.pointee = frame.offset
    if frame.isDictionary { try sink.endDictionary() } else { try sink.endArray() }
  }

  /// The frame of the container `index` at `offset`, its references checked to fit.
  @inline(__always)
  private func openFrame(_ index: Int, at offset: Int, marker: UInt8, isReplay: Bool) throws(PropertyListError) -> Frame
  {
    let isDictionary = marker >> 4 == BinaryPropertyListMarker.dictionaryNibble
    let (count, start) = try objects.readLength(ofObject: index, at: offset, marker: marker)
    let (references, overflow) = count.multipliedReportingOverflow(by: isDictionary ? 2 : 1)
    try objects.checkFits(
      object: index, at: offset, start: start, count: overflow ? Int.max : references,
      unitSize: objects.trailer.referenceSize, what: BinaryPropertyListMarker.describe(marker).dropArticle,
      unit: "references")
    return Frame(
      object: index, offset: offset, referencesStart: start, count: count, isDictionary: isDictionary,
      isReplay: isReplay)
  }

  /// Checks every key of a dictionary that opens, the first time each is met: its reference,
  /// that it is a string, and the string itself, counted once. A dictionary whose key references
  /// are the bytes of one checked before (see `checkedKeyRuns`) has nothing left to check.
  private mutating func checkKeys(of frame: Frame) throws(PropertyListError) {
    let referenceSize = objects.trailer.referenceSize
    let slot = 2 * (frame.count % Self.keyRunSlots)
    if frame.count > 0, frame.count == checkedKeyRuns[slot + 1] {
      // Both runs of references were checked to fit in the file when their dictionaries opened.
      let byteCount = frame.count * referenceSize
      let keys = fileBytes(at: frame.referencesStart, count: byteCount)
      if keys.hasSameBytes(as: fileBytes(at: checkedKeyRuns[slot], count: byteCount)) { return }
    }
    for position in 0..<frame.count {
      let key = try objects.readReference(at: frame.referencesStart + position * referenceSize, from: frame.object)
      guard states[key] != Self.countedString, states[key] != Self.reportedString else { continue }
      let offset = try objects.offset(ofObject: key)
      let marker = objects.bytes[offset]
      switch marker >> 4 {
      case BinaryPropertyListMarker.asciiStringNibble, BinaryPropertyListMarker.utf16StringNibble:
        try withString(key, at: offset) { _ in }
      default:
        throw PropertyListError(
          .invalidValue, format: .binary, at: .byteOffset(offset),
          "dictionary key (object \(key)) is \(BinaryPropertyListMarker.describe(marker)), expected a string; "
            + "the dictionary is object \(frame.object) at byte \(frame.offset)")
      }
    }
    checkedKeyRuns[slot] = frame.referencesStart
    checkedKeyRuns[slot + 1] = frame.count
  }

  /// Calls `body` with the UTF-8 of string object `index` at `offset`: an ASCII string's own
  /// bytes, or the transcoding of a UTF-16 or ISO Latin-1 one.
  private mutating func withString(
    _ index: Int, at offset: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(PropertyListError) -> Void
  ) throws(PropertyListError) {
    let marker = objects.bytes[offset]
    let (count, start) = try objects.readLength(ofObject: index, at: offset, marker: marker)
    if marker >> 4 == BinaryPropertyListMarker.utf16StringNibble {
      try objects.checkFits(
        object: index, at: offset, start: start, count: count, unitSize: 2, what: "string", unit: "UTF-16 units")
      try self.count(index, as: Self.countedString, size: count * 2, at: offset)
      let objects = self.objects
      let result = transcoded.withTranscodingSpace(count * 3) { buffer in
        objects.transcodeUTF16(from: start, count: count, into: buffer)
      }
      let written: Int
      switch result {
      case .success(let count): written = count
      case .failure(let surrogate): throw objects.unpairedSurrogate(index, at: surrogate.offset)
      }
      try transcoded.withUnsafeBufferPointer { (utf8) throws(PropertyListError) in
        try body(UnsafeBufferPointer(rebasing: utf8[..<written]))
      }
      return
    }
    try objects.checkFits(
      object: index, at: offset, start: start, count: count, unitSize: 1, what: "string", unit: "bytes")
    try self.count(index, as: Self.countedString, size: count, at: offset)
    let text = fileBytes(at: start, count: count)
    let firstNonASCII = ASCIIScan.firstNonASCII(in: text)
    if firstNonASCII == count { return try body(text) }
    BinaryPropertyListObjectReader.transcodeLatin1(text, firstNonASCII: firstNonASCII, into: &transcoded)
    try transcoded.withUnsafeBufferPointer { (utf8) throws(PropertyListError) in try body(utf8) }
  }

  /// The `count` bytes of the file from `start`, which the caller has checked to fit.
  @inline(__always)
  private func fileBytes(at start: Int, count: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeRawBufferPointer(rebasing: objects.bytes[start..<(start + count)]).bindMemory(to: UInt8.self)
  }

  /// Counts the `size` decoded bytes of string or data object `index` against the limit the
  /// first time the object is met, and marks it met as `state`.
  private mutating func count(_ index: Int, as state: UInt32, size: Int, at offset: Int) throws(PropertyListError) {
    guard states[index] == Self.new else { return }
    try objects.account(size, object: index, at: offset)
    states[index] = state
  }

  /// Counts a value reported to a sink that hears shared containers in full, against the
  /// object count limit.
  private mutating func countReported(_ index: Int) throws(PropertyListError) {
    reportedCount += 1
    guard reportedCount > limits.maximumObjectCount else { return }
    throw PropertyListError(
      .limitExceeded, format: .binary, at: .byteOffset(try objects.offset(ofObject: index)),
      "object \(index): the value has more than \(limits.maximumObjectCount) values once its shared arrays and "
        + "dictionaries are repeated at every place they occur (the object count limit)")
  }

  /// The error for object `index` making the value nest deeper than the limit.
  private func tooDeep(_ index: Int, at offset: Int) -> PropertyListError {
    PropertyListError(
      .limitExceeded, format: .binary, at: .byteOffset(offset),
      "object \(index): nesting is deeper than the limit of \(limits.maximumDepth) arrays and dictionaries")
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
