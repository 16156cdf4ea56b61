/// Writes Apple's XML form from a reader's reports, without the value tree, byte for byte as
/// ``XMLPropertyListWriter`` writes the value they describe (keys in their order: sorting
/// them needs every key of a dictionary before its first).
///
/// An array or dictionary is written `<array/>` or `<dict/>` when it turns out empty, so its
/// opening tag is left without its `>` until its first entry or its end decides.
///
/// Three things cannot be streamed, and set ``cannotStream`` (the output is then unusable, and
/// the caller converts from the value, which reports an error exactly, with its key path):
/// - a dictionary that repeats a key (the value keeps the first place with the last value);
/// - a string or date that XML cannot carry;
/// - more values than ``PropertyListWritingOptions/maximumWrittenValueCount``.
struct XMLPropertyListStreamWriter: PropertyListEventConsumer {
  /// Hands finished output on; a failure stops the writing.
  typealias Flush = (UnsafeRawBufferPointer) throws(PropertyListError) -> Void

  /// The output not handed on yet (all of it without `flush`), and its scalar layout.
  private var output = XMLPropertyListOutput(sortedKeys: false)
  private let flush: Flush?
  private let chunkSize = 1 << 20
  /// For each open array or dictionary, the keys it has had so far (none for an array): the
  /// depth is its count, and a key's place tells the repeated-key detector where to look.
  private var open: [Int] = []
  /// True while the innermost container's opening tag lacks its end.
  private var openingTagPending = false
  private var keys = RepeatedKeyDetector()
  /// Set when the value cannot be streamed (see the type's description): the output is then
  /// unusable, and the writer ignores what follows.
  private(set) var cannotStream = false
  /// The first failure of `flush`.
  private(set) var failure: PropertyListError?
  /// Values written so far, against `maximumValueCount`.
  private var valueCount = 0
  private let maximumValueCount: Int

  /// Makes a writer for `options` (its `sortedKeys` must be false) that hands its output to
  /// `flush` in chunks of about a megabyte, or keeps it all for ``finish()`` without one.
  init(options: PropertyListWritingOptions, flush: Flush?) {
    precondition(!options.sortedKeys, "sorted keys need the whole value")
    maximumValueCount = options.maximumWrittenValueCount
    self.flush = flush
    output.realStyle = options.xmlRealStyle
    output.bytes.reserveCapacity(flush != nil ? chunkSize + (chunkSize >> 2) : 1 << 16)
    output.bytes.append(contentsOf: XMLPropertyListOutput.header)
  }

  mutating func beginArray() { begin("<array") }

  mutating func beginDictionary() {
    begin("<dict")
    keys.openDictionary()
  }

  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !cannotStream else { return false }
    beginEntry()
    let top = open.count - 1
    guard keys.insert(utf8, depth: open.count, position: open[top]) else {
      cannotStream = true
      return false
    }
    open[top] += 1
    output.indent(open.count)
    output.append("<key>")
    guard output.appendEscaped(utf8: utf8) == nil else {
      cannotStream = true
      return false
    }
    output.append("</key>\n")
    return true
  }

  mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) {
    guard !cannotStream else { return }
    beginValue()
    output.indent(open.count)
    output.append("<string>")
    guard output.appendEscaped(utf8: utf8) == nil else {
      cannotStream = true
      return
    }
    output.append("</string>\n")
    valueEnded()
  }

  mutating func scalar(_ value: PropertyList) {
    guard !cannotStream else { return }
    beginValue()
    do {
      try output.appendScalar(value, depth: open.count)
    } catch {
      cannotStream = true
      return
    }
    valueEnded()
  }

  mutating func endArray() {
    guard !cannotStream else { return }
    open.removeLast()
    end("</array>\n")
  }

  mutating func endDictionary() {
    guard !cannotStream else { return }
    open.removeLast()
    keys.closeDictionary()
    end("</dict>\n")
  }

  /// Ends the document after the top-level value and hands the rest on; returns what is left
  /// in memory (all of the output without `flush`).
  ///
  /// - Precondition: ``cannotStream`` is false and the top-level value has ended.
  mutating func finish() throws(PropertyListError) -> [UInt8] {
    precondition(!cannotStream && open.isEmpty, "the document has not ended, or cannot be streamed")
    if let failure { throw failure }
    output.append("</plist>\n")
    if flush != nil { handOn() }
    if let failure { throw failure }
    return output.bytes
  }

  /// Opens a container with the start of its opening tag (`<array`, `<dict`), which its first
  /// entry or its end completes.
  private mutating func begin(_ openingTag: StaticString) {
    guard !cannotStream else { return }
    beginValue()
    output.indent(open.count)
    output.append(openingTag)
    open.append(0)
    openingTagPending = true
  }

  /// Ends the innermost container with `closingTag`, or as an empty element when it had
  /// nothing.
  private mutating func end(_ closingTag: StaticString) {
    if openingTagPending {
      openingTagPending = false
      output.append("/>\n")
    } else {
      output.indent(open.count)
      output.append(closingTag)
    }
    valueEnded()
  }

  /// Counts a value, and completes the innermost container's opening tag before its first
  /// entry.
  @inline(__always)
  private mutating func beginValue() {
    valueCount += 1
    if valueCount > maximumValueCount { cannotStream = true }
    beginEntry()
  }

  /// Completes the innermost container's opening tag before its first entry.
  @inline(__always)
  private mutating func beginEntry() {
    guard openingTagPending else { return }
    openingTagPending = false
    output.append(">\n")
  }

  private mutating func valueEnded() {
    if flush != nil, output.bytes.count >= chunkSize { handOn() }
  }

  /// Hands the output gathered so far to `flush`.
  private mutating func handOn() {
    guard let flush else { return }
    if failure == nil {
      do {
        try output.bytes.withRawBytes { (bytes) throws(PropertyListError) in try flush(bytes) }
      } catch {
        failure = error
      }
    }
    output.bytes.removeAll(keepingCapacity: true)
  }
}
