/// The sink behind `plistkit lint`: it hears every event and keeps nothing, so checking a file
/// costs its reader's work and memory, never its value's (see ``PropertyList/check(bytes:format:options:)``).
///
/// It takes a shared container once, as the value builder does, so the binary reader checks
/// exactly what it checks for the value. With `stopsAtTypedJSONTag` it stops at a key that names
/// a tag of the typed JSON form: a plain read of such a document may decode it as typed JSON (see
/// ``PropertyListReadingOptions/detectsTypedJSON``), whose errors only the value path knows. With
/// `findsRepeatedKeys` it keeps the keys of the open dictionaries, to report a key that a
/// dictionary repeats (see ``PropertyList/lint(bytes:format:options:)``).
package struct PropertyListCheckingSink: PropertyListEventSink {
  /// Stop (with ``PropertyListError/streamWriterStopped``) at a typed JSON tag's key.
  package var stopsAtTypedJSONTag: Bool
  /// True once the read stopped at a typed JSON tag's key.
  package private(set) var metTypedJSONTag = false
  /// The keys that repeat, once the read has ended; empty unless asked for.
  package var repeatedKeys: [PropertyListRepeatedKey] { keys.found }
  /// Kept whole rather than optional: mutating an optional's payload on every event copied it.
  private var keys = RepeatedKeys()
  private let findsRepeatedKeys: Bool

  /// Makes a sink that keeps nothing, or only the keys of the open dictionaries.
  package init(stopsAtTypedJSONTag: Bool = false, findsRepeatedKeys: Bool = false) {
    self.stopsAtTypedJSONTag = stopsAtTypedJSONTag
    self.findsRepeatedKeys = findsRepeatedKeys
  }

  package static var takesSharedContainers: Bool { true }

  package mutating func start(locator: PropertyListLocator) { keys.locator = locator }

  package mutating func beginArray() { if findsRepeatedKeys { keys.depth += 1 } }
  package mutating func beginDictionary() {
    guard findsRepeatedKeys else { return }
    keys.depth += 1
    keys.finder.openDictionary()
  }

  package mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    if findsRepeatedKeys { keys.insert(utf8) }
    guard stopsAtTypedJSONTag, JSONTypedTag.isTagName(utf8) else { return }
    metTypedJSONTag = true
    throw .streamWriterStopped
  }

  package mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) {}
  package mutating func scalar(_ value: PropertyList) {}
  package mutating func endArray() { if findsRepeatedKeys { keys.close(dictionary: false) } }
  package mutating func endDictionary() { if findsRepeatedKeys { keys.close(dictionary: true) } }
  package mutating func repeatContainer(_ object: Int) {}
}

/// The repeated keys a checking sink finds: their places are kept as positions while the read
/// runs and turned into lines and columns in one pass when the top-level container closes,
/// while the locator is still valid.
private struct RepeatedKeys {
  var finder = RepeatedKeyFinder()
  var locator = PropertyListLocator.none
  var depth = 0
  var pending: [(key: String, first: PropertyListLocator.Position, repeated: PropertyListLocator.Position)] = []
  var found: [PropertyListRepeatedKey] = []

  mutating func insert(_ utf8: UnsafeBufferPointer<UInt8>) {
    let position = locator.position
    guard let first = finder.insert(utf8, at: position) else { return }
    pending.append((String(decoding: utf8, as: UTF8.self), first, position))
  }

  mutating func close(dictionary: Bool) {
    if dictionary { finder.closeDictionary() }
    depth -= 1
    guard depth == 0, !pending.isEmpty else { return }
    let locations = locator.locations(of: pending.flatMap { [$0.first, $0.repeated] })
    found = pending.indices.map { index in
      PropertyListRepeatedKey(
        key: pending[index].key, first: locations[2 * index], repeated: locations[2 * index + 1])
    }
    pending = []
  }
}
