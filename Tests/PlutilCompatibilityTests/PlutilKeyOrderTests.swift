import Testing

@testable import PlutilCompatibility

/// ``PlutilKeyOrder`` on keys whose order the toolchain's `plutil` was seen to write.
@Suite("plutil's key order")
struct PlutilKeyOrderTests {
  @Test("ASCII: ignorable controls, white space, punctuation and symbols, digits, letters")
  func asciiCharacters() {
    let characters = (1..<128).map { String(UnicodeScalar(UInt8($0))) }
    let expected =
      "\u{01}\u{02}\u{03}\u{04}\u{05}\u{06}\u{07}\u{08}\u{0E}\u{0F}\u{10}\u{11}\u{12}\u{13}\u{14}\u{15}\u{16}\u{17}"
      + "\u{18}\u{19}\u{1A}\u{1B}\u{1C}\u{1D}\u{1E}\u{1F}\u{7F}\t\n\u{0B}\u{0C}\r _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$"
      + "0123456789aAbBcCdDeEfFgGhHiIjJkKlLmMnNoOpPqQrRsStTuUvVwWxXyYzZ"
    #expect(PlutilKeyOrder.sorted(characters).joined() == expected)
  }

  @Test("numbers by value, shorter runs of zeros first, then case, lowercase first")
  func numbersAndCase() {
    let keys = [
      "b", "B", "a10", "a9", "A9", "a09", "1", "01", "001", "10", "9", "ab", "aB", "Ab", "x2y10", "x2y9", "x10y1",
      "a1b",
      "a12", "a01b", "A1B", "1a", "01a", "1A", "0", "00", "99999999999999999999", "18446744073709551616",
    ]
    #expect(
      PlutilKeyOrder.sorted(keys) == [
        // A run past UInt64.max wraps, as in CoreFoundation: 2^64 counts as 0.
        "0", "00", "18446744073709551616", "1", "01", "001", "1a", "1A", "01a", "9", "10", "99999999999999999999",
        "a1b", "a01b", "A1B", "a9", "a09", "A9", "a10", "a12", "ab", "aB", "Ab", "b", "B", "x2y9", "x2y10", "x10y1",
      ])
  }

  @Test("Latin letters with marks sort with their base letter, and a few expand")
  func latinLetters() {
    let keys = ["b", "a", "A", "Å", "ä", "ae", "Æ", "o", "ô", "ss", "ß", "e", "é", "f", "z", "Ω", "ω", "中", "日"]
    #expect(
      PlutilKeyOrder.sorted(keys) == [
        "a", "A", "Å", "ä", "ae", "Æ", "b", "e", "é", "f", "o", "ô", "ss", "ß", "z", "ω", "Ω", "中", "日",
      ])
  }

  @Test("no two different keys are equal, and the order is total on random keys")
  func totalOrder() {
    var generator = SeededGenerator(seed: 0x4B45_5953)
    let alphabet = Array("aAbB019_-. $~é")
    let keys = (0..<200).map { _ in
      String((0..<Int.random(in: 0...5, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
    }
    let unique = Array(Set(keys.map { Array($0.unicodeScalars) })).map { String(String.UnicodeScalarView($0)) }
    let sorted = PlutilKeyOrder.sorted(unique)
    for (first, second) in zip(sorted, sorted.dropFirst()) {
      #expect(PlutilKeyOrder.areInIncreasingOrder(first, second), "\(first) < \(second)")
      #expect(!PlutilKeyOrder.areInIncreasingOrder(second, first), "\(second) < \(first)")
    }
  }
}
