/// Reads the JSON forms of a property list (see ``JSONStyle``).
///
/// Objects become dictionaries with their keys in order (a repeated key keeps its first
/// position and its last value), numbers without `.`, `e` or `E` become integers and the
/// others reals, `null` is an error. With ``PropertyListReadingOptions/jsonStyle`` `.typed`,
/// the typed form's tags (`{"$date": …}` and the others) are decoded. Errors carry the line
/// and column.
public struct JSONPropertyListReader: Sendable {
  /// The options in force.
  public var options: PropertyListReadingOptions

  /// Makes a reader.
  public init(options: PropertyListReadingOptions = .default) { self.options = options }

  /// Reads one property list from UTF-8 JSON (a byte-order mark is skipped).
  public func read(_ bytes: UnsafeRawBufferPointer) throws(PropertyListError) -> PropertyList {
    var parser = JSONParser(bytes: bytes, options: options)
    return try parser.parseDocument()
  }
}
