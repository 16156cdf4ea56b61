/// Something one side of a conversion between a String Catalog and `.strings`/`.stringsdict`
/// files holds that the other cannot, and what the conversion did instead: a device variation
/// inside a longer text, a state other than translated, a comment that differs by language.
///
/// The conversion still succeeds; a command line prints its notes as warnings.
public struct LocalizationConversionNote: Sendable, Equatable, CustomStringConvertible {
  /// The string's key, when the note is about one string.
  public var key: String?
  /// The language, when the note is about one language of it.
  public var language: String?
  /// What was not kept and what was done instead.
  public var message: String

  /// Makes a note.
  public init(key: String? = nil, language: String? = nil, message: String) {
    self.key = key
    self.language = language
    self.message = message
  }

  /// `key 'Done' (de): state needs_review is not kept: .strings files have no states`.
  public var description: String {
    var place = key.map { "key '\($0)'" } ?? ""
    if let language { place += place.isEmpty ? language : " (\(language))" }
    return place.isEmpty ? message : place + ": " + message
  }
}
