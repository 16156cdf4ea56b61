#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A hash table from byte sequences to numbers, for the stream writers (the binary writer
/// shares scalars by their encoded bytes, the JSON writer numbers dictionary keys) and for
/// checks that know keys or object IDs by number (`lint`'s repeated keys, a project's IDs).
///
/// The sequences are kept back to back in one buffer, and the table holds only numbers, so an
/// entry costs its bytes and about 24 bytes more, with one allocation per growth instead of
/// one per entry. Equality is byte equality: exact, never Unicode equivalence.
package struct ByteSequenceTable {
  /// Every stored sequence, back to back.
  private var storage: [UInt8] = []
  /// Where each entry's bytes start in `storage`; an entry ends where the next starts.
  private var starts: [Int] = []
  private var hashes: [Int] = []
  private var values: [UInt32] = []
  /// Open addressing: entry number + 1, or 0 for an empty slot.
  private var slots = [UInt32](repeating: 0, count: 1024)

  /// An empty table.
  package init() {}

  /// The number of entries.
  package var count: Int { starts.count }

  /// The bytes of entry number `entry` (entries are numbered from 0 in the order they were
  /// stored), as text, for messages.
  package func string(ofEntry entry: Int) -> String {
    let end = entry + 1 < starts.count ? starts[entry + 1] : storage.count
    return String(decoding: storage[starts[entry]..<end], as: UTF8.self)
  }

  /// The value stored for `bytes`, or nil after storing `value` for them.
  package mutating func value(for bytes: UnsafeRawBufferPointer, insertingIfAbsent value: Int) -> Int? {
    var hasher = Hasher()
    hasher.combine(bytes: bytes)
    let hash = hasher.finalize()
    let mask = slots.count - 1
    var slot = hash & mask
    while slots[slot] != 0 {
      let entry = Int(slots[slot] - 1)
      if hashes[entry] == hash, matches(entry, bytes) { return Int(values[entry]) }
      slot = (slot + 1) & mask
    }
    precondition(value <= Int(UInt32.max) && starts.count < Int(UInt32.max) - 1, "too many entries")
    slots[slot] = UInt32(starts.count + 1)
    starts.append(storage.count)
    storage.append(contentsOf: bytes)
    hashes.append(hash)
    values.append(UInt32(value))
    if starts.count * 2 > slots.count { grow() }
    return nil
  }

  private func matches(_ entry: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
    let start = starts[entry]
    let end = entry + 1 < starts.count ? starts[entry + 1] : storage.count
    guard end - start == bytes.count else { return false }
    return storage.withUnsafeBytes { stored in
      bytes.isEmpty || memcmp(stored.baseAddress! + start, bytes.baseAddress!, bytes.count) == 0
    }
  }

  private mutating func grow() {
    slots = [UInt32](repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for entry in 0..<starts.count {
      var slot = hashes[entry] & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = UInt32(entry + 1)
    }
  }
}
