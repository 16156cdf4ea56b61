/// Reads the OpenStep (ASCII) form: `{ key = value; }` dictionaries, `( a, b )` arrays,
/// quoted and unquoted strings, `<0fbd 7a>` data, `//` and `/* */` comments; also `.strings`
/// files (entries without the outer braces) and Xcode `project.pbxproj` files.
///
/// The text may be UTF-8 (a byte-order mark is skipped) or UTF-16 with a byte-order mark.
/// Apart from GNUstep's `<*I5>`, `<*R1.5>`, `<*BY>`/`<*BN>` and `<*D…>` extensions, every value
/// read is a string, data, an array or a dictionary. Errors carry the line and column.
public struct OpenStepPropertyListReader: Sendable {
  /// The options in force.
  public var options: PropertyListReadingOptions

  /// Makes a reader.
  public init(options: PropertyListReadingOptions = .default) { self.options = options }

  /// Reads one property list.
  public func read(_ bytes: UnsafeRawBufferPointer) throws(PropertyListError) -> PropertyList {
    var builder = PropertyListTreeBuilder()
    try read(bytes, into: &builder)
    return builder.root!
  }

  /// Reads one property list into `sink` (see ``PropertyListEventSink``).
  ///
  /// - Throws: ``PropertyListError`` with the line and column of the problem, or what the sink
  ///   threw.
  public func read<Sink: PropertyListEventSink>(
    _ bytes: UnsafeRawBufferPointer, into sink: inout Sink
  ) throws(PropertyListError) {
    try options.limits.checkInputSize(bytes.count, format: .openStep)
    if let utf8 = try UTF16Text.transcodeToUTF8(bytes, format: .openStep) {
      try utf8.withRawBytes { (buffer) throws(PropertyListError) in try parse(buffer, into: &sink) }
    } else {
      try parse(bytes, into: &sink)
    }
  }

  private func parse<Sink: PropertyListEventSink>(
    _ bytes: UnsafeRawBufferPointer, into sink: inout Sink
  ) throws(PropertyListError) {
    let position = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    position.initialize(to: 0)
    defer { position.deallocate() }
    var parser = OpenStepParser(bytes: bytes, limits: options.limits, position: position)
    sink.start(locator: parser.locator)
    try parser.parse(into: &sink)
  }
}
