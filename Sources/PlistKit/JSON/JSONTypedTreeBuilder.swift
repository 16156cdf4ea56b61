/// Builds the value of a JSON document in the typed form (see ``JSONStyle/typed``) from the
/// parser's events, decoding the tags (see ``JSONParsedValue`` for why an object carries two
/// readings until its parent shows which counts).
///
/// A tag's error points at its payload: the builder keeps where the first member's value of
/// each object starts, from the locator, and makes the line and column only for an error.
struct JSONTypedTreeBuilder: PropertyListEventSink {
  /// The contents of the open arrays and objects, innermost last.
  private var arrays: [[PropertyList]] = []
  private var objects: [JSONObjectBuilder] = []
  /// For each open container, innermost last: true for an object.
  private var isObject: [Bool] = []
  /// True between a key and the first event of its value, whose position is the value's.
  private var awaitsValuePosition = false
  private var locator = PropertyListLocator.none
  /// The document's value, once read.
  private(set) var root: PropertyList?

  mutating func start(locator: PropertyListLocator) { self.locator = locator }

  mutating func beginArray() {
    valueStarts()
    arrays.append([])
    isObject.append(false)
  }

  mutating func beginDictionary() {
    valueStarts()
    objects.append(JSONObjectBuilder())
    isObject.append(true)
  }

  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) {
    objects[objects.count - 1].pendingKey = String(decoding: utf8, as: UTF8.self)
    awaitsValuePosition = true
  }

  mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    valueStarts()
    try deliver(JSONParsedValue(.string(String(decoding: utf8, as: UTF8.self))))
  }

  mutating func scalar(_ value: PropertyList) throws(PropertyListError) {
    valueStarts()
    try deliver(JSONParsedValue(value))
  }

  mutating func endArray() throws(PropertyListError) {
    isObject.removeLast()
    try deliver(JSONParsedValue(.array(arrays.removeLast())))
  }

  mutating func endDictionary() throws(PropertyListError) {
    isObject.removeLast()
    let locator = self.locator
    let closed = objects.removeLast().closeTyped { position, message in
      PropertyListError(.invalidValue, format: .json, at: locator.location(of: position), message)
    }
    try deliver(closed)
  }

  /// Notes where the value of the member just keyed starts.
  @inline(__always)
  private mutating func valueStarts() {
    guard awaitsValuePosition else { return }
    awaitsValuePosition = false
    objects[objects.count - 1].pendingValuePosition = locator.position
  }

  /// Gives a value just read to its container, or takes it as the document's value.
  private mutating func deliver(_ value: JSONParsedValue) throws(PropertyListError) {
    guard let inObject = isObject.last else {
      root = try value.resolved()
      return
    }
    if inObject {
      try objects[objects.count - 1].add(value, typed: true)
    } else {
      arrays[arrays.count - 1].append(try value.resolved())
    }
  }
}
