/// Finds a term of printable ASCII anywhere in an ASCII text, ignoring case.
///
/// The search folds ASCII text by lowercasing its letters, and checks where a match starts
/// and ends only next to bytes of 0x80 and above (see `SearchFolding` and `SearchKeys`), so
/// comparing the bytes lowercased gives the search's own answer. Texts of up to 16 bytes
/// (nearly every name) are checked, lowercased and searched as one 64- or 128-bit word, a
/// byte per lane.
struct ASCIIContainsMatcher {
  /// What ``match(_:)`` found.
  enum Outcome {
    case match
    case noMatch
    /// The text has a byte of 0x80 or above: it needs the search's full folding.
    case notASCII
  }

  /// The folded term: printable ASCII, lowercase, not empty.
  private let needle: [UInt8]
  private let needleCount: Int
  /// The term's bytes as a little-endian word, the mask of its bytes, and its first and last
  /// bytes in every lane, when it has 16 bytes or fewer.
  private let needleWord: UInt128
  private let needleMask: UInt128
  private let firstBytes: UInt128
  private let lastBytes: UInt128
  /// The last addresses where a text may start for an 8- or 16-byte load to stay inside the
  /// buffer the texts are parts of; 0 when the term is too long for such a word.
  private let lastStartForUInt64: UInt
  private let lastStartForUInt128: UInt

  /// A matcher for a plain "contains" pattern of printable ASCII, else nil. The texts it is
  /// given must lie in `buffer`: the word path reads a whole word from a text's start, past
  /// its end when it is shorter, and only when the word is still inside `buffer`.
  init?(_ pattern: SearchPattern, textsIn buffer: UnsafeRawBufferPointer) {
    guard pattern.options.mode == .contains, !pattern.usesHangulInitials, !pattern.key.isEmpty,
      pattern.key.allSatisfy({ (0x20...0x7E).contains($0) })
    else { return nil }
    needle = pattern.key
    needleCount = needle.count
    var word: UInt128 = 0
    for (place, byte) in needle.prefix(16).enumerated() { word |= UInt128(byte) << (8 * place) }
    needleWord = word
    needleMask = Self.mask(ofFirst: min(needleCount, 16), as: UInt128.self)
    firstBytes = Self.lanes(needle[0], as: UInt128.self)
    lastBytes = Self.lanes(needle[needleCount - 1], as: UInt128.self)
    let end = UInt(bitPattern: buffer.baseAddress) &+ UInt(buffer.count)
    lastStartForUInt64 = needleCount <= 8 && end >= 8 ? end &- 8 : 0
    lastStartForUInt128 = needleCount <= 16 && end >= 16 ? end &- 16 : 0
  }

  /// Whether the term is in `text`.
  @inline(__always)
  func match(_ text: UnsafeRawBufferPointer) -> Outcome {
    let count = text.count
    // One unsigned comparison each for 1…8 and 1…16 bytes (a text of 1 or more bytes has an
    // address), and one for where the word would end.
    if let start = text.baseAddress, UInt(bitPattern: count &- 1) < 8, UInt(bitPattern: start) <= lastStartForUInt64 {
      return matchWord(start, count: count, as: UInt64.self)
    }
    if let start = text.baseAddress, UInt(bitPattern: count &- 1) < 16,
      UInt(bitPattern: start) <= lastStartForUInt128
    {
      return matchWord(start, count: count, as: UInt128.self)
    }
    return count == 0 ? .noMatch : matchBytes(text)
  }

  /// ``match(_:)`` for a text of 1…`Word`'s byte count bytes at `start`, a byte per lane. The
  /// needle fits in a word of this width too.
  @inline(__always)
  private func matchWord<Word: FixedWidthInteger & UnsignedInteger>(
    _ start: UnsafeRawPointer, count: Int, as: Word.Type
  ) -> Outcome {
    let highBits = Self.lanes(0x80, as: Word.self)
    let word = Word(littleEndian: start.loadUnaligned(as: Word.self)) & Self.mask(ofFirst: count, as: Word.self)
    guard word & highBits == 0 else { return .notASCII }
    // A byte of 0x41…0x5A has its high bit set by adding 0x3F but not by adding 0x25; no
    // byte below 0x80 carries into the next one. That bit, shifted to 0x20, lowercases it.
    let upper = (word &+ Self.lanes(0x3F, as: Word.self)) & ~(word &+ Self.lanes(0x25, as: Word.self)) & highBits
    let lowered = word | (upper &>> 2)
    // Where the term's first and last bytes both are, in their places (bytes past the text
    // are 0, which the term has not); then each such place is compared in full.
    let last = 8 &* (needleCount &- 1)
    var candidates =
      Self.zeroLanes(lowered ^ Word(truncatingIfNeeded: firstBytes), highBits: highBits)
      & Self.zeroLanes((lowered &>> last) ^ Word(truncatingIfNeeded: lastBytes), highBits: highBits)
    let needleWord = Word(truncatingIfNeeded: needleWord)
    let needleMask = Word(truncatingIfNeeded: needleMask)
    while candidates != 0 {
      let shift = candidates.trailingZeroBitCount &- 7
      if (lowered &>> shift) & needleMask == needleWord { return .match }
      candidates &= candidates &- 1
    }
    return .noMatch
  }

  /// ``match(_:)`` for any text, a byte at a time.
  private func matchBytes(_ text: UnsafeRawBufferPointer) -> Outcome {
    for byte in text where byte >= 0x80 { return .notASCII }
    guard needleCount <= text.count else { return .noMatch }
    for position in 0...(text.count - needleCount) {
      var offset = 0
      while offset < needleCount, Self.lowercase(text[position + offset]) == needle[offset] { offset += 1 }
      if offset == needleCount { return .match }
    }
    return .noMatch
  }

  /// The mask of the first `count` (1…byte count) bytes of a little-endian word.
  @inline(__always)
  private static func mask<Word: FixedWidthInteger & UnsignedInteger>(ofFirst count: Int, as: Word.Type) -> Word {
    ~0 &>> (Word.bitWidth &- 8 &* count)
  }

  /// `byte` in every lane of a word.
  @inline(__always)
  private static func lanes<Word: FixedWidthInteger & UnsignedInteger>(_ byte: UInt8, as: Word.Type) -> Word {
    // Built from 64-bit halves, which the compiler folds to a constant (a 128-bit division
    // would be a call).
    let half = Word(truncatingIfNeeded: 0x0101_0101_0101_0101 &* UInt64(byte))
    return Word.bitWidth > 64 ? half | half << 64 : half
  }

  /// 0x80 in the lanes of `word` that are 0, exactly (no lane carries into the next).
  @inline(__always)
  private static func zeroLanes<Word: FixedWidthInteger & UnsignedInteger>(_ word: Word, highBits: Word) -> Word {
    let low = ~highBits
    return ~(((word & low) &+ low) | word) & highBits
  }

  @inline(__always)
  private static func lowercase(_ byte: UInt8) -> UInt8 {
    byte &- 0x41 < 26 ? byte | 0x20 : byte
  }
}
