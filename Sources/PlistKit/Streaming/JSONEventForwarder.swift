/// Reports plain JSON to a ``PropertyListEventConsumer`` as ``JSONParser`` reads it, so that
/// a stream writer writes the value without it being built. The typed form is not forwarded:
/// whether its objects are tags is only known when they close. So a member whose key is a
/// tag's stops the stream when the typed form is detected
/// (``PropertyListReadingOptions/detectsTypedJSON``): the value path decides.
struct JSONEventForwarder<Consumer: PropertyListEventConsumer>: JSONValueSink {
  var consumer: Consumer
  /// Stop at a tag's key, for the value path to tell typed from plain JSON.
  var stopsAtTagKeys: Bool

  mutating func openArray() { consumer.beginArray() }

  mutating func openObject() { consumer.beginDictionary() }

  mutating func memberKey(_ key: String, valueOffset: Int) -> Bool {
    if stopsAtTagKeys, JSONTypedTag.named(key) != nil { return false }
    var key = key
    return key.withUTF8 { consumer.key($0) }
  }

  mutating func string(_ string: String) {
    var string = string
    string.withUTF8 { consumer.string($0) }
  }

  mutating func scalar(_ value: PropertyList) { consumer.scalar(value) }

  mutating func closeArray() { consumer.endArray() }

  mutating func closeObject(error: (Int, String) -> PropertyListError) { consumer.endDictionary() }

  mutating func add(_ value: Void, toObject: Bool) {}

  mutating func finish(_ value: Void) {}
}
