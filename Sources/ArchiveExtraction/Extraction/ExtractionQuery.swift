/// Which blobs of a database to extract: every table and column by default, or one table, one
/// column, and the rows a filter keeps.
///
/// A filter is never SQL text: it names a rowid, or a column and a value that is bound as a
/// parameter, and the column must be one of the table's own.
public struct ExtractionQuery: Sendable, Equatable {
  /// Which rows of the table to read.
  public enum RowFilter: Sendable, Equatable {
    /// The row with this rowid.
    case rowid(Int64)
    /// The rows whose `column` equals `value`: a value that is a whole decimal integer is
    /// compared as an integer (so that it matches in an `INTEGER` column and, by SQLite's
    /// affinity, a `TEXT` one), any other as text.
    case equals(column: String, value: String)
  }

  /// The one table to read, or nil for every table.
  public var table: String?
  /// The one column to read, or nil for every column; without ``table``, every table that has
  /// a column of this name.
  public var column: String?
  /// The rows to read, or nil for all; needs ``table``.
  public var filter: RowFilter?

  /// Makes a query; the default reads every blob of every table.
  public init(table: String? = nil, column: String? = nil, filter: RowFilter? = nil) {
    self.table = table
    self.column = column
    self.filter = filter
  }
}
