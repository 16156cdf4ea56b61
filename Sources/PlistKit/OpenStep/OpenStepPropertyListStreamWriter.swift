/// Writes the OpenStep form from a reader's events, without the value tree, byte for byte as
/// ``OpenStepPropertyListWriter`` writes the value they describe (keys in their order: sorting
/// them needs every key of a dictionary before its first).
///
/// An empty array or dictionary comes out as `()` or `{}` with nothing to decide: its opening
/// bracket is written at once, and its closing one follows, on its own line only after entries.
///
/// Four things cannot be streamed: the writer notes why in ``stopReason`` and stops the read (the
/// output is then unusable, and the caller converts from the value, which reports an error
/// exactly, with its key path):
/// - a dictionary that repeats a key (the value keeps the first place with the last value);
/// - an array or dictionary of a binary plist met again (the text form writes it out in full at
///   each place, which the value path bounds before writing anything);
/// - a scalar the form has no way to write with the options given (a UID, an integer unless
///   stringified or written as GNUstep's);
/// - more values than ``PropertyListWritingOptions/maximumWrittenValueCount``.
struct OpenStepPropertyListStreamWriter: TextStreamWriter {
  /// An open array or dictionary.
  private struct Container {
    let isDictionary: Bool
    /// Elements, or keys, so far.
    var count = 0
  }

  /// The output not handed on yet (all of it without a `write` function).
  private var output: OpenStepOutput
  private(set) var destination: StreamWriterOutput
  private var open: [Container] = []
  var checks: StreamWriterChecks

  /// Makes a writer for `options` (its `sortedKeys` must be false) that hands its output to
  /// `write` in chunks of about a megabyte, or keeps it all for ``finish()`` without one.
  init(options: PropertyListWritingOptions, write: StreamWriterOutput.Write?) {
    checks = StreamWriterChecks(options: options)
    output = OpenStepOutput(options: options)
    destination = StreamWriterOutput(write: write, limit: options.maximumOutputSize)
    output.bytes.reserveCapacity(destination.initialCapacity)
  }

  mutating func beginArray() throws(PropertyListError) {
    try beginValue()
    output.bytes.append(UInt8(ascii: "("))
    open.append(Container(isDictionary: false))
  }

  mutating func beginDictionary() throws(PropertyListError) {
    try beginValue()
    output.bytes.append(UInt8(ascii: "{"))
    open.append(Container(isDictionary: true))
    checks.openDictionary()
  }

  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    let top = open.count - 1
    try checks.add(key: utf8, depth: open.count, position: open[top].count)
    output.beginEntry(open[top].count, indent: open.count, after: " ")
    open[top].count += 1
    output.appendString(utf8: utf8)
    output.appendASCII(" = ")
  }

  mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    try beginValue()
    output.appendString(utf8: utf8, alwaysQuoted: open.isEmpty)
    try valueEnded()
  }

  mutating func scalar(_ value: PropertyList) throws(PropertyListError) {
    try beginValue()
    do {
      try output.write(value, indent: open.count)
    } catch {
      try checks.stop(.unwritableValue)
    }
    try valueEnded()
  }

  mutating func endArray() throws(PropertyListError) { try end(")") }

  mutating func endDictionary() throws(PropertyListError) {
    checks.closeDictionary()
    try end("}")
  }

  /// Ends the output after the top-level value (see ``StreamWriting/finish()``).
  mutating func finish() throws(PropertyListError) -> [UInt8] {
    precondition(stopReason == nil && open.isEmpty, "the document has not ended, or cannot be streamed")
    if output.pretty { output.bytes.append(0x0A) }
    return try destination.finish(&output.bytes)
  }

  /// Counts a value, and starts an array's element on its own line or after its separator (a
  /// dictionary's key has done that for its value).
  private mutating func beginValue() throws(PropertyListError) {
    try checks.countValue()
    let top = open.count - 1
    guard top >= 0, !open[top].isDictionary else { return }
    output.beginEntry(open[top].count, indent: open.count, after: ", ")
    open[top].count += 1
  }

  /// Closes the innermost container with `bracket`.
  private mutating func end(_ bracket: StaticString) throws(PropertyListError) {
    let container = open.removeLast()
    if output.pretty, container.count > 0 { output.newline(indent: open.count) }
    output.appendASCII(bracket)
    try valueEnded()
  }

  /// Ends a value: an array's element with `,` when indented, a dictionary's value with `;`.
  private mutating func valueEnded() throws(PropertyListError) {
    if let top = open.last {
      if top.isDictionary {
        output.bytes.append(UInt8(ascii: ";"))
      } else if output.pretty {
        output.bytes.append(UInt8(ascii: ","))
      }
    }
    try destination.handOn(&output.bytes)
  }
}
