import Foundation

extension Collation {
  /// The letter (0 for A … 25 for Z) that a text starting with a Latin letter goes under, or
  /// nil when it does not start with one. Accented letters, full-width letters and letters
  /// like `Æ` or `Ø` go with their base letter.
  static func latinLetterIndex(of text: String) -> Int? {
    guard let first = text.unicodeScalars.first else { return nil }
    if let index = asciiLetterIndex(first.value) { return index }
    // Only non-ASCII letters pay for Foundation; the tables it uses know every Latin letter.
    guard first.value >= 0xC0, first.properties.isAlphabetic, let character = text.first else { return nil }
    let folded = String(character).folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    if let scalar = folded.unicodeScalars.first, let index = asciiLetterIndex(scalar.value) { return index }
    guard let ascii = folded.applyingTransform(StringTransform("Latin-ASCII"), reverse: false),
      let scalar = ascii.unicodeScalars.first
    else { return nil }
    return asciiLetterIndex(scalar.value)
  }

  @inline(__always)
  static func asciiLetterIndex(_ value: UInt32) -> Int? {
    if (0x41...0x5A).contains(value) { return Int(value - 0x41) }
    if (0x61...0x7A).contains(value) { return Int(value - 0x61) }
    return nil
  }
}
