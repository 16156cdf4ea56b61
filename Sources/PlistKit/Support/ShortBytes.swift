#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Byte equality for the writers' tables, whose keys and shared values are mostly a few bytes
/// long: up to 16 bytes are compared as two overlapping words in place, where a call to
/// `memcmp` would cost more than the comparison.
enum ShortBytes {
  /// True when the `count` bytes at `left` and `right` are the same.
  @inline(__always)
  static func equal(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
    switch count {
    case 0:
      return true
    case 1...3:
      return left.load(as: UInt8.self) == right.load(as: UInt8.self)
        && left.load(fromByteOffset: count >> 1, as: UInt8.self)
          == right.load(fromByteOffset: count >> 1, as: UInt8.self)
        && left.load(fromByteOffset: count - 1, as: UInt8.self) == right.load(fromByteOffset: count - 1, as: UInt8.self)
    case 4...7:
      return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
        && left.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
          == right.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    case 8...16:
      return left.loadUnaligned(as: UInt64.self) == right.loadUnaligned(as: UInt64.self)
        && left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
          == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    default:
      return memcmp(left, right, count) == 0
    }
  }
}
