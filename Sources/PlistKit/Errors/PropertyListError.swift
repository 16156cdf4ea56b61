/// Why a property list could not be read, written or edited, and where.
///
/// The ``description`` is one line in the form compilers print, so that editors can jump to it:
/// `12:5: expected '</string>', found '</key>'` for text formats, `byte 1024: …` for binary
/// ones, `Presidents.3.Name: …` for key paths, after `FILE:` when the error names its ``file``.
/// Each part is a field of its own (``file``, ``location``, ``message``, ``remedy``), so that a
/// caller can say them in its own form without taking the text apart.
public struct PropertyListError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, as a category that code can switch on.
  public enum Kind: String, Sendable, Equatable {
    /// The bytes break the format's grammar.
    case syntax
    /// The input ended before the value was complete.
    case unexpectedEnd
    /// The grammar holds but a value is invalid (a bad date, an integer out of range,
    /// an offset outside the file, a reference cycle).
    case invalidValue
    /// Text that is not valid in its encoding (bad UTF-8 or UTF-16).
    case invalidEncoding
    /// The content is in none of the supported formats.
    case unknownFormat
    /// The value has something the target format cannot represent.
    case notRepresentable
    /// A configured limit (depth, object count, size) was exceeded.
    case limitExceeded
    /// A key path does not lead to a value, or leads to the wrong kind of value.
    case keyPath
    /// A file could not be read or written.
    case io
  }

  /// Where in the input or value the problem is.
  public enum Location: Sendable, Equatable {
    /// Nowhere in particular (the whole input).
    case none
    /// A line and column, both from 1, for text formats.
    case text(line: Int, column: Int)
    /// A byte offset from 0, for binary formats.
    case byteOffset(Int)
    /// A key path in the value (see ``PropertyListKeyPath``).
    case keyPath(String)
  }

  /// The category.
  public var kind: Kind
  /// The file the error is about, when the code that threw it knew one: the path of a file
  /// that could not be opened, read or written (whose ``message`` then does not repeat it), or
  /// of the file an edit read. Nil for bytes from elsewhere.
  public var file: String? {
    get { details?.file }
    set { details = Details(remedy: remedy, intendedKeyPath: intendedKeyPath, file: newValue) }
  }
  /// The format being read or written, when there is one.
  public var format: PropertyListFormat?
  /// Where.
  public var location: Location
  /// What was expected and what was found, in words.
  public var message: String
  /// An option that would have avoided the error, for a caller to name in its own terms (a
  /// command-line tool names its own flag); ``description`` names the library's.
  public var remedy: Remedy? {
    get { details?.remedy }
    set { details = Details(remedy: newValue, intendedKeyPath: intendedKeyPath, file: file) }
  }
  /// The key path the caller most likely meant, in its escaped text form, when the one given
  /// leads nowhere because it reads a key with dots in its name (every key of an entitlements
  /// file: `com.apple.security.app-sandbox`) as several components: the same path with those
  /// dots escaped (`com\.apple\.security\.app-sandbox`). The ``message`` names it too.
  public var intendedKeyPath: String? {
    get { details?.intendedKeyPath }
    set { details = Details(remedy: remedy, intendedKeyPath: newValue, file: file) }
  }

  /// The rarely set ``remedy``, ``intendedKeyPath`` and ``file``, held by reference: kept in the error
  /// itself, they made every typed `throws(PropertyListError)` call, failing or not, move and
  /// destroy a larger value (1.5 % more instructions to unarchive a large archive).
  private var details: Details?

  private final class Details: Sendable, Equatable {
    let remedy: Remedy?
    let intendedKeyPath: String?
    let file: String?

    /// Nil when there is nothing to hold.
    init?(remedy: Remedy?, intendedKeyPath: String?, file: String?) {
      guard remedy != nil || intendedKeyPath != nil || file != nil else { return nil }
      self.remedy = remedy
      self.intendedKeyPath = intendedKeyPath
      self.file = file
    }

    static func == (lhs: Details, rhs: Details) -> Bool {
      lhs.remedy == rhs.remedy && lhs.intendedKeyPath == rhs.intendedKeyPath && lhs.file == rhs.file
    }
  }

  /// A writing option that avoids an error.
  public enum Remedy: String, Sendable, Equatable {
    /// ``PropertyListWritingOptions/openStepStringifiesScalars``: write the values the OpenStep
    /// form lacks as strings.
    case openStepStringifiesScalars
    /// ``PropertyListWritingOptions/maximumOutputSize``: allow more output.
    case maximumOutputSize

    /// What the option does, after "use OPTION to": `write it as a string`.
    public var effect: String {
      switch self {
      case .openStepStringifiesScalars: "write it as a string"
      case .maximumOutputSize: "raise it"
      }
    }
  }

  /// Makes an error.
  public init(
    _ kind: Kind, format: PropertyListFormat? = nil, at location: Location = .none, _ message: String,
    remedy: Remedy? = nil, file: String? = nil
  ) {
    self.kind = kind
    self.format = format
    self.location = location
    self.message = message
    details = Details(remedy: remedy, intendedKeyPath: nil, file: file)
  }

  /// `LOCATION: message`, or the message alone when there is no location; a remedy follows
  /// as `; use OPTION to …`. A ``file`` goes first, as compilers write it: `FILE:12:5: …`,
  /// `FILE: byte 1024: …`, `FILE: Key.Path: …`, `FILE: message`.
  public var description: String {
    let text = remedy.map { "\(message); use \($0.rawValue) to \($0.effect)" } ?? message
    guard let file else { return "\(locationPrefix)\(text)" }
    if case .text = location { return "\(file):\(locationPrefix)\(text)" }
    return "\(file): \(locationPrefix)\(text)"
  }

  /// The location as the one-line form starts with it, with its `: ` (empty without one):
  /// `12:5: `, `byte 1024: `, `Key.Path: `, `(root): ` for the empty key path.
  package var locationPrefix: String {
    switch location {
    case .none: ""
    case .text(let line, let column): "\(line):\(column): "
    case .byteOffset(let offset): "byte \(offset): "
    case .keyPath(let path): "\(path.isEmpty ? "(root)" : path): "
    }
  }
}
