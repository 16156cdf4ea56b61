import PlistKit

extension StringCatalog {
  /// One string of a catalog: what Xcode knows about it and its localizations by language.
  ///
  /// The entry's key is the member name in ``StringCatalog/strings``; for strings extracted
  /// from code it is also the source-language text, unless the source language has a
  /// localization of its own.
  public struct Entry: Sendable, Equatable {
    /// The comment for translators, when there is one.
    public var comment: String?
    /// How Xcode found the string, when it says.
    public var extractionState: ExtractionState?
    /// False when the string is not to be translated; nil when the file does not say (which
    /// means true).
    public var shouldTranslate: Bool?
    /// The localizations by language (`en`, `de`, `zh-Hans`), in file order; nil when the
    /// entry has no `localizations` member at all.
    public var localizations: KeyedList<Localization>?
    /// Members of the entry the model does not know, kept so that they are written back.
    public var extraMembers: KeyedList<PropertyList>

    /// Makes an entry.
    public init(
      comment: String? = nil, extractionState: ExtractionState? = nil, shouldTranslate: Bool? = nil,
      localizations: KeyedList<Localization>? = nil, extraMembers: KeyedList<PropertyList> = KeyedList()
    ) {
      self.comment = comment
      self.extractionState = extractionState
      self.shouldTranslate = shouldTranslate
      self.localizations = localizations
      self.extraMembers = extraMembers
    }

    /// True unless the file says `"shouldTranslate" : false`.
    public var isTranslatable: Bool { shouldTranslate ?? true }
  }
}
