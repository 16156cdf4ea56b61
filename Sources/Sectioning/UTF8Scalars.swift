/// Small UTF-8 helpers for walking search keys, which are valid UTF-8 by construction.
enum UTF8Scalars {
  /// The number of bytes of the scalar that starts with `byte`.
  @inline(__always)
  static func length(ofLeadByte byte: UInt8) -> Int {
    if byte < 0x80 { return 1 }
    if byte < 0xE0 { return 2 }
    if byte < 0xF0 { return 3 }
    return 4
  }

  /// The scalar value starting at `position`.
  @inline(__always)
  static func decode<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at position: Bytes.Index) -> UInt32 {
    let lead = UInt32(bytes[position])
    if lead < 0x80 { return lead }
    let length = length(ofLeadByte: UInt8(lead))
    var value = lead & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    var index = bytes.index(after: position)
    for _ in 1..<length {
      value = value << 6 | (UInt32(bytes[index]) & 0x3F)
      index = bytes.index(after: index)
    }
    return value
  }

  /// The start of the scalar that ends just before `position`.
  @inline(__always)
  static func startOfScalar(before position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var start = position - 1
    while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
    return start
  }

  /// True when the scalar continues the character before it (a combining mark, a
  /// grapheme extender, a joiner, or a Hangul vowel or final of a decomposed syllable):
  /// a match may neither end just before one nor start on one.
  static func isContinuation(_ value: UInt32) -> Bool {
    if value < 0x300 { return false }
    if HangulJamo.isSyllableContinuation(value) { return true }
    guard let scalar = Unicode.Scalar(value) else { return false }
    if value == 0x200D { return true }
    let properties = scalar.properties
    return properties.canonicalCombiningClass != .notReordered || properties.isGraphemeExtend
      || properties.generalCategory == .spacingMark
  }

  /// True when the scalar is part of a word: a letter, a digit, or a mark on one.
  static func isWordCharacter(_ value: UInt32) -> Bool {
    if value < 0x80 {
      return (0x61...0x7A).contains(value) || (0x30...0x39).contains(value) || (0x41...0x5A).contains(value)
    }
    guard let scalar = Unicode.Scalar(value) else { return false }
    let properties = scalar.properties
    return properties.isAlphabetic || properties.numericType != nil || isContinuation(value)
  }
}
