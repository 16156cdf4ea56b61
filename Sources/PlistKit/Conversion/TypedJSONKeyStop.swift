/// Hands plain JSON's events to a stream writer, and stops at a key that names a tag of the
/// typed form (`$uid`, `$data`…): such a document may be typed JSON, which the value path
/// detects (see ``PropertyListReadingOptions/detectsTypedJSON``) and a stream cannot, since
/// whether an object is a tag is only known when it closes.
struct TypedJSONKeyStop<Writer: StreamWriting>: StreamWriting {
  var writer: Writer
  private var metTagKey = false

  init(_ writer: Writer) { self.writer = writer }

  static var takesSharedContainers: Bool { Writer.takesSharedContainers }

  var stopReason: PropertyListConverter.Fallback? { metTagKey ? .typedJSON : writer.stopReason }
  var destination: StreamWriterOutput { writer.destination }

  mutating func start(locator: PropertyListLocator) { writer.start(locator: locator) }
  mutating func beginArray() throws(PropertyListError) { try writer.beginArray() }
  mutating func beginDictionary() throws(PropertyListError) { try writer.beginDictionary() }

  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    if JSONTypedTag.isTagName(utf8) {
      metTagKey = true
      throw .streamWriterStopped
    }
    try writer.key(utf8)
  }

  mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) { try writer.string(utf8) }
  mutating func scalar(_ value: PropertyList) throws(PropertyListError) { try writer.scalar(value) }
  mutating func endArray() throws(PropertyListError) { try writer.endArray() }
  mutating func endDictionary() throws(PropertyListError) { try writer.endDictionary() }
  mutating func finish() throws(PropertyListError) -> [UInt8] { try writer.finish() }
  var plainJSONLosses: PlainJSONLosses { writer.plainJSONLosses }
}
