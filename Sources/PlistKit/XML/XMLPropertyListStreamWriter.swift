/// Writes Apple's XML form from a reader's events, without the value tree, byte for byte as
/// ``XMLPropertyListWriter`` writes the value they describe (keys in their order: sorting them
/// needs every key of a dictionary before its first).
///
/// An array or dictionary is written `<array/>` or `<dict/>` when it turns out empty, so its
/// opening tag is left without its `>` until its first entry or its end decides.
///
/// Four things cannot be streamed: the writer notes why in ``stopReason`` and stops the read (the
/// output is then unusable, and the caller converts from the value, which reports an error
/// exactly, with its key path):
/// - a dictionary that repeats a key (the value keeps the first place with the last value);
/// - an array or dictionary of a binary plist met again (the text form writes it out in full at
///   each place, which the value path bounds before writing anything);
/// - a string or date that XML cannot carry;
/// - more values than ``PropertyListWritingOptions/maximumWrittenValueCount``.
package struct XMLPropertyListStreamWriter: TextStreamWriter {
  /// The output not handed on yet (all of it without a `write` function), and its scalar layout.
  private var output = XMLPropertyListOutput(sortedKeys: false)
  private(set) var destination: StreamWriterOutput
  /// For each open array or dictionary, the keys it has had so far (none for an array): the
  /// depth is its count, and a key's place tells the repeated-key detector where to look.
  private var open: [Int] = []
  /// True while the innermost container's opening tag lacks its end.
  private var openingTagPending = false
  package var checks: StreamWriterChecks

  /// Makes a writer for `options` (its `sortedKeys` must be false) that hands its output to
  /// `write` in chunks of about a megabyte, or keeps it all for ``finish()`` without one.
  init(options: PropertyListWritingOptions, write: StreamWriterOutput.Write?) {
    checks = StreamWriterChecks(options: options)
    destination = StreamWriterOutput(write: write, limit: options.maximumOutputSize)
    output.realStyle = options.xmlRealStyle
    output.bytes.reserveCapacity(destination.initialCapacity)
    output.bytes.append(contentsOf: XMLPropertyListOutput.header)
  }

  /// Makes a writer that keeps all of its output for ``finish()``: for a producer of events
  /// in another module of the package (the Codable encoder).
  package init(options: PropertyListWritingOptions) { self.init(options: options, write: nil) }

  package mutating func beginArray() throws(PropertyListError) { try begin("<array") }

  package mutating func beginDictionary() throws(PropertyListError) {
    try begin("<dict")
    checks.openDictionary()
  }

  package mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    beginEntry()
    let top = open.count - 1
    try checks.add(key: utf8, depth: open.count, position: open[top])
    open[top] += 1
    guard output.appendTextLine(depth: open.count, open: "<key>", utf8, close: "</key>\n") == nil else {
      try checks.stop(.unwritableValue)
    }
  }

  @inline(__always)
  package mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    try beginValue()
    guard output.appendTextLine(depth: open.count, open: "<string>", utf8, close: "</string>\n") == nil else {
      try checks.stop(.unwritableValue)
    }
    try valueEnded()
  }

  @inline(__always)
  package mutating func scalar(_ value: PropertyList) throws(PropertyListError) {
    try beginValue()
    do {
      try output.appendScalar(value, depth: open.count)
    } catch {
      try checks.stop(.unwritableValue)
    }
    try valueEnded()
  }

  package mutating func endArray() throws(PropertyListError) {
    open.removeLast()
    try end("</array>\n")
  }

  package mutating func endDictionary() throws(PropertyListError) {
    open.removeLast()
    checks.closeDictionary()
    try end("</dict>\n")
  }

  /// Ends the document after the top-level value (see ``StreamWriting/finish()``).
  package mutating func finish() throws(PropertyListError) -> [UInt8] {
    precondition(stopReason == nil && open.isEmpty, "the document has not ended, or cannot be streamed")
    output.append("</plist>\n")
    return try destination.finish(&output.bytes)
  }

  /// Opens a container with the start of its opening tag (`<array`, `<dict`), which its first
  /// entry or its end completes.
  private mutating func begin(_ openingTag: StaticString) throws(PropertyListError) {
    try beginValue()
    output.appendIndented(openingTag, depth: open.count)
    open.append(0)
    openingTagPending = true
  }

  /// Ends the innermost container with `closingTag`, or as an empty element when it had
  /// nothing.
  private mutating func end(_ closingTag: StaticString) throws(PropertyListError) {
    if openingTagPending {
      openingTagPending = false
      output.append("/>\n")
    } else {
      output.appendIndented(closingTag, depth: open.count)
    }
    try valueEnded()
  }

  /// Counts a value, and completes the innermost container's opening tag before its first
  /// entry.
  @inline(__always)
  private mutating func beginValue() throws(PropertyListError) {
    try checks.countValue()
    beginEntry()
  }

  /// Completes the innermost container's opening tag before its first entry.
  @inline(__always)
  private mutating func beginEntry() {
    guard openingTagPending else { return }
    openingTagPending = false
    output.append(">\n")
  }

  @inline(__always)
  private mutating func valueEnded() throws(PropertyListError) { try destination.handOn(&output.bytes) }
}
