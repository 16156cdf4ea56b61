/// What the JSON and OpenStep parsers share: a cursor over UTF-8 text, a scratch buffer for
/// strings with escapes, the position of the event being reported, and errors located by line
/// and column (worked out only when an error is made).
protocol TextDocumentParser {
  /// The format errors are in.
  static var format: PropertyListFormat { get }
  /// Makes a parser of `bytes` (UTF-8) under `options` (their limits, and what a format
  /// reads of them), reporting each event's place through `position`.
  init(bytes: UnsafeRawBufferPointer, options: PropertyListReadingOptions, position: UnsafeMutablePointer<Int>)
  /// Reads the document into `sink`.
  mutating func parse<Sink: PropertyListEventSink>(into sink: inout Sink) throws(PropertyListError)

  var bytes: UnsafeRawBufferPointer { get }
  /// Where the text starts: after a UTF-8 byte-order mark, if there is one.
  var textStart: Int { get }
  var cursor: Int { get }
  /// Where the value of the event being reported starts, for the sink's locator.
  var position: UnsafeMutablePointer<Int> { get }
  /// Reused for strings with escapes.
  var scratch: [UInt8] { get }
}

extension TextDocumentParser {
  /// Reads `bytes` (UTF-8, or UTF-16 with a byte-order mark) into `sink`, within the limits
  /// of `options`.
  static func read<Sink: PropertyListEventSink>(
    _ bytes: UnsafeRawBufferPointer, options: PropertyListReadingOptions, into sink: inout Sink
  ) throws(PropertyListError) {
    try options.limits.checkInputSize(bytes.count, format: format)
    if let utf8 = try UTF16Text.transcodeToUTF8(bytes, format: format) {
      try utf8.withRawBytes { (buffer) throws(PropertyListError) in try parse(buffer, options: options, into: &sink) }
    } else {
      try parse(bytes, options: options, into: &sink)
    }
  }

  private static func parse<Sink: PropertyListEventSink>(
    _ bytes: UnsafeRawBufferPointer, options: PropertyListReadingOptions, into sink: inout Sink
  ) throws(PropertyListError) {
    let position = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    position.initialize(to: 0)
    defer { position.deallocate() }
    var parser = Self(bytes: bytes, options: options, position: position)
    sink.start(locator: PropertyListLocator(source: .textOffset(position, text: bytes, textStart: parser.textStart)))
    try parser.parse(into: &sink)
  }

  /// Calls `body` with the text of the string just read: the bytes of the input in `raw`, or
  /// the decoded escapes in ``scratch`` when `raw` is nil.
  @inline(__always)
  func withText(
    _ raw: Range<Int>?, _ body: (UnsafeBufferPointer<UInt8>) throws(PropertyListError) -> Void
  ) throws(PropertyListError) {
    guard let raw else {
      try scratch.withUnsafeBufferPointer { (utf8) throws(PropertyListError) in try body(utf8) }
      return
    }
    try body(UnsafeRawBufferPointer(rebasing: bytes[raw]).bindMemory(to: UInt8.self))
  }

  /// An error at a byte offset, located by line and column.
  func error(_ kind: PropertyListError.Kind, at offset: Int, _ message: String) -> PropertyListError {
    PropertyListError(
      kind, format: Self.format, at: TextPosition.location(of: offset, in: bytes, from: textStart), message)
  }

  /// "expected X, found Y" for what is at the cursor; at the end of the input the kind is
  /// ``PropertyListError/Kind/unexpectedEnd``.
  func expected(_ what: String) -> PropertyListError {
    error(
      cursor < bytes.count ? .syntax : .unexpectedEnd, at: cursor,
      "expected \(what), found \(TextPosition.describe(at: cursor, in: bytes))")
  }
}
