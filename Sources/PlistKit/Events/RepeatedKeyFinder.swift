/// Finds the keys a dictionary repeats, with the place of each occurrence, for a sink that hears
/// keys as events (`lint`'s check, a project's integrity check).
///
/// The value model keeps a repeated key once, with its last value (see ``PropertyListDictionary``),
/// so a read says nothing of the first; this is what a check asks instead. Keys are told apart by
/// their bytes (exact, never Unicode equivalence). A small dictionary's keys are kept back to back
/// and a new key is compared with each (most dictionaries are records of a few keys, and a length
/// compare settles most pairs); a dictionary with many keys (a project's `objects`) gets a table
/// of its own from its keys' bytes to their places, under one seeded hash.
package struct RepeatedKeyFinder {
  private struct Frame {
    /// Where the dictionary's keys start in the key list, and their bytes.
    let firstEntry: Int
    let firstByte: Int
    /// Its keys and where each first occurred, once it has more than `linearLimit`.
    var table: KeyPlaceTable?
  }

  private static let linearLimit = 16
  /// The keys of the open dictionaries without a table, the innermost last.
  private let keys = OpenKeys()
  private var frames: [Frame] = []
  /// The hash of the tables, seeded once per finder.
  private let hasher = ByteHash()

  /// A finder with no dictionary open.
  package init() {}

  /// A dictionary opens.
  package mutating func openDictionary() {
    frames.append(Frame(firstEntry: keys.ends.count, firstByte: keys.bytes.count))
  }

  /// The innermost dictionary closes.
  package mutating func closeDictionary() {
    let frame = frames.removeLast()
    keys.removeAll(fromEntry: frame.firstEntry, byte: frame.firstByte)
  }

  /// Adds key `utf8`, found at `position`, to the innermost dictionary: nil when the dictionary
  /// did not have it, else the place where it occurred first.
  package mutating func insert(
    _ utf8: UnsafeBufferPointer<UInt8>, at position: PropertyListLocator.Position
  ) -> PropertyListLocator.Position? {
    let top = frames.count - 1
    if let table = frames[top].table { return table.insert(UnsafeRawBufferPointer(utf8), at: position) }
    let firstEntry = frames[top].firstEntry
    let firstByte = frames[top].firstByte
    if let found = keys.find(utf8, fromEntry: firstEntry, byte: firstByte) { return found }
    guard keys.ends.count - firstEntry >= Self.linearLimit else {
      keys.append(utf8, at: position)
      return nil
    }
    // The dictionary's keys move to a table of their own.
    let table = KeyPlaceTable(hasher: hasher)
    keys.forEach(fromEntry: firstEntry, byte: firstByte) { key, place in _ = table.insert(key, at: place) }
    _ = table.insert(UnsafeRawBufferPointer(utf8), at: position)
    frames[top].table = table
    keys.removeAll(fromEntry: firstEntry, byte: firstByte)
    return nil
  }
}

/// The keys of the open dictionaries that have no table, back to back, with where each ends
/// and where it occurred: in buffers that grow without copying themselves, held by reference
/// (a finder is a sink's value, and its buffers cannot be copied).
private final class OpenKeys {
  // Unchecked: reached only through the finder's own calls, one at a time.
  @exclusivity(unchecked) var bytes = GrowingBuffer<UInt8>(capacity: 1024)
  @exclusivity(unchecked) var ends = GrowingBuffer<Int>(capacity: 64)
  @exclusivity(unchecked) var places = GrowingBuffer<Int>(capacity: 64)

  /// The place of the key among those from `entry` (whose bytes start at `byte`) with the
  /// bytes of `utf8`, if there is one.
  @inline(__always)
  func find(
    _ utf8: UnsafeBufferPointer<UInt8>, fromEntry entry: Int, byte: Int
  ) -> PropertyListLocator.Position? {
    let stored = bytes.elements
    var start = byte
    for index in entry..<ends.count {
      let end = ends[index]
      if end - start == utf8.count,
        utf8.isEmpty || ShortBytes.equal(stored.baseAddress! + start, utf8.baseAddress!, count: utf8.count)
      {
        return PropertyListLocator.Position(rawValue: places[index])
      }
      start = end
    }
    return nil
  }

  @inline(__always)
  func append(_ utf8: UnsafeBufferPointer<UInt8>, at position: PropertyListLocator.Position) {
    bytes.append(contentsOf: utf8)
    ends.append(bytes.count)
    places.append(position.rawValue)
  }

  /// Calls `body` with each key from `entry` (whose bytes start at `byte`) and its place.
  func forEach(
    fromEntry entry: Int, byte: Int, _ body: (UnsafeRawBufferPointer, PropertyListLocator.Position) -> Void
  ) {
    let stored = UnsafeRawBufferPointer(bytes.elements)
    var start = byte
    for index in entry..<ends.count {
      let end = ends[index]
      body(UnsafeRawBufferPointer(rebasing: stored[start..<end]), PropertyListLocator.Position(rawValue: places[index]))
      start = end
    }
  }

  @inline(__always)
  func removeAll(fromEntry entry: Int, byte: Int) {
    ends.removeAll(from: entry)
    places.removeAll(from: entry)
    bytes.removeAll(from: byte)
  }
}

/// The keys of one large dictionary and where each first occurred: open addressing over a
/// seeded hash of the key's bytes (so that keys chosen to collide in one run do not in the
/// next), the bytes kept back to back.
private final class KeyPlaceTable {
  private let hasher: ByteHash
  // Unchecked: the table is reached only through its dictionary's frame, one access at a time,
  // and the checks cost more than the lookups.
  @exclusivity(unchecked) private var bytes: [UInt8] = []
  /// Each key: where its bytes end in `bytes`, its place, and the low half of its hash.
  @exclusivity(unchecked) private var entries: [(end: Int, position: PropertyListLocator.Position, hash: UInt32)] = []
  /// Entry index + 1, or 0 for an empty slot; at most half full.
  @exclusivity(unchecked) private var slots = [UInt32](repeating: 0, count: 64)

  init(hasher: ByteHash) { self.hasher = hasher }

  /// The place of `key` if the table has it, else nil after adding it at `position`.
  func insert(_ key: UnsafeRawBufferPointer, at position: PropertyListLocator.Position) -> PropertyListLocator.Position?
  {
    let hash = hasher.hash(key)
    let tag = UInt32(truncatingIfNeeded: hash)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash >> 32) & mask
    while slots[slot] != 0 {
      let index = Int(slots[slot]) - 1
      if entries[index].hash == tag, matches(index, key) { return entries[index].position }
      slot = (slot + 1) & mask
    }
    precondition(entries.count < Int(UInt32.max) - 1, "too many keys in one dictionary")
    bytes.append(contentsOf: key)
    entries.append((bytes.count, position, tag))
    slots[slot] = UInt32(entries.count)
    if entries.count * 2 > slots.count { grow() }
    return nil
  }

  private func matches(_ index: Int, _ key: UnsafeRawBufferPointer) -> Bool {
    let start = index == 0 ? 0 : entries[index - 1].end
    guard entries[index].end - start == key.count else { return false }
    return key.isEmpty
      || bytes.withUnsafeBytes { ShortBytes.equal($0.baseAddress! + start, key.baseAddress!, count: key.count) }
  }

  private func grow() {
    slots = [UInt32](repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    bytes.withUnsafeBytes { stored in
      var start = 0
      for index in entries.indices {
        let end = entries[index].end
        var slot =
          Int(truncatingIfNeeded: hasher.hash(UnsafeRawBufferPointer(rebasing: stored[start..<end])) >> 32) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = UInt32(index + 1)
        start = end
      }
    }
  }
}
