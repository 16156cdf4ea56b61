/// Reports plain JSON to a ``PropertyListEventConsumer`` as ``JSONParser`` reads it, so that
/// a stream writer writes the value without it being built. The typed form is not forwarded:
/// whether its objects are tags is only known when they close.
struct JSONEventForwarder<Consumer: PropertyListEventConsumer>: JSONValueSink {
  var consumer: Consumer

  mutating func openArray() { consumer.beginArray() }

  mutating func openObject() { consumer.beginDictionary() }

  mutating func memberKey(_ key: String, valueOffset: Int) -> Bool {
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
