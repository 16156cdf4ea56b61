/// Hangul syllables and jamo, done arithmetically (Unicode §3.12) so that neither search nor
/// sectioning needs a table lookup per syllable.
enum HangulJamo {
  /// The first precomposed syllable, 가.
  static let syllableBase: UInt32 = 0xAC00
  /// The last precomposed syllable, 힣.
  static let syllableLast: UInt32 = 0xD7A3
  /// The first conjoining initial consonant (choseong), ᄀ.
  static let choseongBase: UInt32 = 0x1100
  /// Syllables per initial consonant: 21 vowels × 28 finals (including none).
  static let syllablesPerChoseong: UInt32 = 21 * 28
  /// The number of modern initial consonants.
  static let choseongCount = 19

  /// The compatibility letters (what a keyboard types: ㄱ ㄲ ㄴ …) of the 19 modern initial
  /// consonants, in choseong order.
  static let compatibilityChoseong: [UInt32] = [
    0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145,
    0x3146, 0x3147, 0x3148, 0x3149, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
  ]

  /// The choseong index (0…18) of a precomposed syllable.
  static func choseongIndex(ofSyllable value: UInt32) -> Int? {
    guard value >= syllableBase, value <= syllableLast else { return nil }
    return Int((value - syllableBase) / syllablesPerChoseong)
  }

  /// The choseong index of a conjoining initial consonant (U+1100…U+1112).
  static func choseongIndex(ofConjoining value: UInt32) -> Int? {
    guard value >= choseongBase, value < choseongBase + UInt32(choseongCount) else { return nil }
    return Int(value - choseongBase)
  }

  /// The choseong index of a compatibility consonant letter that can begin a syllable
  /// (ㄳ, ㄺ and the other final-only clusters cannot, and give nil).
  static func choseongIndex(ofCompatibility value: UInt32) -> Int? {
    guard value >= 0x3131, value <= 0x314E else { return nil }
    return compatibilityChoseong.firstIndex(of: value)
  }

  /// True for medial vowels and final consonants of conjoining jamo: they continue the
  /// syllable that a choseong began, so a match may not end just before one.
  static func isSyllableContinuation(_ value: UInt32) -> Bool {
    (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value)
  }

  /// True for conjoining medial vowels (jungseong), modern and old.
  static func isJungseong(_ value: UInt32) -> Bool {
    (0x1160...0x11A7).contains(value) || (0xD7B0...0xD7C6).contains(value)
  }

  /// True for conjoining final consonants (jongseong), modern and old.
  static func isJongseong(_ value: UInt32) -> Bool {
    (0x11A8...0x11FF).contains(value) || (0xD7CB...0xD7FB).contains(value)
  }

  /// The index heading a Korean section: double consonants go under their base letter, as
  /// in UIKit's and ICU's Korean indexes (ㄲ under ㄱ, ㄸ under ㄷ, ㅃ ㅆ ㅉ likewise).
  static func baseChoseongIndex(_ index: Int) -> Int {
    switch index {
    case 1: 0  // ㄲ → ㄱ
    case 4: 3  // ㄸ → ㄷ
    case 8: 7  // ㅃ → ㅂ
    case 10: 9  // ㅆ → ㅅ
    case 13: 12  // ㅉ → ㅈ
    default: index
    }
  }
}

extension HangulJamo {
  /// The Korean section titles: the 14 basic consonants.
  static let baseConsonantTitles: [String] = [0, 2, 3, 5, 6, 7, 9, 11, 12, 14, 15, 16, 17, 18].map {
    String(Unicode.Scalar(compatibilityChoseong[$0])!)
  }

  /// The Korean section (0…13) of a text that starts with `value`: a syllable, a conjoining
  /// initial or a compatibility consonant letter.
  static func sectionIndex(of value: UInt32) -> Int? {
    guard
      let index = choseongIndex(ofSyllable: value) ?? choseongIndex(ofConjoining: value)
        ?? choseongIndex(ofCompatibility: value)
    else { return nil }
    let base = baseChoseongIndex(index)
    return [0, 2, 3, 5, 6, 7, 9, 11, 12, 14, 15, 16, 17, 18].firstIndex(of: base)
  }
}
