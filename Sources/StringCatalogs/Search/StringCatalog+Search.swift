import Sectioning

extension StringCatalog {
  /// One text of a catalog that a search found.
  public struct SearchMatch: Sendable, Equatable {
    /// The string's key.
    public var key: String
    /// The language of the text; the source language for the key itself.
    public var language: String
    /// The text that matched: the key, or a string unit's value (of a variation's case too).
    public var text: String

    /// Makes a match.
    public init(key: String, language: String, text: String) {
      self.key = key
      self.language = language
      self.text = text
    }
  }

  /// The texts of the catalog that contain `term`, with `Sectioning`'s matching (the rules of
  /// `plistkit filter`: case folding and canonical equivalence, and as `options` say, prefix or
  /// word-prefix matching, diacritics, width and Korean initial consonants).
  ///
  /// The texts are each string's key (in the source language) and every string unit's value,
  /// those of plural and device variations and of substitutions included, in the catalog's
  /// order; a source-language value equal to the key is the key's match only.
  ///
  /// - Parameters:
  ///   - term: what to look for; an empty term matches every text.
  ///   - options: how to match.
  ///   - language: only texts of this language (the keys count as the source language's).
  public func search(_ term: String, options: SearchOptions = .default, language: String? = nil) -> [SearchMatch] {
    var candidates: [SearchMatch] = []
    for element in strings {
      let key = element.key
      if language.map({ $0.utf8.elementsEqual(sourceLanguage.utf8) }) ?? true {
        candidates.append(SearchMatch(key: key, language: sourceLanguage, text: key))
      }
      for localization in element.value.localizations ?? KeyedList() {
        if let language, !localization.key.utf8.elementsEqual(language.utf8) { continue }
        let isSource = localization.key.utf8.elementsEqual(sourceLanguage.utf8)
        Self.forEachText(localization.value) { text in
          if isSource && text.utf8.elementsEqual(key.utf8) { return }
          candidates.append(SearchMatch(key: key, language: localization.key, text: text))
        }
      }
    }
    let keys = SearchKeys(candidates.lazy.map(\.text), folding: options.folding)
    return keys.matches(SearchPattern(term, options: options)).map { candidates[Int($0)] }
  }

  /// Every string unit's value of a localization, its variations' and substitutions' too.
  private static func forEachText(_ localization: Localization, _ body: (String) -> Void) {
    if let unit = localization.stringUnit { body(unit.value) }
    forEachText(localization.variations, body)
    for substitution in localization.substitutions ?? KeyedList() {
      forEachText(substitution.value.variations, body)
    }
  }

  private static func forEachText(_ variations: Variations?, _ body: (String) -> Void) {
    guard let variations else { return }
    for element in variations.plural ?? KeyedList() { forEachText(element.value, body) }
    for element in variations.device ?? KeyedList() { forEachText(element.value, body) }
  }
}
