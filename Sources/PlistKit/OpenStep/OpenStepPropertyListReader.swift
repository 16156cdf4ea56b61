/// Reads the OpenStep (ASCII) form: `{ key = value; }` dictionaries, `( a, b )` arrays,
/// quoted and unquoted strings, `<0fbd 7a>` data, `//` and `/* */` comments; also `.strings`
/// files (entries without the outer braces) and Xcode `project.pbxproj` files.
///
/// The text may be UTF-8 (a byte-order mark is skipped) or UTF-16 with a byte-order mark.
/// Apart from GNUstep's `<*I5>`, `<*R1.5>`, `<*BY>`/`<*BN>` and `<*D…>` extensions, every value
/// read is a string, data, an array or a dictionary. Errors carry the line and column.
public struct OpenStepPropertyListReader: Sendable, PropertyListEventReader {
  /// The options in force.
  public var options: PropertyListReadingOptions

  /// Makes a reader.
  public init(options: PropertyListReadingOptions = .default) { self.options = options }

  /// Reads one property list.
  public func read(_ bytes: UnsafeRawBufferPointer) throws(PropertyListError) -> PropertyList {
    try readTree(bytes)
  }

  /// Reads one property list into `sink` (see ``PropertyListEventSink``).
  ///
  /// - Throws: ``PropertyListError`` with the line and column of the problem, or what the sink
  ///   threw.
  public func read<Sink: PropertyListEventSink>(
    _ bytes: UnsafeRawBufferPointer, into sink: inout Sink
  ) throws(PropertyListError) {
    try OpenStepParser.read(bytes, options: options, into: &sink)
  }
}
