#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension PropertyListMap {
  /// Lays out the document in `bytes` (in `format`, or the format detected) from its reader's
  /// events, so that no ``PropertyList`` tree is made: the map and the strings are all the
  /// read makes. The map finds the places of its errors in `bytes` again (see
  /// ``location(ofEntry:)``), which must outlive it.
  ///
  /// - Parameter stopsAtTypedJSONTag: stop at a key of plain JSON that names a typed JSON tag:
  ///   such a document may be typed JSON, which the JSON reader decides on the document's value
  ///   (see ``PropertyListReadingOptions/detectsTypedJSON``).
  /// - Returns: the map and the format read, or nil when the read stopped at a typed JSON tag.
  /// - Throws: the reader's ``PropertyListError``, or a limit of the map.
  public static func read(
    bytes: UnsafeRawBufferPointer, format: PropertyListFormat?, options: PropertyListReadingOptions,
    stopsAtTypedJSONTag: Bool = false
  ) throws(PropertyListError) -> (map: PropertyListMap, format: PropertyListFormat)? {
    var sink = PropertyListMapSink(limits: options.limits)
    sink.stopsAtTypedJSONTag = stopsAtTypedJSONTag
    let read: PropertyListFormat
    do {
      read = try PropertyList.read(bytes: bytes, format: format, options: options, into: &sink)
    } catch {
      guard sink.metTypedJSONTag else { throw error }
      return nil
    }
    var map = sink.builder.map
    map.locations = .input(PropertyListMapLocationTable(bytes: bytes, format: read, options: options))
    return (map, read)
  }
}

/// Builds a ``PropertyListMap`` from a reader's events (XML, binary, JSON or OpenStep alike), so
/// that decoding never builds the document's ``PropertyList`` tree: the map and the strings are
/// all it makes.
///
/// The map keeps no position per entry: an error finds its entry's place by reading the input
/// again (``PropertyListMapEntryLocator``), so each event here makes exactly one entry. Dictionary keys get one string each however often they repeat; a key a
/// dictionary repeats keeps its first place with its last value, as ``PropertyListDictionary``
/// does. A container a binary plist shares is laid out once and referenced from its other
/// places.
struct PropertyListMapSink: PropertyListEventSink {
  static var takesSharedContainers: Bool { true }

  private(set) var builder: PropertyListMapBuilder
  private var keys = PropertyListMapKeyTable()
  /// Binary object number → the entry of the container laid out for it (-1 until then).
  private var objectEntries: [Int32] = []
  /// The object number named for the container that opens next, or -1.
  private var pendingObject = -1
  /// For each open container: its entry, and how many keys it has had (a dictionary).
  private var open: [(entry: Int, keys: Int)] = []

  /// Stop at a key that names a typed JSON tag: a plain JSON document with one may be typed
  /// JSON, which the JSON reader decides on the document's value (see
  /// ``PropertyListReadingOptions/detectsTypedJSON``).
  var stopsAtTypedJSONTag = false
  /// True once the read stopped at a typed JSON tag's key.
  private(set) var metTypedJSONTag = false

  init(limits: PropertyListLimits) {
    builder = PropertyListMapBuilder(limits: limits)
  }

  mutating func identifyContainer(_ object: Int) { pendingObject = object }

  mutating func beginArray() throws(PropertyListError) {
    try begin()
    try builder.beginArray()
  }

  mutating func beginDictionary() throws(PropertyListError) {
    try begin()
    try builder.beginDictionary()
  }

  private mutating func begin() throws(PropertyListError) {
    let entry = builder.entryCount
    if pendingObject >= 0 {
      if pendingObject >= objectEntries.count {
        objectEntries.append(contentsOf: repeatElement(-1, count: pendingObject + 1 - objectEntries.count))
      }
      objectEntries[pendingObject] = Int32(truncatingIfNeeded: entry)
      pendingObject = -1
    }
    open.append((entry, 0))
  }

  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    if stopsAtTypedJSONTag, PropertyListFragments.namesTypedJSONTag(utf8) {
      metTypedJSONTag = true
      throw PropertyListError(.invalidValue, format: .json, "a key names a typed JSON tag")
    }
    let depth = open.count
    let place = open[depth - 1].keys
    open[depth - 1].keys = place + 1
    let index = keys.index(of: utf8, depth: depth, place: place, in: &builder.map.strings)
    try builder.key(stringIndex: index)
  }

  mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    try builder.string(String(decoding: utf8, as: UTF8.self))
  }

  mutating func scalar(_ value: PropertyList) throws(PropertyListError) {
    try builder.scalar(value)
  }

  mutating func endArray() throws(PropertyListError) {
    open.removeLast()
    try builder.end()
  }

  mutating func endDictionary() throws(PropertyListError) {
    let (entry, keyCount) = open.removeLast()
    try builder.end()
    if keyCount > 1 { builder.shadowRepeatedKeys(ofDictionaryAt: entry) }
  }

  mutating func repeatContainer(_ object: Int) throws(PropertyListError) {
    try builder.shared(Int(objectEntries[object]))
  }
}

/// Dictionary keys by their bytes, each made into a string once: the key last seen at a place
/// (depth and position in its dictionary) is compared first, as records of one shape repeat
/// their keys in order, and a hash table finds the others.
struct PropertyListMapKeyTable {
  private static let depths = 32
  private static let places = 32
  /// The string index of the key last seen at each place, or -1.
  private var recent = [Int](repeating: -1, count: depths * places)
  /// Open addressing: string index + 1, or 0 for an empty slot.
  private var slots = [Int](repeating: 0, count: 64)
  private var hashes = [UInt64](repeating: 0, count: 64)
  private var count = 0

  /// The index in `strings` of the key `utf8`, appending it when new.
  mutating func index(of utf8: UnsafeBufferPointer<UInt8>, depth: Int, place: Int, in strings: inout [String]) -> Int {
    let slot = depth < Self.depths && place < Self.places ? depth * Self.places + place : -1
    if slot >= 0, recent[slot] >= 0, Self.equal(strings[recent[slot]], utf8) { return recent[slot] }
    // FNV-1a: keys are short; a collision costs one comparison.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let mask = slots.count - 1
    var position = Int(truncatingIfNeeded: hash) & mask
    while slots[position] != 0 {
      let candidate = slots[position] - 1
      if hashes[position] == hash, Self.equal(strings[candidate], utf8) {
        if slot >= 0 { recent[slot] = candidate }
        return candidate
      }
      position = (position + 1) & mask
    }
    let index = strings.count
    strings.append(String(decoding: utf8, as: UTF8.self))
    slots[position] = index + 1
    hashes[position] = hash
    count += 1
    if count * 2 > slots.count { grow(strings) }
    if slot >= 0 { recent[slot] = index }
    return index
  }

  private static func equal(_ string: String, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    var string = string
    return string.withUTF8 { stored in
      stored.count == utf8.count && (utf8.isEmpty || memcmp(stored.baseAddress!, utf8.baseAddress!, utf8.count) == 0)
    }
  }

  private mutating func grow(_ strings: [String]) {
    let oldSlots = slots
    let oldHashes = hashes
    slots = [Int](repeating: 0, count: oldSlots.count * 2)
    hashes = [UInt64](repeating: 0, count: oldSlots.count * 2)
    let mask = slots.count - 1
    for (slot, hash) in zip(oldSlots, oldHashes) where slot != 0 {
      var position = Int(truncatingIfNeeded: hash) & mask
      while slots[position] != 0 { position = (position + 1) & mask }
      slots[position] = slot
      hashes[position] = hash
    }
  }
}
