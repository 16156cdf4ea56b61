/// A key that one dictionary of a document holds more than once, with both places: what
/// ``PropertyList/lint(bytes:format:options:)`` reports.
///
/// Reading keeps such a key once, at its first place, with its last value (see
/// ``PropertyListDictionary``), so the earlier value is lost without a word; Apple's readers do
/// the same. A repeated key is legal in every format's grammar, hence a warning, not an error.
public struct PropertyListRepeatedKey: Sendable, Equatable {
  /// The key.
  public var key: String
  /// Where the key occurs first: line and column in a text format, byte offset in a binary one.
  public var first: PropertyListError.Location
  /// Where it occurs again (for a key that occurs three times, the third place is a second
  /// report with the same `first`).
  public var repeated: PropertyListError.Location

  /// Makes a report of `key` at `first` and again at `repeated`.
  public init(key: String, first: PropertyListError.Location, repeated: PropertyListError.Location) {
    self.key = key
    self.first = first
    self.repeated = repeated
  }

  /// One line that says it, without the place of the repetition (which a caller puts first, as
  /// compilers do): `key 'name' repeats (first at line 3, column 2); the last value is kept`.
  public var message: String {
    "key '\(key)' repeats (first at \(first.phrase)); the last value is kept"
  }
}

extension PropertyListError.Location {
  /// The location in words: `line 3, column 2`, `byte 42`, a key path, or `the whole input`.
  public var phrase: String {
    switch self {
    case .none: "the whole input"
    case .text(let line, let column): "line \(line), column \(column)"
    case .byteOffset(let offset): "byte \(offset)"
    case .keyPath(let path): path
    }
  }
}

/// What ``PropertyList/lint(bytes:format:options:)`` finds in a valid property list.
public struct PropertyListLintReport: Sendable, Equatable {
  /// The format the file is in.
  public var format: PropertyListFormat
  /// The keys a dictionary repeats, in document order of their repetition.
  public var repeatedKeys: [PropertyListRepeatedKey]

  /// Makes a report.
  public init(format: PropertyListFormat, repeatedKeys: [PropertyListRepeatedKey]) {
    self.format = format
    self.repeatedKeys = repeatedKeys
  }
}
