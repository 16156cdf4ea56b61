/// Reads the JSON forms of a property list (see ``JSONStyle``).
///
/// Objects become dictionaries with their keys in order (a repeated key keeps its first
/// position and its last value), numbers without `.`, `e` or `E` become integers and the
/// others reals, `null` is an error. With ``PropertyListReadingOptions/jsonStyle`` `.typed`,
/// the typed form's tags (`{"$date": …}` and the others) are decoded. In the plain form an
/// object whose only member is `"CF$UID"` with a non-negative integer is a UID, as the XML
/// form's `<dict><key>CF$UID</key>…` is (and as the plain writer writes UIDs), on every route.
/// Errors carry the line and column.
public struct JSONPropertyListReader: Sendable, PropertyListEventReader {
  /// The options in force.
  public var options: PropertyListReadingOptions

  /// Makes a reader.
  public init(options: PropertyListReadingOptions = .default) { self.options = options }

  /// Reads one property list from UTF-8 JSON (a byte-order mark is skipped), or UTF-16 JSON
  /// that starts with a byte-order mark.
  ///
  /// A plain read of a document that holds the typed form's tags reads it as typed (see
  /// ``PropertyListReadingOptions/detectsTypedJSON``).
  public func read(_ bytes: UnsafeRawBufferPointer) throws(PropertyListError) -> PropertyList {
    if options.jsonStyle == .plain {
      let value = try readTree(bytes)
      guard options.detectsTypedJSON, JSONTypedTag.isHeld(in: value) else { return value }
    }
    // The typed form: its tags, and `{"CF$UID": n}` an ordinary dictionary (it writes `$uid`).
    var typed = options
    typed.jsonStyle = .typed
    var builder = JSONTypedTreeBuilder()
    try JSONParser.read(bytes, options: typed, into: &builder)
    return builder.root!
  }

  /// Reads one property list into `sink` (see ``PropertyListEventSink``), as plain JSON: the
  /// typed form's tags are ordinary objects here, as their meaning is only known once an object
  /// closes (``read(_:)`` decodes them); `{"CF$UID": n}` is a UID unless the options say the
  /// typed form.
  ///
  /// - Throws: ``PropertyListError`` with the line and column of the problem, or what the sink
  ///   threw.
  public func read<Sink: PropertyListEventSink>(
    _ bytes: UnsafeRawBufferPointer, into sink: inout Sink
  ) throws(PropertyListError) {
    try JSONParser.read(bytes, options: options, into: &sink)
  }
}
