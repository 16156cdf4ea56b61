extension SQLiteConnection {
  /// The ordinary tables of the main database, in the schema's order: virtual tables (whose
  /// reads run a module's code), the shadow tables behind them and SQLite's own tables left out.
  ///
  /// - Throws: ``DatabaseError`` when the file is not a database or its schema is damaged:
  ///   this is SQLite's first read of the file.
  func tables() throws(DatabaseError) -> [DatabaseTable] {
    // pragma_table_list says which tables are ordinary and which have no rowid, in no useful
    // order; the schema's own rows give the order the tables were created in.
    let list = try prepare(
      """
      SELECT s.name, l.wr FROM sqlite_schema AS s JOIN pragma_table_list AS l ON l.name = s.name
      WHERE l.schema = 'main' AND l.type = 'table' AND s.type = 'table' AND s.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
      ORDER BY s.rowid
      """)
    var named: [(name: String, withoutRowid: Bool)] = []
    while try list.step() { named.append((list.text(at: 0), list.integer(at: 1) != 0)) }
    var tables: [DatabaseTable] = []
    tables.reserveCapacity(named.count)
    for (name, withoutRowid) in named {
      tables.append(try table(named: name, withoutRowid: withoutRowid))
    }
    return tables
  }

  private func table(named name: String, withoutRowid: Bool) throws(DatabaseError) -> DatabaseTable {
    let info = try prepare("SELECT name, pk FROM pragma_table_info(?1)")
    try info.bind(.text(name), at: 1)
    var columns: [String] = []
    var keyed: [(position: Int64, name: String)] = []
    while try info.step() {
      let column = info.text(at: 0)
      columns.append(column)
      let position = info.integer(at: 1)
      if position > 0 { keyed.append((position, column)) }
    }
    let primaryKey = keyed.sorted { $0.position < $1.position }.map(\.name)
    let shadowed = Set(columns.map(\.lowercasedASCII))
    if !withoutRowid, let alias = ["rowid", "_rowid_", "oid"].first(where: { !shadowed.contains($0) }) {
      return DatabaseTable(name: name, columns: columns, rowNaming: .rowid(alias))
    }
    return DatabaseTable(name: name, columns: columns, rowNaming: .primaryKey(primaryKey))
  }
}
