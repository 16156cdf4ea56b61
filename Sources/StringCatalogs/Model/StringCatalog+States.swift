extension StringCatalog {
  /// How far a string unit's translation has come: an open set, so that a state a newer Xcode
  /// writes is kept as it is.
  public struct TranslationState: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The state as the file spells it.
    public var rawValue: String
    /// Makes a state from its spelling.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Added, not yet translated (`new`).
    public static let new = TranslationState(rawValue: "new")
    /// Translated (`translated`).
    public static let translated = TranslationState(rawValue: "translated")
    /// Translated, but to be looked at again (`needs_review`).
    public static let needsReview = TranslationState(rawValue: "needs_review")
    /// The source string is gone from the code (`stale`).
    public static let stale = TranslationState(rawValue: "stale")

    /// The spelling.
    public var description: String { rawValue }
  }

  /// How Xcode came by an entry: an open set, so that a state a newer Xcode writes is kept.
  public struct ExtractionState: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The state as the file spells it.
    public var rawValue: String
    /// Makes a state from its spelling.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Added by hand, not extracted from code (`manual`).
    public static let manual = ExtractionState(rawValue: "manual")
    /// No longer found in the code (`stale`).
    public static let stale = ExtractionState(rawValue: "stale")
    /// Extracted from code with a default value (`extracted_with_value`).
    public static let extractedWithValue = ExtractionState(rawValue: "extracted_with_value")
    /// Migrated from `.strings` or `.stringsdict` files (`migrated`).
    public static let migrated = ExtractionState(rawValue: "migrated")

    /// The spelling.
    public var description: String { rawValue }
  }

  /// A plural category of CLDR's rules, the cases of a `plural` variation: an open set.
  public struct PluralCategory: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The category as the file spells it.
    public var rawValue: String
    /// Makes a category from its spelling.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `zero`.
    public static let zero = PluralCategory(rawValue: "zero")
    /// `one`.
    public static let one = PluralCategory(rawValue: "one")
    /// `two`.
    public static let two = PluralCategory(rawValue: "two")
    /// `few`.
    public static let few = PluralCategory(rawValue: "few")
    /// `many`.
    public static let many = PluralCategory(rawValue: "many")
    /// `other`, the case every language has and the one used when no other applies.
    public static let other = PluralCategory(rawValue: "other")
    /// The categories CLDR defines, in its order.
    public static let all: [PluralCategory] = [.zero, .one, .two, .few, .many, .other]

    /// The spelling.
    public var description: String { rawValue }
  }

  /// A kind of device, the cases of a `device` variation: an open set.
  public struct DeviceClass: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The device as the file spells it.
    public var rawValue: String
    /// Makes a device from its spelling.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// iPhone (`iphone`).
    public static let iPhone = DeviceClass(rawValue: "iphone")
    /// iPod touch (`ipod`).
    public static let iPod = DeviceClass(rawValue: "ipod")
    /// iPad (`ipad`).
    public static let iPad = DeviceClass(rawValue: "ipad")
    /// Mac (`mac`).
    public static let mac = DeviceClass(rawValue: "mac")
    /// Apple Watch (`applewatch`).
    public static let appleWatch = DeviceClass(rawValue: "applewatch")
    /// Apple TV (`appletv`).
    public static let appleTV = DeviceClass(rawValue: "appletv")
    /// Apple Vision Pro (`applevision`).
    public static let appleVision = DeviceClass(rawValue: "applevision")
    /// Any other device (`other`).
    public static let other = DeviceClass(rawValue: "other")

    /// The spelling.
    public var description: String { rawValue }
  }
}
