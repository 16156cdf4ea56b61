/// The sink behind `plistkit lint`: it hears every event and keeps nothing, so checking a file
/// costs its reader's work and memory, never its value's (see ``PropertyList/check(bytes:format:options:)``).
///
/// It takes a shared container once, as the value builder does, so the binary reader checks
/// exactly what it checks for the value. With `stopsAtTypedJSONTag` it stops at a key that names
/// a tag of the typed JSON form: a plain read of such a document may decode it as typed JSON (see
/// ``PropertyListReadingOptions/detectsTypedJSON``), whose errors only the value path knows.
package struct PropertyListCheckingSink: PropertyListEventSink {
  /// Stop (with ``PropertyListError/streamWriterStopped``) at a typed JSON tag's key.
  package var stopsAtTypedJSONTag: Bool
  /// True once the read stopped at a typed JSON tag's key.
  package private(set) var metTypedJSONTag = false

  /// Makes a sink that keeps nothing.
  package init(stopsAtTypedJSONTag: Bool = false) { self.stopsAtTypedJSONTag = stopsAtTypedJSONTag }

  package static var takesSharedContainers: Bool { true }

  package mutating func beginArray() {}
  package mutating func beginDictionary() {}

  package mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    guard stopsAtTypedJSONTag, JSONTypedTag.isTagName(utf8) else { return }
    metTypedJSONTag = true
    throw .streamWriterStopped
  }

  package mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) {}
  package mutating func scalar(_ value: PropertyList) {}
  package mutating func endArray() {}
  package mutating func endDictionary() {}
  package mutating func repeatContainer(_ object: Int) {}
}
