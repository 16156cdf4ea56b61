/// The strings that stand for subtrees left out of a binary diff's values (see
/// ``BinaryDiffValues``): a prefix chosen at random when the diff starts, then the fingerprint
/// of the subtree in 16 hex digits. Telling a stand-in and reading its fingerprint needs no
/// table and no hashing of strings, which matters because a large diff makes one for nearly
/// every element of its arrays.
struct StandIns: Sendable, Equatable {
  /// U+FFFF (a noncharacter, which files do not hold for text) and a random number chosen after
  /// the files were read, so that no string of the files starts so.
  private let prefix: [UInt8]

  init() { prefix = Array("\u{FFFF}same-\(UInt64.random(in: 0...UInt64.max))-".utf8) }

  private static let digits = Array("0123456789abcdef".utf8)

  /// The stand-in for a subtree with this fingerprint.
  func standIn(for print: UInt64) -> String {
    String(unsafeUninitializedCapacity: prefix.count + 16) { buffer in
      _ = buffer.initialize(from: prefix)
      for digit in 0..<16 {
        buffer[prefix.count + digit] = Self.digits[Int(truncatingIfNeeded: print >> (60 - 4 * UInt64(digit))) & 15]
      }
      return prefix.count + 16
    }
  }

  /// The fingerprint a stand-in stands for; nil for any other string.
  func print(of string: String) -> UInt64? {
    guard string.utf8.count == prefix.count + 16 else { return nil }
    var copy = string
    return copy.withUTF8 { utf8 -> UInt64? in
      // A memory compare: the generic `starts(with:)` cost more than the rest of the diff's
      // work on a stand-in, and every string of the values is asked.
      let startsWithPrefix = prefix.withUnsafeBufferPointer {
        UnsafeBufferPointer(rebasing: utf8[..<$0.count]).hasSameBytes(as: $0)
      }
      guard startsWithPrefix else { return nil }
      var print: UInt64 = 0
      for byte in UnsafeBufferPointer(rebasing: utf8[prefix.count...]) {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): print = print << 4 | UInt64(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): print = print << 4 | UInt64(byte - UInt8(ascii: "a") + 10)
        default: return nil
        }
      }
      return print
    }
  }
}
