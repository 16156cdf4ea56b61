import PlistKit

/// A fast 64-bit hash for fingerprints: a multiply–rotate state over 64-bit words and the
/// bytes of strings and data, finished with MurmurHash3's avalanche. It is seeded at random
/// for each process; fingerprints only guide the alignment of arrays (the values paired are
/// compared in full), so a collision can make a diff longer but never wrong, and the hash
/// tables a diff builds on fingerprints hash them again with the standard library's keyed hash.
struct FingerprintHash {
  private var state: UInt64

  private static let seed = UInt64.random(in: 1...UInt64.max)
  private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

  init(_ tag: UInt64) { state = Self.seed ^ (tag &* Self.multiplier) }

  mutating func combine(_ word: UInt64) {
    state = ((state ^ word) &* Self.multiplier)
    state = (state << 31) | (state >> 33)
  }

  mutating func combine(bytes: UnsafeRawBufferPointer) {
    combine(UInt64(bytes.count))
    var offset = 0
    while offset + 8 <= bytes.count {
      combine(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      offset += 8
    }
    if offset < bytes.count {
      var tail: UInt64 = 0
      for index in offset..<bytes.count { tail = tail << 8 | UInt64(bytes[index]) }
      combine(tail)
    }
  }

  var value: UInt64 {
    var h = state
    h ^= h >> 33
    h &*= 0xFF51_AFD7_ED55_8CCD
    h ^= h >> 33
    h &*= 0xC4CE_B9FE_1A85_EC53
    h ^= h >> 33
    return h
  }

  /// The fingerprint of a scalar (a kind tag and its exact payload), nil for a container.
  static func scalar(_ value: PropertyList) -> UInt64? {
    var hash: FingerprintHash
    switch value {
    case .string(let string):
      var copy = string
      return copy.withUTF8 { Self.string(UnsafeRawBufferPointer($0)) }
    case .integer(let integer):
      hash = FingerprintHash(2)
      hash.combine(integer.bitPattern)
      // The bits of a value above Int64.max are those of a negative one.
      hash.combine(integer.isNegative ? 1 : 0)
    case .real(let real):
      hash = FingerprintHash(3)
      hash.combine(real.bitPattern)
    case .boolean(let flag):
      hash = FingerprintHash(4)
      hash.combine(flag ? 1 : 0)
    case .date(let date):
      hash = FingerprintHash(5)
      hash.combine(date.secondsSinceReferenceDate.bitPattern)
    case .data(let bytes):
      return bytes.withUnsafeBytes { Self.data($0) }
    case .uid(let uid):
      hash = FingerprintHash(7)
      hash.combine(uid)
    case .array, .dictionary:
      return nil
    }
    return hash.value
  }

  /// The fingerprint of a string, from its UTF-8.
  static func string(_ utf8: UnsafeRawBufferPointer) -> UInt64 {
    var hash = FingerprintHash(1)
    hash.combine(bytes: utf8)
    return hash.value
  }

  /// The fingerprint of data, from its bytes.
  static func data(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash = FingerprintHash(6)
    hash.combine(bytes: bytes)
    return hash.value
  }

  /// The fingerprint of an empty array or dictionary.
  static func empty(isDictionary: Bool) -> UInt64 { FingerprintHash(isDictionary ? dictionaryTag : arrayTag).value }

  /// The hash of one dictionary entry, from its key's fingerprint (``string(_:)``) and its
  /// value's: a dictionary's fingerprint adds these up, so that key order does not change it,
  /// and a key met in many dictionaries (as a binary plist's one key object is) is hashed once.
  static func entry(key: UInt64, value: UInt64) -> UInt64 {
    var entry = FingerprintHash(value)
    entry.combine(key)
    return entry.value
  }

  /// The tags containers start from.
  static let arrayTag: UInt64 = 8
  static let dictionaryTag: UInt64 = 9
}
