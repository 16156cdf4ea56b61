import CSQLite
import Foundation
import Testing

/// A database a test writes itself, through SQLite's C API, in a temporary folder of its own
/// that goes away with it.
final class TestDatabase {
  /// The folder, which holds only the database (and what SQLite writes beside it while open).
  let folder: URL
  /// The database file's path.
  let path: String
  private var handle: OpaquePointer?

  /// Creates an empty database named `name`, in rollback-journal mode unless `wal`.
  init(name: String = "test.db", wal: Bool = false) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("plistkit-sqlite-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    path = folder.appendingPathComponent(name).path
    try #require(sqlite3_open(path, &handle) == SQLITE_OK)
    if wal { try execute("PRAGMA journal_mode = WAL") }
  }

  deinit {
    sqlite3_close(handle)
    try? FileManager.default.removeItem(at: folder)
  }

  /// Runs SQL without parameters.
  func execute(_ sql: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    let status = sqlite3_exec(handle, sql, nil, nil, &message)
    defer { sqlite3_free(message) }
    try #require(status == SQLITE_OK, "\(message.map { String(cString: $0) } ?? "") in \(sql)")
  }

  /// A value for ``insert(_:_:)``.
  enum Value {
    case integer(Int64)
    case text(String)
    case blob([UInt8])
    case null
  }

  /// Inserts one row: `sql` with `?` parameters, and their values.
  func insert(_ sql: String, _ values: [Value]) throws {
    var statement: OpaquePointer?
    try #require(sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK)
    defer { sqlite3_finalize(statement) }
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let status: Int32
      switch value {
      case .integer(let integer): status = sqlite3_bind_int64(statement, index, integer)
      case .text(let text):
        status = text.utf8CString.withUnsafeBufferPointer {
          plistkit_sqlite3_bind_text_copy(statement, index, $0.baseAddress, Int32($0.count - 1))
        }
      case .blob(let bytes):
        status = bytes.withUnsafeBytes {
          sqlite3_bind_blob64(
            statement, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), UInt64($0.count), nil)
        }
      case .null: status = sqlite3_bind_null(statement, index)
      }
      try #require(status == SQLITE_OK)
    }
    try #require(sqlite3_step(statement) == SQLITE_DONE)
  }

  /// Closes the connection, so that the file is complete on disk and alone in its folder.
  func close() {
    sqlite3_close(handle)
    handle = nil
  }

  /// The names of the files in the folder, sorted.
  func fileNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }
}
