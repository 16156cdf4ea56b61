import Foundation

/// Pinyin initials of Han characters, through ICU's Han-Latin transliteration (which
/// Foundation carries on Linux as well as on Apple platforms).
enum Pinyin {
  /// True for a CJK unified or compatibility ideograph.
  static func isHan(_ value: UInt32) -> Bool {
    (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value) || (0xF900...0xFAFF).contains(value)
      || (0x20000...0x323AF).contains(value)
  }

  /// How many leading Han characters are transliterated together: enough for ICU to pick the
  /// reading of a heteronym from its neighbours (`重庆` is chóng qìng, not zhòng), few enough to
  /// keep the cost per item small.
  private static let contextLength = 4

  private static let transform = StringTransform("Han-Latin; Latin-ASCII")

  /// The letter (0 for A … 25 for Z) of the pinyin of the text's leading Han characters, or
  /// nil when the transliteration gives no Latin letter.
  static func initialLetterIndex(of text: String) -> Int? {
    var leading = ""
    for scalar in text.unicodeScalars.prefix(contextLength) {
      guard isHan(scalar.value) else { break }
      leading.unicodeScalars.append(scalar)
    }
    guard !leading.isEmpty, let latin = leading.applyingTransform(transform, reverse: false),
      let first = latin.unicodeScalars.first
    else { return nil }
    return Collation.asciiLetterIndex(first.value)
  }
}
