import PlistKit

/// A String Catalog (`.xcstrings`): Xcode's localization file, a JSON object of every string an
/// app shows and its translations.
///
/// The model keeps what Xcode writes as typed values (``sourceLanguage``, ``version``, the
/// ``strings`` and, inside them, entries, localizations, string units, plural and device
/// variations, substitutions) and any member it does not know, in ``extraMembers`` at each
/// level, so that a catalog read and written again loses nothing. Read one with
/// `init(bytes:limits:)`, write one with ``StringCatalogWriter``.
public struct StringCatalog: Sendable, Equatable {
  /// The language the strings are written in, such as `en`.
  public var sourceLanguage: String
  /// The file format's version, as written (`1.0`, `1.1`).
  public var version: String
  /// Every string of the catalog by its key, in file order.
  public var strings: KeyedList<Entry>
  /// Top-level members the model does not know, kept so that they are written back.
  public var extraMembers: KeyedList<PropertyList>
  /// True when the file ends with a line break after its closing brace. Xcode writes none; a
  /// file another tool saved may have one, and it is kept so that a round trip is exact.
  public var endsWithNewline: Bool

  /// Makes a catalog.
  public init(
    sourceLanguage: String, version: String = "1.0", strings: KeyedList<Entry> = KeyedList(),
    extraMembers: KeyedList<PropertyList> = KeyedList(), endsWithNewline: Bool = false
  ) {
    self.sourceLanguage = sourceLanguage
    self.version = version
    self.strings = strings
    self.extraMembers = extraMembers
    self.endsWithNewline = endsWithNewline
  }
}
