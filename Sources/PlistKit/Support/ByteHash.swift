/// A seeded hash of short byte strings for the writers' tables of shared objects: most objects
/// are a few to a few dozen bytes, for which the standard `Hasher` costs several times the
/// work of the table itself.
///
/// Eight bytes at a time, each word folded in by a full 64 × 64 → 128-bit multiply (as wyhash
/// does). The seed is random per table and is in every word's fold, so that values chosen to
/// collide in one run do not collide in another.
struct ByteHash {
  private let seed: UInt64
  /// What each word is mixed with before its multiply: a word equal to it would wipe the state,
  /// so it must not be known.
  private let wordKey: UInt64

  init(seed: UInt64 = UInt64.random(in: .min ... .max)) {
    self.seed = seed
    wordKey = seed ^ Self.secret1
  }

  private static let secret0: UInt64 = 0xA076_1D64_78BD_642F
  private static let secret1: UInt64 = 0xE703_7ED1_A0B4_28DB
  private static let secret2: UInt64 = 0x8EBC_6AF0_9C88_C6E3

  /// The high and low halves of the full product, folded together.
  @inline(__always)
  private static func fold(_ left: UInt64, _ right: UInt64) -> UInt64 {
    let product = left.multipliedFullWidth(by: right)
    return product.high ^ product.low
  }

  /// The hash of `bytes`.
  @inline(__always)
  func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let count = bytes.count
    var state = seed ^ Self.fold(UInt64(truncatingIfNeeded: count) ^ Self.secret0, Self.secret1)
    var offset = 0
    while offset + 8 <= count {
      let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      state = Self.fold(word ^ wordKey, state ^ Self.secret0)
      offset += 8
    }
    if offset < count {
      // The last one to seven bytes: the word that ends with them (overlapping the last one
      // folded in) when there was one, else as wyhash reads a short input.
      let word: UInt64
      if count >= 8 {
        word = bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      } else if count >= 4 {
        word =
          UInt64(bytes.loadUnaligned(as: UInt32.self)) << 32
          | UInt64(bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
      } else {
        word = UInt64(bytes[0]) << 16 | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count - 1])
      }
      state = Self.fold(word ^ wordKey ^ Self.secret2, state ^ Self.secret0)
    }
    return Self.fold(state ^ Self.secret1, Self.secret2)
  }
}
