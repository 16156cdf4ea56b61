import CSQLite
import PlistKit

/// One prepared statement, stepped row by row; finalized when the last reference goes. It keeps
/// its connection open.
final class SQLiteStatement {
  /// The value type SQLite reports for a column of the current row.
  enum ColumnType {
    case integer, real, text, blob, null
  }

  private let handle: OpaquePointer
  private let connection: SQLiteConnection

  init(_ handle: OpaquePointer, connection: SQLiteConnection) {
    self.handle = handle
    self.connection = connection
  }

  deinit { sqlite3_finalize(handle) }

  /// Moves to the next row: true on a row, false at the end.
  ///
  /// - Throws: ``DatabaseError`` when SQLite meets a damaged page or any other error.
  func step() throws(DatabaseError) -> Bool {
    let status = sqlite3_step(handle)
    switch status {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw connection.error(status: status)
    }
  }

  /// Binds `value` to the parameter at `index` (from 1): an integer as an integer, any other
  /// text as text.
  func bind(_ value: BoundValue, at index: Int32) throws(DatabaseError) {
    let status: Int32
    switch value {
    case .integer(let integer): status = sqlite3_bind_int64(handle, index, integer)
    case .text(let text):
      status = text.utf8CString.withUnsafeBufferPointer {
        plistkit_sqlite3_bind_text_copy(handle, index, $0.baseAddress, Int32($0.count - 1))
      }
    }
    guard status == SQLITE_OK else { throw connection.error(status: status) }
  }

  /// The value type of column `index` (from 0) of the current row.
  func type(at index: Int32) -> ColumnType {
    switch sqlite3_column_type(handle, index) {
    case SQLITE_INTEGER: .integer
    case SQLITE_FLOAT: .real
    case SQLITE_TEXT: .text
    case SQLITE_BLOB: .blob
    default: .null
    }
  }

  /// Column `index` as a 64-bit integer.
  func integer(at index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

  /// Column `index` as a real.
  func real(at index: Int32) -> Double { sqlite3_column_double(handle, index) }

  /// Column `index` as text (UTF-8).
  func text(at index: Int32) -> String {
    guard let pointer = sqlite3_column_text(handle, index) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }

  /// The byte count of column `index`'s value, as a blob or as UTF-8 text, without reading it.
  func byteCount(at index: Int32) -> Int {
    Int(sqlite3_column_bytes(handle, index))
  }

  /// Lends column `index`'s bytes, in place, as a blob (text as its UTF-8 bytes): valid only
  /// inside `body`, until the statement steps again.
  func withBytes<Result, Failure: Error>(
    at index: Int32, type: ColumnType, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    // The pointer is asked for before the count, in the type it is read as, as SQLite's
    // documentation requires: asking in the other order may convert the value in between.
    let pointer: UnsafeRawPointer? =
      type == .text ? sqlite3_column_text(handle, index).map(UnsafeRawPointer.init) : sqlite3_column_blob(handle, index)
    let count = Int(sqlite3_column_bytes(handle, index))
    return try body(UnsafeRawBufferPointer(start: count == 0 ? nil : pointer, count: count))
  }

  /// Column `index` as a property-list value: the key of a row in a table without rowid.
  func value(at index: Int32) -> PropertyList {
    switch type(at: index) {
    case .integer: .integer(integer(at: index))
    case .real: .real(real(at: index))
    case .text: .string(text(at: index))
    case .blob:
      .data(withBytes(at: index, type: .blob) { Array($0) })
    // A primary key of a table without rowid is NOT NULL; a null is shown as the empty string.
    case .null: .string("")
    }
  }
}

/// A value bound to a statement's parameter.
enum BoundValue: Equatable {
  case integer(Int64)
  case text(String)
}
