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
  /// The table whose rows were being read when SQLite met the damage; nil for a problem with
  /// the database as a whole (opening it, its schema, a query that names what is not there).
  ///
  /// A ``BlobCursor`` that throws an error with a table goes on with the next table when it is
  /// asked again: one damaged table does not hide the others.
  public var table: String?

  /// Makes an error.
  public init(_ kind: Kind, _ message: String, table: String? = nil) {
    self.kind = kind
    self.message = message
    self.table = table
  }

  /// The message, after `table NAME: ` when the error is one table's.
  public var description: String { table.map { "table \($0): \(message)" } ?? message }
}
