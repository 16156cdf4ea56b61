/// Makes one `String` per distinct dictionary key of a document, so that 200,000 records
/// with the same keys share their key storage and each key is validated and built once.
///
/// An open-addressing table keyed by the key's raw bytes: looking up a key costs a hash and
/// one byte comparison, no `String` is made for a key already seen. Only keys without
/// escapes and up to ``maximumKeyLength`` bytes are interned, and the table stops growing at
/// ``maximumEntries`` (a document of unique keys gains nothing from it).
struct JSONKeyInterner {
  static let maximumKeyLength = 128
  static let maximumEntries = 4096

  private struct Entry {
    var hash: UInt64
    var bytes: [UInt8]
    var string: String
  }

  private var slots = [Entry?](repeating: nil, count: 64)
  private var count = 0

  /// The interned string for `bytes` (valid UTF-8 without escapes), made once.
  mutating func string(for bytes: UnsafeRawBufferPointer) -> String {
    guard bytes.count <= Self.maximumKeyLength else { return String(decoding: bytes, as: UTF8.self) }
    // FNV-1a: short keys, no need for a stronger hash; collisions only cost a comparison.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while let entry = slots[slot] {
      if entry.hash == hash, entry.bytes.elementsEqual(bytes) { return entry.string }
      slot = (slot + 1) & mask
    }
    let string = String(decoding: bytes, as: UTF8.self)
    guard count < Self.maximumEntries else { return string }
    slots[slot] = Entry(hash: hash, bytes: Array(bytes), string: string)
    count += 1
    if count * 4 > slots.count * 3 { grow() }
    return string
  }

  private mutating func grow() {
    let old = slots
    slots = [Entry?](repeating: nil, count: old.count * 2)
    let mask = slots.count - 1
    for case let entry? in old {
      var slot = Int(truncatingIfNeeded: entry.hash) & mask
      while slots[slot] != nil { slot = (slot + 1) & mask }
      slots[slot] = entry
    }
  }
}
