/// Puts items into alphabetical sections for an index down the side of a list, per language,
/// like UIKit's `UILocalizedIndexedCollation`.
///
/// Every collation ends with `#` for whatever has no letter of its own (digits, symbols,
/// other scripts). Items keep their input order inside a section.
public enum Collation: String, Sendable, Hashable, CaseIterable {
  /// English: `A`…`Z`, then `#`. Accented and other Latin letters go with their base letter
  /// (`É` under `E`, `Æ` under `A`, `Ø` under `O`).
  case en
  /// Korean: `ㄱ ㄴ ㄷ ㄹ ㅁ ㅂ ㅅ ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ` by a syllable's initial consonant, double
  /// consonants under their base (`까` under `ㄱ`), then Latin `A`…`Z`, then `#`.
  case ko
  /// Japanese: the kana rows `あ か さ た な は ま や ら わ` (hiragana and katakana, full and
  /// half width, voiced and small forms with their base row, `ん` under `わ`), then Latin
  /// `A`…`Z`, then `#`. Kanji go under `#`: their reading is not in the text.
  case ja
  /// Chinese: `A`…`Z` by the pinyin initial of a leading Han character (ICU's Han-Latin
  /// transliteration) or by the Latin letter, then `#`.
  case zh

  /// The title of the section for things that have no letter.
  public static let otherTitle = "#"

  /// Every section title, in order (empty sections included).
  public var titles: [String] {
    switch self {
    case .en, .zh: Self.latinTitles + [Self.otherTitle]
    case .ko: HangulJamo.baseConsonantTitles + Self.latinTitles + [Self.otherTitle]
    case .ja: Kana.rowTitles + Self.latinTitles + [Self.otherTitle]
    }
  }

  /// The position in ``titles`` of the section for `text`.
  public func sectionIndex(for text: String) -> Int {
    guard let first = text.unicodeScalars.first else { return titles.count - 1 }
    let value = first.value
    switch self {
    case .en:
      return Self.latinLetterIndex(of: text) ?? 26
    case .ko:
      let korean = HangulJamo.baseConsonantTitles.count
      if let index = HangulJamo.sectionIndex(of: value) { return index }
      return Self.latinLetterIndex(of: text).map { korean + $0 } ?? korean + 26
    case .ja:
      let rows = Kana.rowTitles.count
      if let row = Kana.rowIndex(of: first) { return row }
      return Self.latinLetterIndex(of: text).map { rows + $0 } ?? rows + 26
    case .zh:
      if Pinyin.isHan(value), let letter = Pinyin.initialLetterIndex(of: text) { return letter }
      return Self.latinLetterIndex(of: text) ?? 26
    }
  }

  /// The title of the section for `text`.
  public func sectionTitle(for text: String) -> String { titles[sectionIndex(for: text)] }

  static let latinTitles: [String] = (0..<26).map { String(UnicodeScalar(UInt8(0x41 + $0))) }
}
