/// Something ``StringCatalog/check()`` found wrong with a catalog, in one string and, mostly,
/// one language.
public struct StringCatalogProblem: Sendable, Equatable {
  /// How bad it is: an error breaks the app at run time, a warning is work left to do.
  public enum Severity: String, Sendable, Equatable {
    /// A translation that shows wrongly or crashes: its format specifiers differ from the
    /// source's, a plural variation without `other`, a substitution that is not defined.
    case error
    /// Work left: a missing translation, one to review, a substitution nothing refers to.
    case warning
  }

  /// What was found, as a name code can switch on (and the JSON output's `kind`).
  public enum Kind: String, Sendable, Equatable {
    /// A language of the catalog has no text for the string.
    case missingTranslation = "missing-translation"
    /// A text's state is `new`, `needs_review` or `stale`.
    case unfinishedState = "unfinished-state"
    /// A translation's format specifiers differ from the source's.
    case formatSpecifiers = "format-specifiers"
    /// A plural variation has no `other` case.
    case pluralWithoutOther = "plural-without-other"
    /// A text refers to `%#@name@` and no substitution `name` is defined.
    case undefinedSubstitution = "undefined-substitution"
    /// A substitution is defined and no text refers to it.
    case unusedSubstitution = "unused-substitution"
    /// A `.strings` file holds a key again: only its last value is used.
    case repeatedKey = "repeated-key"
  }

  /// How bad it is.
  public var severity: Severity
  /// What was found.
  public var kind: Kind
  /// The string's key.
  public var key: String
  /// The language, when the problem is in one.
  public var language: String?
  /// What is wrong, in words.
  public var message: String
  /// The line and column of the string's key in the file, when the catalog was read from one.
  public var line: Int?
  /// See ``line``.
  public var column: Int?

  /// Makes a problem.
  public init(
    severity: Severity, kind: Kind, key: String, language: String?, message: String, line: Int? = nil,
    column: Int? = nil
  ) {
    self.severity = severity
    self.kind = kind
    self.key = key
    self.language = language
    self.message = message
    self.line = line
    self.column = column
  }
}
