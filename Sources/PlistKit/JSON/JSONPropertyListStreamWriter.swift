/// Writes a JSON form from a reader's reports, without the value tree, byte for byte as
/// ``JSONPropertyListWriter`` writes the value they describe (with the same options;
/// ``PropertyListWritingOptions/sortedKeys`` needs every key first, so it is not streamed).
///
/// Two things need more than one event to decide:
/// - In the typed form a dictionary whose only key is a tag name (`$data`…) is wrapped in
///   `{"$dict": …}`. When a dictionary's first key is a tag name, the writer keeps the output
///   in memory until a second key or its end decides; a dictionary that stays alone is noted
///   as a region to wrap, one level deeper (pretty output's only raw line breaks are its
///   indentation, so each gets two more spaces per enclosing wrap). The noted regions are
///   rewritten in one pass once nothing is undecided, so nested wraps cost linear time.
///
/// Four things cannot be streamed: the writer notes why in ``stopReason`` and stops the read (the
/// output is then unusable, and the caller converts from the value, which reports an error
/// exactly):
/// - a dictionary that repeats a key (the value keeps the first place with the last value);
/// - an array or dictionary of a binary plist met again (the text form writes it out in full at
///   each place, which the value path bounds before writing anything);
/// - a date plain JSON cannot hold;
/// - more values than ``PropertyListWritingOptions/maximumWrittenValueCount``.
struct JSONPropertyListStreamWriter: TextStreamWriter {
  /// An open array or dictionary.
  private struct Container {
    let isDictionary: Bool
    /// Where its `[` or `{` is in the output.
    let start: Int
    /// Elements, or keys, so far.
    var count = 0
    /// A dictionary whose first key is a tag name and that has no second key yet.
    var mayNeedWrapping = false
  }

  /// The output not handed on yet (all of it without a `write` function).
  private(set) var output: JSONOutput
  private(set) var destination: StreamWriterOutput
  private var open: [Container] = []
  /// How many open dictionaries may need wrapping: output is kept while any does.
  private var undecided = 0
  /// Dictionaries to wrap, as output ranges (start, end) at their own indentation, in the
  /// order they closed (inner ones first), and the indentation of each.
  private var wraps: [(start: Int, end: Int, indent: Int)] = []
  var checks: StreamWriterChecks

  /// Makes a writer for `options` (its `sortedKeys` must be false) that hands its output to
  /// `write` in chunks of about a megabyte, or keeps it all for ``finish()`` without one.
  init(options: PropertyListWritingOptions, write: StreamWriterOutput.Write?) {
    checks = StreamWriterChecks(options: options)
    output = JSONOutput(options: options)
    destination = StreamWriterOutput(write: write, limit: options.maximumOutputSize)
    if write != nil { output.bytes.reserveCapacity(destination.initialCapacity) }
  }

  mutating func beginArray() throws(PropertyListError) {
    try beginValue()
    open.append(Container(isDictionary: false, start: output.bytes.count))
    output.bytes.append(UInt8(ascii: "["))
  }

  mutating func beginDictionary() throws(PropertyListError) {
    try beginValue()
    open.append(Container(isDictionary: true, start: output.bytes.count))
    output.bytes.append(UInt8(ascii: "{"))
    checks.openDictionary()
  }

  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    let top = open.count - 1
    try checks.add(key: utf8, depth: open.count, position: open[top].count)
    if open[top].count == 0 {
      if output.typed, JSONTypedTag.isTagName(utf8) {
        open[top].mayNeedWrapping = true
        undecided += 1
      }
    } else {
      output.bytes.append(UInt8(ascii: ","))
      if open[top].mayNeedWrapping {
        open[top].mayNeedWrapping = false
        undecided -= 1
        if undecided == 0 { applyWraps() }
      }
    }
    open[top].count += 1
    output.newline(indent: open.count)
    output.appendString(utf8: utf8)
    output.bytes.append(UInt8(ascii: ":"))
    if output.pretty { output.bytes.append(UInt8(ascii: " ")) }
  }

  @inline(__always)
  mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    try beginValue()
    output.appendString(utf8: utf8)
    try valueEnded()
  }

  @inline(__always)
  mutating func scalar(_ value: PropertyList) throws(PropertyListError) {
    try beginValue()
    output.write(value, indent: open.count)
    if output.refusedDate != nil { try checks.stop(.unwritableValue) }
    try valueEnded()
  }

  mutating func endArray() throws(PropertyListError) {
    let container = open.removeLast()
    if container.count > 0 { output.newline(indent: open.count) }
    output.bytes.append(UInt8(ascii: "]"))
    try valueEnded()
  }

  mutating func endDictionary() throws(PropertyListError) {
    let container = open.removeLast()
    checks.closeDictionary()
    if container.mayNeedWrapping {
      // The dictionary's own closing brace belongs to the region; the wrapper's follows it.
      output.newline(indent: open.count)
      output.bytes.append(UInt8(ascii: "}"))
      wraps.append((container.start, output.bytes.count, open.count))
      output.newline(indent: open.count)
      output.bytes.append(UInt8(ascii: "}"))
      undecided -= 1
      if undecided == 0 { applyWraps() }
    } else {
      if container.count > 0 { output.newline(indent: open.count) }
      output.bytes.append(UInt8(ascii: "}"))
    }
    try valueEnded()
  }

  /// Ends the output after the top-level value (see ``StreamWriting/finish()``).
  mutating func finish() throws(PropertyListError) -> [UInt8] {
    precondition(open.isEmpty, "the document has not ended")
    if output.pretty { output.bytes.append(0x0A) }
    return try destination.finish(&output.bytes)
  }

  /// The separator and line break before an array's element (a dictionary's key has them).
  private mutating func beginValue() throws(PropertyListError) {
    try checks.countValue()
    let top = open.count - 1
    guard top >= 0, !open[top].isDictionary else { return }
    if open[top].count > 0 { output.bytes.append(UInt8(ascii: ",")) }
    open[top].count += 1
    output.newline(indent: open.count)
  }

  @inline(__always)
  private mutating func valueEnded() throws(PropertyListError) {
    if undecided == 0 {
      try destination.handOn(&output.bytes)
    } else {
      try destination.checkLimit(pending: output.bytes.count)
    }
  }

  /// Rewrites the noted regions as `{"$dict": {…}}`, as the value writer writes a dictionary
  /// that looks like a tag, in one pass over the output from the first of them: each line
  /// break inside k regions gets 2k more spaces, and each region gets the wrapper's opening
  /// before it (its closing was written after it).
  private mutating func applyWraps() {
    guard !wraps.isEmpty else { return }
    // Regions nest or are apart; sorted by start (outer first when they share none), a stack
    // of open ends tells how deep each byte is.
    let regions = wraps.sorted { $0.start < $1.start }
    wraps.removeAll()
    let from = regions[0].start
    var rewritten: [UInt8] = []
    rewritten.reserveCapacity(output.bytes.count - from + 32 * regions.count)
    var ends: [Int] = []
    var next = 0
    var prefix = JSONOutput(options: PropertyListWritingOptions(prettyPrinted: output.pretty))
    for position in from..<output.bytes.count {
      while let end = ends.last, end == position { ends.removeLast() }
      while next < regions.count, regions[next].start == position {
        prefix.bytes.removeAll(keepingCapacity: true)
        prefix.bytes.append(UInt8(ascii: "{"))
        prefix.newline(indent: regions[next].indent + 1)
        prefix.appendString(JSONTypedTag.dict.rawValue)
        prefix.bytes.append(UInt8(ascii: ":"))
        if output.pretty { prefix.bytes.append(UInt8(ascii: " ")) }
        Self.append(prefix.bytes, shiftedBy: ends.count, to: &rewritten)
        ends.append(regions[next].end)
        next += 1
      }
      let byte = output.bytes[position]
      rewritten.append(byte)
      if byte == 0x0A {
        for _ in 0..<2 * ends.count { rewritten.append(0x20) }
      }
    }
    output.bytes.replaceSubrange(from..., with: rewritten)
  }

  /// Appends `bytes` with 2 × `levels` more spaces after each line break.
  private static func append(_ bytes: [UInt8], shiftedBy levels: Int, to target: inout [UInt8]) {
    for byte in bytes {
      target.append(byte)
      if byte == 0x0A {
        for _ in 0..<2 * levels { target.append(0x20) }
      }
    }
  }

  private static func isTagName(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard utf8.count <= 5, utf8.first == UInt8(ascii: "$") else { return false }
    return JSONTypedTag.named(String(decoding: utf8, as: UTF8.self)) != nil
  }
}
