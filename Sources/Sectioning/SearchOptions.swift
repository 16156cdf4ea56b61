/// How a search term is matched against items.
///
/// The default is the book's `NSCaseInsensitiveSearch`: a case-insensitive substring match
/// that respects canonical equivalence (a precomposed `é` finds a decomposed one and back)
/// and never matches part of a character (`cafe` does not find `café`).
public struct SearchOptions: Sendable, Hashable {
  /// Where in an item the term may match.
  public enum Mode: String, Sendable, Hashable, CaseIterable {
    /// Anywhere (the book's behaviour).
    case contains
    /// At the start of the item.
    case prefix
    /// At the start of any word of the item (after a character that is not a letter or digit).
    case wordPrefix
  }

  /// Where the term may match.
  public var mode: Mode
  /// True to ignore diacritics: `e` finds `é`, `u` finds `ü`.
  public var ignoresDiacritics: Bool
  /// True to ignore the full-width/half-width distinction: `ａｂｃ` finds `abc`, `ｶ` finds `カ`.
  public var ignoresWidth: Bool
  /// True to let Hangul consonant letters in a term stand for any syllable that begins with
  /// them (`ㄱㅂ` finds `김밥`), as Korean apps do. It only takes effect when the term has a
  /// consonant letter, so the default leaves every other search book-compatible.
  public var matchesHangulInitials: Bool

  /// Makes options; the defaults are book-compatible.
  public init(
    mode: Mode = .contains, ignoresDiacritics: Bool = false, ignoresWidth: Bool = false,
    matchesHangulInitials: Bool = true
  ) {
    self.mode = mode
    self.ignoresDiacritics = ignoresDiacritics
    self.ignoresWidth = ignoresWidth
    self.matchesHangulInitials = matchesHangulInitials
  }

  /// The book's search: case-insensitive, canonically equivalent, anywhere in the item.
  public static let `default` = SearchOptions()

  /// The parts of the options that change how text is folded into a search key; searches
  /// whose options share a folding can share keys.
  public var folding: SearchFolding {
    SearchFolding(ignoresDiacritics: ignoresDiacritics, ignoresWidth: ignoresWidth)
  }
}
