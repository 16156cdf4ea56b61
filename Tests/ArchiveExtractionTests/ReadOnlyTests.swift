import ArchiveExtraction
import Foundation
import PlistKit
import Testing

/// The database is evidence: extraction creates no file beside it and changes neither its
/// bytes nor its times, in rollback-journal mode and in WAL mode with the writer still open.
@Suite("extraction leaves the database as it was")
struct ReadOnlyTests {
  /// The folder's files with their bytes and modification times.
  static func snapshot(_ database: TestDatabase) throws -> [String: (bytes: Data, modified: Date)] {
    var files: [String: (bytes: Data, modified: Date)] = [:]
    for name in try database.fileNames() {
      let url = database.folder.appendingPathComponent(name)
      let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
      files[name] = (try Data(contentsOf: url), try #require(attributes[.modificationDate] as? Date))
    }
    return files
  }

  static func expectUnchanged(
    _ before: [String: (bytes: Data, modified: Date)], _ after: [String: (bytes: Data, modified: Date)]
  ) {
    #expect(after.keys.sorted() == before.keys.sorted())
    for (name, file) in before {
      #expect(after[name]?.bytes == file.bytes, "\(name) changed")
      #expect(after[name]?.modified == file.modified, "\(name) was touched")
    }
  }

  @Test("a closed database: no journal, no change")
  func closedDatabase() throws {
    let database = try ExtractionTests.mixedDatabase()
    database.close()
    let before = try Self.snapshot(database)
    #expect(before.keys.sorted() == ["test.db"])
    #expect(try ExtractionTests.blobs(database.path).count == 5)
    Self.expectUnchanged(before, try Self.snapshot(database))
  }

  @Test("a WAL database whose writer is open: its -wal and -shm untouched, what is only in the log unseen")
  func walDatabase() throws {
    let database = try TestDatabase(wal: true)
    try database.execute("CREATE TABLE t (v BLOB)")
    try database.insert("INSERT INTO t VALUES (?)", [.blob(try PropertyList.string("old").serialized(as: .binary))])
    try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    try database.insert("INSERT INTO t VALUES (?)", [.blob(try PropertyList.string("new").serialized(as: .binary))])
    let before = try Self.snapshot(database)
    #expect(before.keys.sorted() == ["test.db", "test.db-shm", "test.db-wal"])
    #expect(before["test.db-wal"].map { $0.bytes.count > 0 } == true)
    let found = try ExtractionTests.blobs(database.path)
    #expect(found.map(\.decoded.result) == [.success("old")])
    Self.expectUnchanged(before, try Self.snapshot(database))
  }

  @Test("a path with URI syntax in it (?, #, %) names the file, not options")
  func uriCharacters() throws {
    let database = try TestDatabase(name: "a?mode=rwc#b%41.db")
    try database.execute("CREATE TABLE t (v BLOB)")
    try database.insert("INSERT INTO t VALUES (?)", [.blob(try PropertyList.string("x").serialized(as: .binary))])
    database.close()
    #expect(try ExtractionTests.blobs(database.path).map(\.decoded.result) == [.success("x")])
    #expect(try database.fileNames() == ["a?mode=rwc#b%41.db"])
  }
}
