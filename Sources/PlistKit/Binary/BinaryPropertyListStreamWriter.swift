/// Writes the binary form from a reader's events, without the value tree: each object is
/// written as soon as it is complete, so memory holds only the sharing table, the offset
/// table and the references of the containers still open.
///
/// The output differs from ``BinaryPropertyListWriter``'s in layout, not in value:
/// - objects are numbered in the order they complete (a container after its contents, the
///   root last; the trailer's top object names it);
/// - strings, numbers, dates and data are shared by their encoded bytes, as
///   ``BinaryPropertyListWriter`` shares them; booleans, UIDs and containers are written at
///   each occurrence;
/// - object references have a fixed width, chosen before the first object from an upper
///   bound on the object count (see ``init(maximumObjectCount:write:)``), so they may be a byte
///   wider than the fewest that would do; the offset width is the fewest, as it is only
///   needed at the end.
///
/// A dictionary that repeats a key cannot be streamed (the value tree keeps the key's first
/// place with its last value): the writer notes it in ``stopReason`` and stops the read, and
/// the caller converts from the value.
package struct BinaryPropertyListStreamWriter: PropertyListEventSink {
  /// Output not handed on yet (all of it without a `write` function).
  private(set) var output: [UInt8]
  private(set) var destination: StreamWriterOutput
  /// Bytes per object reference.
  private let referenceSize: Int
  /// The offsets, the references and the sharing table.
  private let tables = Tables()
  /// Each open container: where its references start, and whether it is a dictionary.
  private var open: [(start: Int, isDictionary: Bool)] = []
  private var keys = StreamedDictionaryKeys()
  /// The string object of the key last seen at each place.
  private var recentKeys = RecentKeyCache()
  /// The root object, once written.
  private var root: Int?
  /// Set when a dictionary repeats a key: the output is then unusable.
  package private(set) var stopReason: PropertyListConverter.Fallback?
  /// The shareable scalar last written, at `output[start...]`, not yet looked up in the sharing
  /// table: its lookup waits for the next event, so that the table's memory is read while the
  /// reader parses on (in a large document most lookups would otherwise wait on memory). Every
  /// event settles it before anything else.
  private var pending: (start: Int, hash: UInt32)?

  /// Makes a writer whose object references can number `maximumObjectCount` objects. Any
  /// bound that holds will do; for an XML document, every value and key is an element of at
  /// least 6 bytes (`<key/>`) in UTF-8 and 12 in UTF-16, and a keyed-archive reference makes
  /// one object of three elements, so `input bytes / 6 + 1` holds.
  init(maximumObjectCount: Int, write: StreamWriterOutput.Write?) {
    referenceSize = BinaryPropertyListTrailer.byteCount(holding: max(1, maximumObjectCount))
    destination = StreamWriterOutput(write: write)
    output = BinaryPropertyListMarker.magic + BinaryPropertyListMarker.version
    output.reserveCapacity(destination.initialCapacity)
  }

  /// Makes a writer that keeps all of its output for ``finish()``: for a producer of events
  /// in another module of the package (the Codable encoder).
  package init(maximumObjectCount: Int) { self.init(maximumObjectCount: maximumObjectCount, write: nil) }

  package mutating func beginArray() throws(PropertyListError) {
    try settlePending()
    open.append((tables.references.count, false))
  }

  package mutating func beginDictionary() throws(PropertyListError) {
    try settlePending()
    open.append((tables.references.count, true))
    keys.open()
  }

  package mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    try settlePending()
    let depth = open.count
    let position = (tables.references.count - open[depth - 1].start) / 2
    let reference: Int
    if let cached = recentKeys.number(of: utf8, depth: depth, position: position) {
      reference = cached
    } else {
      reference = sharedObject { $0.appendBinaryString(utf8: utf8) }
      recentKeys.remember(utf8, number: reference, depth: depth, position: position)
    }
    guard keys.insert(reference) else {
      stopReason = .repeatedKey
      throw .streamWriterStopped
    }
    tables.references.append(reference)
  }

  package mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    try settlePending()
    writePending { $0.appendBinaryString(utf8: utf8) }
  }

  package mutating func scalar(_ value: PropertyList) throws(PropertyListError) {
    try settlePending()
    switch value {
    case .boolean, .uid:
      tables.offsets.append(destination.handedOn + output.count)
      output.appendBinaryScalar(value)
      try collect(tables.offsets.count - 1)
    default:
      writePending { $0.appendBinaryScalar(value) }
    }
  }

  package mutating func endArray() throws(PropertyListError) {
    try settlePending()
    let start = open.removeLast().start
    let references = tables.references.elements
    tables.offsets.append(destination.handedOn + output.count)
    output.appendBinaryMarker(BinaryPropertyListMarker.arrayNibble, count: references.count - start)
    for index in start..<references.count { output.appendBigEndian(UInt64(references[index]), size: referenceSize) }
    tables.references.removeAll(from: start)
    try collect(tables.offsets.count - 1)
  }

  package mutating func endDictionary() throws(PropertyListError) {
    try settlePending()
    let start = open.removeLast().start
    keys.close()
    let references = tables.references.elements
    tables.offsets.append(destination.handedOn + output.count)
    output.appendBinaryMarker(BinaryPropertyListMarker.dictionaryNibble, count: (references.count - start) / 2)
    for index in stride(from: start, to: references.count, by: 2) {
      output.appendBigEndian(UInt64(references[index]), size: referenceSize)
    }
    for index in stride(from: start + 1, to: references.count, by: 2) {
      output.appendBigEndian(UInt64(references[index]), size: referenceSize)
    }
    tables.references.removeAll(from: start)
    try collect(tables.offsets.count - 1)
  }

  /// Writes the offset table and the trailer after the root, and hands the rest on; returns
  /// what is left in memory (all of the output without a `write` function).
  package mutating func finish() throws(PropertyListError) -> [UInt8] {
    try settlePending()
    guard let root, open.isEmpty else { preconditionFailure("the document has not ended") }
    let offsets = tables.offsets.elements
    guard BinaryPropertyListTrailer.byteCount(holding: offsets.count) <= referenceSize else {
      // The bound given at the start did not hold: the references written are too narrow.
      throw PropertyListError(
        .limitExceeded, format: .binary, "\(offsets.count) objects do not fit \(referenceSize)-byte references")
    }
    let tableOffset = destination.handedOn + output.count
    let trailer = BinaryPropertyListTrailer(
      offsetSize: BinaryPropertyListTrailer.byteCount(holding: tableOffset), referenceSize: referenceSize,
      objectCount: offsets.count, topObject: root, offsetTableOffset: tableOffset)
    for offset in offsets {
      output.appendBigEndian(UInt64(offset), size: trailer.offsetSize)
      try destination.handOn(&output)
    }
    trailer.append(to: &output)
    return try destination.finish(&output)
  }

  /// A finished object: an element of the open container, or the root.
  @inline(__always)
  private mutating func collect(_ reference: Int) throws(PropertyListError) {
    if open.isEmpty {
      root = reference
    } else {
      tables.references.append(reference)
    }
    try destination.handOn(&output)
  }

  /// Writes a shareable scalar with `encode` and starts its lookup, which the next event
  /// finishes (see ``pending``).
  @inline(__always)
  private mutating func writePending(_ encode: (inout [UInt8]) -> Void) {
    let start = output.count
    encode(&output)
    let hash = output.withUnsafeBytes { bytes in
      tables.shared.hash(of: UnsafeRawBufferPointer(rebasing: bytes[start...]))
    }
    pending = (start, hash)
  }

  /// Finishes the lookup of the pending scalar: takes its bytes back if an equal one exists,
  /// and collects its object number.
  @inline(__always)
  private mutating func settlePending() throws(PropertyListError) {
    guard let (start, hash) = pending else { return }
    pending = nil
    let number = tables.offsets.count
    let existing = output.withUnsafeBytes { bytes in
      tables.shared.number(
        of: UnsafeRawBufferPointer(rebasing: bytes[start...]), hash: hash, insertingIfAbsent: number)
    }
    let reference: Int
    if let existing {
      output.removeLast(output.count - start)
      reference = existing
    } else {
      tables.offsets.append(destination.handedOn + start)
      reference = number
    }
    try collect(reference)
  }

  /// Writes a shareable scalar with `encode`, or takes it back if an equal one exists; returns
  /// its object number.
  private mutating func sharedObject(_ encode: (inout [UInt8]) -> Void) -> Int {
    let start = output.count
    encode(&output)
    let number = tables.offsets.count
    let existing = output.withUnsafeBytes { bytes in
      tables.shared.number(of: UnsafeRawBufferPointer(rebasing: bytes[start...]), insertingIfAbsent: number)
    }
    if let existing {
      output.removeLast(output.count - start)
      return existing
    }
    tables.offsets.append(destination.handedOn + start)
    return number
  }

  /// The writer's growing tables, in buffers that grow without copying themselves (and so
  /// without being in memory twice), held by reference because they cannot be copied.
  private final class Tables {
    /// The byte offset of every object, by object number.
    @exclusivity(unchecked) var offsets = GrowingBuffer<Int>(capacity: 1024)
    /// The references collected by the open containers, the innermost last; a dictionary's
    /// alternate key, value, key, value.
    @exclusivity(unchecked) var references = GrowingBuffer<Int>(capacity: 1024)
    /// Shared scalars by their encoded bytes, copied as the output is handed on.
    @exclusivity(unchecked) var shared = BinaryPropertyListSharedObjects(keepingCopies: true)
  }
}
