/// Reuses one `String` for every occurrence of the same dictionary key, so that a file of
/// 200,000 records with the same ten keys holds ten key strings, not two million.
///
/// Keys of up to 15 UTF-8 bytes are not interned: Swift stores them inline in the `String`
/// itself, so making one costs no allocation and less than a hash lookup.
struct PropertyListKeyInterner {
  /// Keys longer than this are not interned either: they are rarely repeated.
  private static let maximumLength = 256
  /// Stop growing the table here; later new keys are simply not interned.
  private static let maximumEntries = 1 << 16

  private var slots: [String?] = Array(repeating: nil, count: 64)
  private var hashes: [Int] = Array(repeating: 0, count: 64)
  private var count = 0

  /// The key for `bytes` (valid UTF-8), shared with earlier keys of the same bytes.
  mutating func key(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard bytes.count > 15, bytes.count <= Self.maximumLength else {
      return String(decoding: bytes, as: UTF8.self)
    }
    // FNV-1a: keys are short and the table's own; collisions only cost a comparison.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while let candidate = slots[slot] {
      if hashes[slot] == Int(truncatingIfNeeded: hash), Self.equal(candidate, bytes) { return candidate }
      slot = (slot + 1) & mask
    }
    let key = String(decoding: bytes, as: UTF8.self)
    guard count < Self.maximumEntries else { return key }
    slots[slot] = key
    hashes[slot] = Int(truncatingIfNeeded: hash)
    count += 1
    if count * 2 > slots.count { grow() }
    return key
  }

  private static func equal(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var string = string
    return string.withUTF8 { $0.hasSameBytes(as: bytes) }
  }

  private mutating func grow() {
    let oldSlots = slots
    let oldHashes = hashes
    slots = Array(repeating: nil, count: oldSlots.count * 2)
    hashes = Array(repeating: 0, count: oldSlots.count * 2)
    let mask = slots.count - 1
    for index in oldSlots.indices {
      guard let key = oldSlots[index] else { continue }
      var slot = oldHashes[index] & mask
      while slots[slot] != nil { slot = (slot + 1) & mask }
      slots[slot] = key
      hashes[slot] = oldHashes[index]
    }
  }
}
