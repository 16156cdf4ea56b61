import CSQLite

/// One open SQLite connection, read-only and immutable (see ``DatabaseURI``); closed when the
/// last reference goes. Package API: the module's public types wrap it.
package final class SQLiteConnection {
  /// SQLite's handle; never nil once `init` returns.
  let handle: OpaquePointer

  /// Opens `path` without creating, locking or writing anything.
  ///
  /// - Throws: ``DatabaseError`` when SQLite cannot open the file. A file that is not a
  ///   database is found only at the first read (SQLite reads nothing before).
  package init(path: String) throws(DatabaseError) {
    var opened: OpaquePointer?
    let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    let status = sqlite3_open_v2(DatabaseURI.readOnlyImmutable(path: path), &opened, flags, nil)
    guard status == SQLITE_OK, let opened else {
      let error = Self.error(status: status, handle: opened)
      sqlite3_close_v2(opened)
      throw error
    }
    handle = opened
    let distrusted = plistkit_sqlite3_distrust_schema(opened)
    guard distrusted == SQLITE_OK else {
      let error = Self.error(status: distrusted, handle: opened)
      sqlite3_close_v2(opened)
      throw error
    }
  }

  deinit { sqlite3_close_v2(handle) }

  /// Prepares one statement of `sql`, which the module writes itself (identifiers quoted by
  /// ``quoted(_:)``, values bound as parameters).
  func prepare(_ sql: String) throws(DatabaseError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard status == SQLITE_OK, let statement else {
      sqlite3_finalize(statement)
      throw error(status: status)
    }
    return SQLiteStatement(statement, connection: self)
  }

  /// The error for a result code, with SQLite's message of this connection.
  func error(status: Int32) -> DatabaseError { Self.error(status: status, handle: handle) }

  /// A name as an SQL identifier: in double quotes, each quote doubled, so that no name a
  /// database holds can end the identifier.
  static func quoted(_ name: String) -> String {
    "\"" + name.replacingQuotes() + "\""
  }

  private static func error(status: Int32, handle: OpaquePointer?) -> DatabaseError {
    let message =
      handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(status))
    let kind: DatabaseError.Kind =
      switch status & 0xFF {
      case SQLITE_CANTOPEN: .cannotOpen
      case SQLITE_NOTADB: .notADatabase
      case SQLITE_CORRUPT: .corrupt
      default: .other
      }
    return DatabaseError(kind, message)
  }
}

extension String {
  /// The string with each `"` doubled.
  fileprivate func replacingQuotes() -> String {
    var result = ""
    for character in unicodeScalars {
      if character == "\"" { result.unicodeScalars.append("\"") }
      result.unicodeScalars.append(character)
    }
    return result
  }
}
