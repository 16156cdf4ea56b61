import PlistDocument
import PlistKit

/// The table of a `.strings` file: keys and their values in the file's order, each with the
/// comment written above it (`/* Title of the button */`), as Xcode's importer reads it.
///
/// A `.strings` file is an OpenStep property list without outer braces, in UTF-8 or in UTF-16
/// with a byte-order mark; PlistKit's OpenStep reader decides what is accepted, and the
/// document layer (`PropertyListDocument`) finds where each entry and the comments between
/// entries are. A key that the file repeats is kept once, at its first place, with its last
/// value, as Apple's loader does; ``repeatedKeys(in:)`` reports it.
public struct StringsTable: Sendable, Equatable {
  /// One `"key" = "value";` entry.
  public struct Entry: Sendable, Equatable {
    /// The key.
    public var key: String
    /// The value.
    public var value: String
    /// The text of the comment right above the entry, without `/*`, `*/` or `//` and the
    /// white space around it; nil when there is none.
    public var comment: String?

    /// Makes an entry.
    public init(key: String, value: String, comment: String? = nil) {
      self.key = key
      self.value = value
      self.comment = comment
    }
  }

  /// The entries, in the order of the file.
  public var entries: [Entry]

  /// Makes a table of `entries`.
  public init(entries: [Entry] = []) {
    self.entries = entries
  }

  /// Reads the table of a `.strings` file.
  ///
  /// - Throws: the OpenStep reader's error for a file it refuses (with line and column);
  ///   `PropertyListError/Kind/invalidValue` for an entry whose value is not a string (an
  ///   array or dictionary, which the grammar allows and a strings table cannot hold).
  public init(bytes: [UInt8]) throws(PropertyListError) {
    let document = try PropertyListDocument(bytes: bytes, format: .openStep, fileName: "Localizable.strings")
    guard case .dictionary(let dictionary) = try document.value else {
      throw PropertyListError(.invalidValue, format: .openStep, "a .strings file holds a table of entries")
    }
    let text = document.utf8Text
    // Each key's first place, with the end of the entry before it: the comment lies between.
    var firstPlaces: [ExactKey: (previousEnd: Int, keyStart: Int)] = [:]
    var previousEnd = 0
    for spans in document.topLevelEntrySpans {
      let key = try Self.decodedKey(text[spans.key])
      if firstPlaces[ExactKey(key)] == nil { firstPlaces[ExactKey(key)] = (previousEnd, spans.key.lowerBound) }
      previousEnd = max(spans.key.upperBound, spans.value.upperBound)
    }
    var entries: [Entry] = []
    entries.reserveCapacity(dictionary.count)
    for (key, value) in dictionary {
      guard case .string(let string) = value else {
        throw PropertyListError(
          .invalidValue, format: .openStep, at: .keyPath(PropertyListKeyPath(components: [key]).description),
          "the value of a .strings entry must be a string, found \(value.kind.rawValue)")
      }
      let comment = firstPlaces[ExactKey(key)].flatMap { StringsComment.last(in: text[$0.previousEnd..<$0.keyStart]) }
      entries.append(Entry(key: key, value: string, comment: comment))
    }
    self.entries = entries
  }

  /// The keys that the `.strings` file in `bytes` holds more than once, each repetition with
  /// the line and column of the first place and of the repetition: the reader keeps the last
  /// value only, so an earlier translation is lost without a word.
  ///
  /// - Throws: the OpenStep reader's error for a file it refuses.
  public static func repeatedKeys(in bytes: [UInt8]) throws(PropertyListError) -> [PropertyListRepeatedKey] {
    try bytes.withRawBytes { (buffer) throws(PropertyListError) in
      try PropertyList.lint(bytes: buffer, format: .openStep).repeatedKeys
    }
  }

  /// The key whose quoted or bare token is `token`, read by the OpenStep reader itself, so
  /// that escapes (`\"`, `\n`, `\U20AC`) mean what they mean to it.
  private static func decodedKey(_ token: ArraySlice<UInt8>) throws(PropertyListError) -> String {
    let value = try PropertyList(bytes: Array(token), format: .openStep)
    guard case .string(let key) = value else {
      throw PropertyListError(.invalidValue, format: .openStep, "a .strings key must be a string")
    }
    return key
  }
}
