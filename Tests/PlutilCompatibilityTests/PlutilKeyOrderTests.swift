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

/// The shortcuts of ``PlutilKeyOrder/compare(_:_:shortcut:)`` (characters whose primary weights
/// differ decide without the collation) against the full comparison, on random keys built from the
/// characters where the two could part: both cases, digit runs, punctuation, controls, letters
/// with marks, expansions, CJK, Cyrillic, Hangul, a non-ASCII digit, characters beyond the Basic
/// Multilingual Plane, a format character and symbols.
@Suite("plutil's key order: the shortcut agrees with the collation")
struct PlutilKeyOrderShortcutTests {
  static let alphabet: [String] = [
    "a", "A", "b", "B", "e", "E", "z", "Z", "s", "0", "1", "2", "9", "00", " ", "-", "_", ".", "'", "\t",
    "\u{01}", "é", "É", "ß", "æ", "–", "·", "中", "\u{301}", "o", "ø", "ф", "Ф", "설", "٣", "😀", "𝒜", "\u{200B}",
    "©", "€",
  ]

  @Test("random keys compare the same both ways", arguments: [UInt64(1), 2, 3])
  func agrees(seed: UInt64) {
    var generator = SplitMix(seed: seed)
    func key() -> [UInt16] {
      let count = Int(generator.next() % 6) + 1
      return Array(
        (0..<count).map { _ in Self.alphabet[Int(generator.next() % UInt64(Self.alphabet.count))] }.joined().utf16)
    }
    var unequal = 0
    for _ in 0..<20_000 {
      let first = key()
      let second = key()
      let full = PlutilKeyOrder.compare(first, second, shortcut: false)
      #expect(
        PlutilKeyOrder.compare(first, second) == full,
        "\(String(decoding: first, as: UTF16.self)) vs \(String(decoding: second, as: UTF16.self))")
      if full != 0 { unequal += 1 }
    }
    #expect(unequal > 10_000)
  }
}

/// A small seeded generator (SplitMix64), so that a failure replays.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
