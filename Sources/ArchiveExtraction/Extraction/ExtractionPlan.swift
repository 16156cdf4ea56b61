/// One table's part of an extraction: the statement that reads it and which of its columns
/// may hold blobs.
struct ExtractionPlan {
  /// The table.
  var table: DatabaseTable
  /// The columns read, in the table's spelling.
  var columns: [String]
  /// The filter, with its column in the table's spelling.
  var filter: ExtractionQuery.RowFilter?

  /// How many leading result columns name the row.
  var rowColumnCount: Int {
    switch table.rowNaming {
    case .rowid: 1
    case .primaryKey(let key): key.count
    }
  }

  /// The statement: the row's name, then the columns; the filter's value as parameter 1.
  var sql: String {
    let rowColumns: [String] =
      switch table.rowNaming {
      case .rowid(let alias): [alias]
      case .primaryKey(let key): key.map(SQLiteConnection.quoted)
      }
    var sql =
      "SELECT " + (rowColumns + columns.map(SQLiteConnection.quoted)).joined(separator: ", ") + " FROM "
      + SQLiteConnection.quoted(table.name)
    switch filter {
    case .rowid:
      if case .rowid(let alias) = table.rowNaming { sql += " WHERE \(alias) = ?1" }
    case .equals(let column, _): sql += " WHERE \(SQLiteConnection.quoted(column)) = ?1"
    case nil: break
    }
    return sql
  }

  /// The value bound to parameter 1, if any.
  var boundValue: BoundValue? {
    switch filter {
    case .rowid(let rowid): .integer(rowid)
    case .equals(_, let value): Int64(value).map(BoundValue.integer) ?? .text(value)
    case nil: nil
    }
  }

  /// The plans `query` makes of `tables`, each checked against the tables' own names.
  static func plans(for query: ExtractionQuery, in tables: [DatabaseTable]) throws(DatabaseError) -> [Self] {
    var chosen = tables
    if let name = query.table {
      guard let table = tables.first(where: { $0.name.lowercasedASCII == name.lowercasedASCII }) else {
        throw DatabaseError(
          .noSuchTableOrColumn, "no table named \(quote(name)) (the tables: \(list(tables.map(\.name))))")
      }
      chosen = [table]
    } else if query.filter != nil {
      throw DatabaseError(.noSuchTableOrColumn, "a row filter needs a table")
    }
    var plans: [Self] = []
    for table in chosen {
      var columns = table.columns
      if let name = query.column {
        guard let column = table.column(named: name) else {
          if query.table == nil { continue }
          throw DatabaseError(
            .noSuchTableOrColumn,
            "table \(quote(table.name)) has no column named \(quote(name)) (its columns: \(list(table.columns)))")
        }
        columns = [column]
      }
      plans.append(Self(table: table, columns: columns, filter: try filter(query.filter, in: table)))
    }
    if plans.isEmpty, let name = query.column {
      throw DatabaseError(.noSuchTableOrColumn, "no table has a column named \(quote(name))")
    }
    return plans
  }

  private static func filter(
    _ filter: ExtractionQuery.RowFilter?, in table: DatabaseTable
  ) throws(DatabaseError) -> ExtractionQuery.RowFilter? {
    switch filter {
    case .rowid:
      guard case .rowid = table.rowNaming else {
        throw DatabaseError(
          .noSuchTableOrColumn, "table \(quote(table.name)) has no rowid: its rows are named by their primary key")
      }
      return filter
    case .equals(let name, let value):
      guard let column = table.column(named: name) else {
        throw DatabaseError(
          .noSuchTableOrColumn,
          "table \(quote(table.name)) has no column named \(quote(name)) (its columns: \(list(table.columns)))")
      }
      return .equals(column: column, value: value)
    case nil:
      return nil
    }
  }

  private static func quote(_ name: String) -> String { "'\(name)'" }

  private static func list(_ names: [String]) -> String {
    names.isEmpty ? "none" : names.joined(separator: ", ")
  }
}
