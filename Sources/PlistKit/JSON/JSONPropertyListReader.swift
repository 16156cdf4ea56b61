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

  /// Reads one property list from UTF-8 JSON (a byte-order mark is skipped), or UTF-16 JSON
  /// that starts with a byte-order mark.
  ///
  /// A plain read of a document that holds the typed form's tags reads it as typed (see
  /// ``PropertyListReadingOptions/detectsTypedJSON``).
  public func read(_ bytes: UnsafeRawBufferPointer) throws(PropertyListError) -> PropertyList {
    try options.limits.checkInputSize(bytes.count, format: .json)
    if let utf8 = try UTF16Text.transcodeToUTF8(bytes, format: .json) {
      return try utf8.withRawBytes { (buffer) throws(PropertyListError) in try parse(buffer) }
    }
    return try parse(bytes)
  }

  private func parse(_ bytes: UnsafeRawBufferPointer) throws(PropertyListError) -> PropertyList {
    var parser = JSONParser(bytes: bytes, options: options)
    let value = try parser.parseDocument()
    guard options.jsonStyle == .plain, options.detectsTypedJSON, JSONTypedTag.isHeld(in: value) else { return value }
    var typed = options
    typed.jsonStyle = .typed
    var typedParser = JSONParser(bytes: bytes, options: typed)
    return try typedParser.parseDocument()
  }
}
