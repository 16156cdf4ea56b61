/// A table of a database, as extraction reads it: its columns and what names a row.
public struct DatabaseTable: Sendable, Equatable {
  /// How a row of the table is named in the records.
  public enum RowNaming: Sendable, Equatable {
    /// By its rowid, read under this name (`rowid`, or `_rowid_` or `oid` when the table has a
    /// column of that name).
    case rowid(String)
    /// By the values of these columns, its primary key: a `WITHOUT ROWID` table, or one whose
    /// columns shadow every name of its rowid.
    case primaryKey([String])
  }

  /// The table's name.
  public var name: String
  /// The names of its columns, in the table's order (generated and hidden columns left out).
  public var columns: [String]
  /// How its rows are named.
  public var rowNaming: RowNaming

  /// Makes a description of a table.
  public init(name: String, columns: [String], rowNaming: RowNaming) {
    self.name = name
    self.columns = columns
    self.rowNaming = rowNaming
  }

  /// The column of this table named `name`, compared as SQLite compares names (ASCII letters
  /// without case), in the table's own spelling; nil when there is none.
  public func column(named name: String) -> String? {
    columns.first { $0.lowercasedASCII == name.lowercasedASCII }
  }
}

extension String {
  /// The string with ASCII capitals made small, as SQLite folds identifiers.
  var lowercasedASCII: String {
    String(
      decoding: utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
  }
}
