import CSystemCalls

/// The shared objects a binary writer has written, by their bytes: an entry costs a pointer and
/// three 32-bit numbers, in a buffer that grows without being in memory twice. The value
/// writer's bytes stay where they were written (a ``ChunkedOutput`` chunk never moves), so its
/// table keeps no copy of them; the stream writer hands its output on, so its table keeps a copy
/// of each new object's bytes (see ``init(keepingCopies:)``). Equality is byte equality.
///
/// Most objects of a large encoding are new, and a table of them all is far bigger than the
/// caches: looking each one up there waits on memory, and that was a quarter of the time of writing
/// a large binary plist. So the entries are found in three places, each smaller than the last:
///
/// - a filter of a few bits an entry (one word read per lookup), which answers "not here" for
///   almost every new object without reading either table;
/// - the table of the entries added since the last batch (``recentSlots``), small enough to stay
///   in the cache;
/// - the table of all earlier entries (``slots``), read only when the filter says the bytes
///   may be there, and filled a batch at a time, when the reads of many slots overlap.
///
/// A slot holds an entry's hash beside its index, so that a probe reads no entry unless the
/// hash matches.
struct BinaryPropertyListSharedObjects: ~Copyable {
  struct Entry {
    let bytes: UnsafePointer<UInt8>
    let count: Int32
    let number: Int32
    /// The hash's low 32 bits: enough to place it in the slots and to pass most others by.
    let hash: UInt32
  }

  private var entries = GrowingBuffer<Entry>(capacity: 1024)
  private let hasher = ByteHash()
  /// Copies of the entries' bytes, for a writer whose output does not stay in memory.
  private var copies = StableByteStore()
  private let keepsCopies: Bool

  /// Open addressing over `entries[..<indexed]`: an entry's hash in the high 32 bits and its
  /// index + 1 in the low, or 0 for an empty slot; at most half full.
  private var slots: UnsafeMutablePointer<UInt64>
  private var slotCount = 1024
  /// How many entries `slots` holds; the rest are in `recentSlots`.
  private var indexed = 0

  /// The same over `entries[indexed...]`, emptied when they move to `slots`.
  private var recentSlots: UnsafeMutablePointer<UInt64>
  private static let batch = 4096
  private static let recentSlotCount = 4 * batch
  /// How many inserts ahead ``moveRecentEntries()`` starts reading a slot.
  private static let insertLookahead = 16

  /// One word of filter per group of entries: two bits of it set for each (a blocked Bloom
  /// filter), at least 16 bits an entry.
  private var filter: UnsafeMutablePointer<UInt64>
  private var filterWords = 64

  /// An empty table; `keepingCopies` when the bytes given to
  /// ``number(of:insertingIfAbsent:)`` do not stay where they are.
  init(keepingCopies: Bool = false) {
    keepsCopies = keepingCopies
    slots = Self.zeroed(slotCount)
    recentSlots = Self.zeroed(Self.recentSlotCount)
    filter = Self.zeroed(filterWords)
  }

  deinit {
    PlainMemory.release(slots)
    PlainMemory.release(recentSlots)
    PlainMemory.release(filter)
  }

  private static func zeroed(_ count: Int) -> UnsafeMutablePointer<UInt64> {
    let memory = PlainMemory.allocate(UInt64.self, capacity: count)
    memory.initialize(repeating: 0, count: count)
    return memory
  }

  /// The number stored for `bytes`, or nil after storing `number` for them (the bytes must stay
  /// where they are, unless the table keeps copies).
  mutating func number(of bytes: UnsafeRawBufferPointer, insertingIfAbsent number: Int) -> Int? {
    self.number(of: bytes, hash: hash(of: bytes), insertingIfAbsent: number)
  }

  /// The hash of `bytes` for ``number(of:hash:insertingIfAbsent:)``, whose first reads (the
  /// filter word, the first slot) it starts: a caller with other work to do before the lookup
  /// does it while they come from memory, which is most of a lookup's time in a large table.
  @inline(__always)
  func hash(of bytes: UnsafeRawBufferPointer) -> UInt32 {
    let hash = UInt32(truncatingIfNeeded: hasher.hash(bytes))
    plistkit_prefetch(filter + filterPlace(hash).word)
    plistkit_prefetch(slots + (Int(hash) & (slotCount - 1)))
    return hash
  }

  /// ``number(of:insertingIfAbsent:)`` with the hash ``hash(of:)`` gave for `bytes`; nothing
  /// may be inserted between the two calls.
  mutating func number(of bytes: UnsafeRawBufferPointer, hash: UInt32, insertingIfAbsent number: Int) -> Int? {
    if mayContain(hash) {
      if let found = find(bytes, hash: hash, in: recentSlots, count: Self.recentSlotCount) { return found }
      if let found = find(bytes, hash: hash, in: slots, count: slotCount) { return found }
    }
    precondition(number < Int(Int32.max) && bytes.count < Int(Int32.max), "too many objects")
    Self.insert(hash: hash, index: entries.count, into: recentSlots, count: Self.recentSlotCount)
    let kept = keepsCopies ? copies.store(bytes) : UnsafePointer(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
    entries.append(Entry(bytes: kept, count: Int32(bytes.count), number: Int32(number), hash: hash))
    addToFilter(hash)
    if entries.count - indexed == Self.batch { moveRecentEntries() }
    return nil
  }

  /// The number of the entry in `table` with `bytes`, if any.
  @inline(__always)
  private func find(
    _ bytes: UnsafeRawBufferPointer, hash: UInt32, in table: UnsafeMutablePointer<UInt64>, count: Int
  ) -> Int? {
    let mask = count - 1
    var slot = Int(hash) & mask
    while table[slot] != 0 {
      let content = table[slot]
      if UInt32(truncatingIfNeeded: content >> 32) == hash {
        let entry = entries[Int(truncatingIfNeeded: content & 0xFFFF_FFFF) - 1]
        if Int(entry.count) == bytes.count,
          bytes.count == 0 || ShortBytes.equal(entry.bytes, bytes.baseAddress!, count: bytes.count)
        {
          return Int(entry.number)
        }
      }
      slot = (slot + 1) & mask
    }
    return nil
  }

  @inline(__always)
  private static func insert(hash: UInt32, index: Int, into table: UnsafeMutablePointer<UInt64>, count: Int) {
    let mask = count - 1
    var slot = Int(hash) & mask
    while table[slot] != 0 { slot = (slot + 1) & mask }
    table[slot] = UInt64(hash) << 32 | UInt64(index + 1)
  }

  /// The filter word of `hash` and the two bits it sets there.
  @inline(__always)
  private func filterPlace(_ hash: UInt32) -> (word: Int, bits: UInt64) {
    let mixed = UInt64(hash) &* 0x9E37_79B9_7F4A_7C15
    let word = Int(truncatingIfNeeded: mixed >> 32) & (filterWords - 1)
    let bits = 1 &<< (mixed >> 20 & 63) | 1 &<< (mixed >> 26 & 63)
    return (word, bits)
  }

  @inline(__always)
  private func mayContain(_ hash: UInt32) -> Bool {
    let place = filterPlace(hash)
    return filter[place.word] & place.bits == place.bits
  }

  private mutating func addToFilter(_ hash: UInt32) {
    if entries.count * 16 > filterWords * 64 {
      // Rebuilt four times as large from the entries' hashes: at most twice the work of
      // adding them once.
      PlainMemory.release(filter)
      filterWords *= 4
      filter = Self.zeroed(filterWords)
      for entry in entries.elements {
        let place = filterPlace(entry.hash)
        filter[place.word] |= place.bits
      }
      return
    }
    let place = filterPlace(hash)
    filter[place.word] |= place.bits
  }

  /// Moves the recent entries to `slots` (grown first if they would make it over half full)
  /// and empties `recentSlots`.
  private mutating func moveRecentEntries() {
    if entries.count * 2 > slotCount {
      PlainMemory.release(slots)
      while entries.count * 2 > slotCount { slotCount *= 2 }
      slots = Self.zeroed(slotCount)
      for (index, entry) in entries.elements.enumerated() {
        Self.insert(hash: entry.hash, index: index, into: slots, count: slotCount)
      }
    } else {
      // Each insert waits on a slot far from the last; the slots of inserts a few ahead are
      // read meanwhile.
      let mask = slotCount - 1
      for index in indexed..<entries.count {
        if index + Self.insertLookahead < entries.count {
          plistkit_prefetch(slots + (Int(entries[index + Self.insertLookahead].hash) & mask))
        }
        Self.insert(hash: entries[index].hash, index: index, into: slots, count: slotCount)
      }
    }
    indexed = entries.count
    recentSlots.update(repeating: 0, count: Self.recentSlotCount)
  }
}
