/// Writes a JSON form while an XML document is read, without the value tree, byte for byte as
/// ``JSONPropertyListWriter`` writes the value the document holds (with the same options;
/// ``PropertyListWritingOptions/sortedKeys`` needs every key first, so it is not streamed).
///
/// Two things need more than one event to decide:
/// - In the typed form a dictionary whose only key is a tag name (`$data`…) is wrapped in
///   `{"$dict": …}`. When a dictionary's first key is a tag name, the writer keeps the
///   dictionary's output in memory until a second key or its end decides; if it stays alone,
///   the kept bytes are wrapped (one level deeper: pretty output's only raw line breaks are
///   its indentation, so each gets two more spaces).
/// - A dictionary that repeats a key cannot be streamed (the value keeps the first place with
///   the last value): ``repeatedKey`` is set and the caller converts from the value.
struct JSONPropertyListStreamWriter: XMLPropertyListConsumer {
  /// Hands finished output on; a failure stops the writing.
  typealias Flush = (UnsafeRawBufferPointer) throws(PropertyListError) -> Void

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

  /// The output not handed on yet (all of it without `flush`).
  private(set) var output: JSONOutput
  private let flush: Flush?
  private let chunkSize = 1 << 20
  private var open: [Container] = []
  /// How many open dictionaries may need wrapping: output is kept while any does.
  private var undecided = 0
  private var keys = StreamedDictionaryKeys()
  private var keyNumbers = ByteSequenceTable()
  /// The number of the key last seen at each place.
  private var recentKeys = RecentKeyCache()
  /// Set when a dictionary repeats a key: the output is then unusable.
  private(set) var repeatedKey = false
  /// The first failure of `flush`.
  private(set) var failure: PropertyListError?

  /// Makes a writer for `options` (its `sortedKeys` must be false).
  init(options: PropertyListWritingOptions, flush: Flush?) {
    precondition(!options.sortedKeys, "sorted keys need the whole value")
    output = JSONOutput(options: options)
    self.flush = flush
    if flush != nil { output.bytes.reserveCapacity(chunkSize + (chunkSize >> 2)) }
  }

  mutating func beginArray() {
    beginValue()
    open.append(Container(isDictionary: false, start: output.bytes.count))
    output.bytes.append(UInt8(ascii: "["))
  }

  mutating func beginDictionary() {
    beginValue()
    open.append(Container(isDictionary: true, start: output.bytes.count))
    output.bytes.append(UInt8(ascii: "{"))
    keys.open()
  }

  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    let top = open.count - 1
    let number: Int
    if let cached = recentKeys.number(of: utf8, depth: open.count, position: open[top].count) {
      number = cached
    } else {
      number =
        keyNumbers.value(for: UnsafeRawBufferPointer(utf8), insertingIfAbsent: keyNumbers.count)
        ?? keyNumbers.count - 1
      recentKeys.remember(utf8, number: number, depth: open.count, position: open[top].count)
    }
    guard keys.insert(number) else {
      repeatedKey = true
      return false
    }
    if open[top].count == 0 {
      if output.typed, Self.isTagName(utf8) {
        open[top].mayNeedWrapping = true
        undecided += 1
      }
    } else {
      output.bytes.append(UInt8(ascii: ","))
      if open[top].mayNeedWrapping {
        open[top].mayNeedWrapping = false
        undecided -= 1
      }
    }
    open[top].count += 1
    output.newline(indent: open.count)
    output.appendString(utf8: utf8)
    output.bytes.append(UInt8(ascii: ":"))
    if output.pretty { output.bytes.append(UInt8(ascii: " ")) }
    return true
  }

  mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) {
    beginValue()
    output.appendString(utf8: utf8)
    valueEnded()
  }

  mutating func scalar(_ value: PropertyList) {
    beginValue()
    output.write(value, indent: open.count)
    valueEnded()
  }

  mutating func endArray() {
    let container = open.removeLast()
    if container.count > 0 { output.newline(indent: open.count) }
    output.bytes.append(UInt8(ascii: "]"))
    valueEnded()
  }

  mutating func endDictionary() {
    let container = open.removeLast()
    keys.close()
    if container.mayNeedWrapping {
      undecided -= 1
      wrap(from: container.start)
    } else {
      if container.count > 0 { output.newline(indent: open.count) }
      output.bytes.append(UInt8(ascii: "}"))
    }
    valueEnded()
  }

  /// Ends the output after the top-level value and hands the rest on; returns what is left in
  /// memory (all of the output without `flush`).
  mutating func finish() throws(PropertyListError) -> [UInt8] {
    if let failure { throw failure }
    precondition(open.isEmpty, "the document has not ended")
    if output.pretty { output.bytes.append(0x0A) }
    if flush != nil { handOn() }
    if let failure { throw failure }
    return output.bytes
  }

  /// The separator and line break before an array's element (a dictionary's key has them).
  private mutating func beginValue() {
    let top = open.count - 1
    guard top >= 0, !open[top].isDictionary else { return }
    if open[top].count > 0 { output.bytes.append(UInt8(ascii: ",")) }
    open[top].count += 1
    output.newline(indent: open.count)
  }

  private mutating func valueEnded() {
    if output.bytes.count >= chunkSize, undecided == 0 { handOn() }
  }

  /// Rewrites the dictionary written from `start` (all but its closing brace) as
  /// `{"$dict": {…}}`, one level deeper, as the value writer writes a dictionary that looks
  /// like a tag.
  private mutating func wrap(from start: Int) {
    let indent = open.count
    let inner = Array(output.bytes[start...])
    output.bytes.removeSubrange(start...)
    output.bytes.append(UInt8(ascii: "{"))
    output.newline(indent: indent + 1)
    output.appendString(JSONTypedTag.dict.rawValue)
    output.bytes.append(UInt8(ascii: ":"))
    if output.pretty {
      output.bytes.append(UInt8(ascii: " "))
      for byte in inner {
        output.bytes.append(byte)
        if byte == 0x0A { output.bytes.append(contentsOf: [0x20, 0x20]) }
      }
    } else {
      output.bytes.append(contentsOf: inner)
    }
    output.newline(indent: indent + 1)
    output.bytes.append(UInt8(ascii: "}"))
    output.newline(indent: indent)
    output.bytes.append(UInt8(ascii: "}"))
  }

  private static func isTagName(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard utf8.count <= 5, utf8.first == UInt8(ascii: "$") else { return false }
    return JSONTypedTag.named(String(decoding: utf8, as: UTF8.self)) != nil
  }

  /// Hands the output gathered so far to `flush`.
  private mutating func handOn() {
    guard let flush else { return }
    // After a repeated key the output will be thrown away: do not write it.
    if failure == nil, !repeatedKey {
      do {
        try output.bytes.withRawBytes { (bytes) throws(PropertyListError) in try flush(bytes) }
      } catch {
        failure = error
      }
    }
    output.bytes.removeAll(keepingCapacity: true)
  }
}
