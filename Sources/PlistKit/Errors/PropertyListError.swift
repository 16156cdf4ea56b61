/// Why a property list could not be read, written or edited, and where.
///
/// The ``description`` is one line in the form the CLI prints after the file name:
/// `12:5: expected '</string>', found '</key>'` for text formats, `byte 1024: …` for binary
/// ones, `Presidents.3.Name: …` for key paths.
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
    set { details = Details(remedy: newValue, intendedKeyPath: intendedKeyPath) }
  }
  /// The key path the caller most likely meant, in its escaped text form, when the one given
  /// leads nowhere because it reads a key with dots in its name (every key of an entitlements
  /// file: `com.apple.security.app-sandbox`) as several components: the same path with those
  /// dots escaped (`com\.apple\.security\.app-sandbox`). The ``message`` names it too.
  public var intendedKeyPath: String? {
    get { details?.intendedKeyPath }
    set { details = Details(remedy: remedy, intendedKeyPath: newValue) }
  }

  /// The rarely set ``remedy`` and ``intendedKeyPath``, held by reference: kept in the error
  /// itself, they made every typed `throws(PropertyListError)` call, failing or not, move and
  /// destroy a larger value (1.5 % more instructions to unarchive a large archive).
  private var details: Details?

  private final class Details: Sendable, Equatable {
    let remedy: Remedy?
    let intendedKeyPath: String?

    /// Nil when there is nothing to hold.
    init?(remedy: Remedy?, intendedKeyPath: String?) {
      guard remedy != nil || intendedKeyPath != nil else { return nil }
      self.remedy = remedy
      self.intendedKeyPath = intendedKeyPath
    }

    static func == (lhs: Details, rhs: Details) -> Bool {
      lhs.remedy == rhs.remedy && lhs.intendedKeyPath == rhs.intendedKeyPath
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
    remedy: Remedy? = nil
  ) {
    self.kind = kind
    self.format = format
    self.location = location
    self.message = message
    details = Details(remedy: remedy, intendedKeyPath: nil)
  }

  /// `LOCATION: message`, or the message alone when there is no location; a remedy follows
  /// as `; use OPTION to …`.
  public var description: String {
    let text = remedy.map { "\(message); use \($0.rawValue) to \($0.effect)" } ?? message
    return switch location {
    case .none: text
    case .text(let line, let column): "\(line):\(column): \(text)"
    case .byteOffset(let offset): "byte \(offset): \(text)"
    case .keyPath(let path): "\(path.isEmpty ? "(root)" : path): \(text)"
    }
  }
}
