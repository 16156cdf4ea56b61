/// Why a database could not be read: it is missing, not a SQLite database, damaged, or asked
/// for a table or column it does not have.
///
/// A blob that does not decode is not a `DatabaseError`: the extraction goes on, and the blob's
/// ``DecodedBlob/result`` holds a ``BlobDecodingFailure``.
public struct DatabaseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, by category.
  public enum Kind: String, Sendable, Equatable {
    /// The file could not be opened (missing, unreadable, a folder).
    case cannotOpen
    /// The file is not a SQLite database (wrong header, random bytes, an empty file).
    case notADatabase
    /// The file is a SQLite database, but damaged: truncated, a page that does not parse.
    case corrupt
    /// The query named a table, or a column, the database does not have.
    case noSuchTableOrColumn
    /// Any other refusal by SQLite, with its own words.
    case other
  }

  /// The category.
  public var kind: Kind
  /// The message, without the file's name (the caller names the file in its own form).
  public var message: String

  /// Makes an error.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
