import PlistKit

/// The dictionary keys of an ``EncodingArena``, each stored once for as long as it is among the
/// recent keys, found by the bits of its `String`: a type's keys are the same strings (literals)
/// in every record, so each is stored once rather than once per record (16 bytes a key, as much as the values of a record of small fields),
/// and has the same index in every record, by which the writers keep what they make of it. A
/// string that is still stored cannot have its bits taken by another, so equal bits are the
/// same string; equal strings with other bits are only stored twice.
///
/// Four ways to a set, so that two keys of a type whose bits fall in the same set do not push
/// each other out (and get stored again for every record).
struct EncodingKeyTable: ~Copyable {
  /// The keys stored, by index.
  private(set) var keys: [String] = []
  private let recent: UnsafeMutablePointer<RecentKey>
  /// Which way of a full set a missing key goes in next.
  private var nextWay = 0

  private static let sets = 64
  private static let ways = 4

  private struct RecentKey {
    var bits: (UInt64, UInt64)
    var index: Int32
  }

  init() {
    let count = Self.sets * Self.ways
    recent = PlainMemory.allocate(RecentKey.self, capacity: count)
    recent.initialize(repeating: RecentKey(bits: (0, 0), index: -1), count: count)
  }

  deinit {
    PlainMemory.release(recent)
  }

  /// The index of `key` in ``keys``, stored once for as long as it is among the recent keys.
  @inline(__always)
  mutating func index(of key: String) -> Int32 {
    let bits = unsafeBitCast(key, to: (UInt64, UInt64).self)
    let mixed = (bits.0 &* 0x9E37_79B9_7F4A_7C15 ^ bits.1) &* 0xBF58_476D_1CE4_E5B9
    let set = recent + Int(truncatingIfNeeded: mixed >> 58) * Self.ways
    var free = -1
    for way in 0..<Self.ways {
      let known = set[way]
      if known.index < 0 {
        if free < 0 { free = way }
      } else if known.bits == bits {
        return known.index
      }
    }
    return store(key, bits: bits, in: set, free: free)
  }

  /// Stores a key that is not among the recent ones.
  private mutating func store(
    _ key: String, bits: (UInt64, UInt64), in set: UnsafeMutablePointer<RecentKey>, free: Int
  ) -> Int32 {
    keys.append(key)
    let index = Int32(truncatingIfNeeded: keys.count - 1)
    var way = free
    if way < 0 {
      way = nextWay
      nextWay = (nextWay + 1) % Self.ways
    }
    set[way] = RecentKey(bits: bits, index: index)
    return index
  }
}
