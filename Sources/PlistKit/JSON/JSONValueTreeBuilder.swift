/// Builds the value of a JSON document as ``JSONParser`` reads it, decoding the typed form's
/// tags when `typed` (see ``JSONParsedValue`` for why an object carries two readings).
struct JSONValueTreeBuilder: JSONValueSink {
  let typed: Bool
  /// The contents of the open arrays and objects, innermost last.
  private var arrays: [[PropertyList]] = []
  private var objects: [JSONObjectBuilder] = []
  /// The document's value, once read.
  private(set) var value: PropertyList?

  init(typed: Bool) { self.typed = typed }

  mutating func openArray() { arrays.append([]) }

  mutating func openObject() { objects.append(JSONObjectBuilder()) }

  mutating func memberKey(_ key: String, valueOffset: Int) -> Bool {
    objects[objects.count - 1].pendingKey = key
    objects[objects.count - 1].pendingValueOffset = valueOffset
    return true
  }

  mutating func string(_ string: String) -> JSONParsedValue { JSONParsedValue(.string(string)) }

  mutating func scalar(_ value: PropertyList) -> JSONParsedValue { JSONParsedValue(value) }

  mutating func closeArray() -> JSONParsedValue { JSONParsedValue(.array(arrays.removeLast())) }

  mutating func closeObject(error: (Int, String) -> PropertyListError) -> JSONParsedValue {
    let builder = objects.removeLast()
    guard typed else { return JSONParsedValue(.dictionary(builder.dictionary)) }
    return builder.closeTyped(error: error)
  }

  mutating func add(_ value: JSONParsedValue, toObject: Bool) throws(PropertyListError) {
    if toObject {
      try objects[objects.count - 1].add(value, typed: typed)
    } else {
      arrays[arrays.count - 1].append(try value.resolved())
    }
  }

  mutating func finish(_ value: JSONParsedValue) throws(PropertyListError) { self.value = try value.resolved() }
}
