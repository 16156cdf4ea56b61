import PlistKit

extension StringCatalog {
  /// A string's text in one language (or in one case of a variation): a string unit, variations
  /// by plural category or device, or both, and the substitutions its text refers to.
  public struct Localization: Sendable, Equatable {
    /// The text and its state, when this localization has one.
    public var stringUnit: StringUnit?
    /// The text by plural category or by device, when it varies.
    public var variations: Variations?
    /// The substitutions (`%#@name@` in the text) by name, in file order; nil when there is no
    /// `substitutions` member.
    public var substitutions: KeyedList<Substitution>?
    /// Members the model does not know, kept so that they are written back.
    public var extraMembers: KeyedList<PropertyList>

    /// Makes a localization.
    public init(
      stringUnit: StringUnit? = nil, variations: Variations? = nil, substitutions: KeyedList<Substitution>? = nil,
      extraMembers: KeyedList<PropertyList> = KeyedList()
    ) {
      self.stringUnit = stringUnit
      self.variations = variations
      self.substitutions = substitutions
      self.extraMembers = extraMembers
    }
  }

  /// A text and how far its translation has come.
  public struct StringUnit: Sendable, Equatable {
    /// How far the translation has come.
    public var state: TranslationState
    /// The text.
    public var value: String
    /// Members the model does not know, kept so that they are written back.
    public var extraMembers: KeyedList<PropertyList>

    /// Makes a string unit.
    public init(state: TranslationState, value: String, extraMembers: KeyedList<PropertyList> = KeyedList()) {
      self.state = state
      self.value = value
      self.extraMembers = extraMembers
    }
  }

  /// A localization's text by plural category (`plural`) or by device (`device`); a device's
  /// case may vary by plural category in turn.
  public struct Variations: Sendable, Equatable {
    /// The text by plural category (``PluralCategory``'s raw values), in file order.
    public var plural: KeyedList<Localization>?
    /// The text by device (``DeviceClass``'s raw values), in file order.
    public var device: KeyedList<Localization>?
    /// Kinds of variation the model does not know, kept so that they are written back.
    public var extraMembers: KeyedList<PropertyList>

    /// Makes variations.
    public init(
      plural: KeyedList<Localization>? = nil, device: KeyedList<Localization>? = nil,
      extraMembers: KeyedList<PropertyList> = KeyedList()
    ) {
      self.plural = plural
      self.device = device
      self.extraMembers = extraMembers
    }
  }

  /// What a `%#@name@` reference in a text stands for: one of the string's arguments, formatted
  /// by its specifier, with text that varies by plural category.
  public struct Substitution: Sendable, Equatable {
    /// Which argument of the string (from 1) the substitution formats.
    public var argNum: Int?
    /// The argument's format specifier without its `%`, such as `lld` or `@`.
    public var formatSpecifier: String?
    /// The text by plural category of the argument.
    public var variations: Variations?
    /// Members the model does not know, kept so that they are written back.
    public var extraMembers: KeyedList<PropertyList>

    /// Makes a substitution.
    public init(
      argNum: Int? = nil, formatSpecifier: String? = nil, variations: Variations? = nil,
      extraMembers: KeyedList<PropertyList> = KeyedList()
    ) {
      self.argNum = argNum
      self.formatSpecifier = formatSpecifier
      self.variations = variations
      self.extraMembers = extraMembers
    }
  }
}
