import ArchiveExtraction
import KeyedArchive
import PlistKit
import Testing

/// What extraction finds in databases the tests write: every kind of blob, in the order of
/// tables, rows and columns, with the rows named and the values decoded exactly.
@Suite("extracting blobs from a database")
struct ExtractionTests {
  /// The blobs of `path` that `query` selects, all of them.
  static func blobs(
    _ path: String, _ query: ExtractionQuery = ExtractionQuery(), options: BlobDecodingOptions = .default
  ) throws -> [ExtractedBlob] {
    let cursor = try BlobDatabase(path: path).blobs(matching: query, options: options)
    var found: [ExtractedBlob] = []
    while let blob = try cursor.next() { found.append(blob) }
    return found
  }

  /// A table of every kind: a binary plist, an XML plist in a blob and one in text, a keyed
  /// archive, a broken binary plist, and values extraction passes over (an image's bytes, plain
  /// text, a number, a null).
  static func mixedDatabase() throws -> TestDatabase {
    let database = try TestDatabase()
    try database.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, payload BLOB, note TEXT, size INTEGER)")
    let answer: PropertyList = ["answer": 42, "name": "deep thought"]
    let binary = try answer.serialized(as: .binary)
    let xml = try PropertyList.array(["one", 2, true]).serialized(as: .xml)
    let archive = try KeyedArchiver.archivedBytes(withRootObject: ["first", "second"])
    try database.insert("INSERT INTO item VALUES (1, ?, 'plain text', 7)", [.blob(binary)])
    try database.insert(
      "INSERT INTO item VALUES (2, ?, ?, NULL)", [.blob(xml), .text(String(decoding: xml, as: UTF8.self))])
    try database.insert("INSERT INTO item VALUES (5, ?, NULL, 3)", [.blob(archive)])
    try database.insert("INSERT INTO item VALUES (6, ?, NULL, 3)", [.blob(Array("bplist00 and no more".utf8))])
    try database.insert(
      "INSERT INTO item VALUES (7, ?, NULL, 3)", [.blob([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])])
    return database
  }

  @Test("every kind is found, in row and column order, with its value")
  func everyKind() throws {
    let database = try Self.mixedDatabase()
    let found = try Self.blobs(database.path)
    #expect(found.map(\.table) == ["item", "item", "item", "item", "item"])
    #expect(found.map(\.column) == ["payload", "payload", "note", "payload", "payload"])
    #expect(found.map(\.row) == [.rowid(1), .rowid(2), .rowid(2), .rowid(5), .rowid(6)])
    #expect(found.map(\.kind) == [.binaryPlist, .xmlPlist, .xmlPlist, .keyedArchive, .binaryPlist])
    #expect(found[0].decoded.result == .success(["answer": 42, "name": "deep thought"]))
    #expect(found[1].decoded.result == .success(["one", 2, true]))
    #expect(found[2].decoded.result == found[1].decoded.result)
    #expect(found[2].byteCount == found[1].byteCount)
    #expect(found[3].decoded.result == .success(["first", "second"]))
    #expect(
      found[4].decoded.result
        == .failure(
          BlobDecodingFailure(
            "byte 20: the file is 20 bytes; a binary plist needs at least 42 (8-byte header, one object, its offset, 32-byte trailer)"
          )))
  }

  @Test("a table without rowid names its rows by their primary key, in key order")
  func withoutRowid() throws {
    let database = try TestDatabase()
    try database.execute(
      "CREATE TABLE kv (name TEXT, version INTEGER, value BLOB, PRIMARY KEY (version, name)) WITHOUT ROWID")
    let value = try PropertyList.string("v").serialized(as: .binary)
    try database.insert("INSERT INTO kv VALUES ('b', 2, ?)", [.blob(value)])
    try database.insert("INSERT INTO kv VALUES ('a', 2, ?)", [.blob(value)])
    let tables = try BlobDatabase(path: database.path).tables()
    #expect(
      tables == [
        DatabaseTable(name: "kv", columns: ["name", "version", "value"], rowNaming: .primaryKey(["version", "name"]))
      ])
    let found = try Self.blobs(database.path)
    #expect(
      found.map(\.row) == [
        .primaryKey(PropertyListDictionary([("version", 2), ("name", "a")])),
        .primaryKey(PropertyListDictionary([("version", 2), ("name", "b")])),
      ])
    #expect(found.map(\.decoded.result) == [.success("v"), .success("v")])
    #expect(
      throws: DatabaseError(.noSuchTableOrColumn, "table 'kv' has no rowid: its rows are named by their primary key")
    ) {
      try Self.blobs(database.path, ExtractionQuery(table: "kv", filter: .rowid(1)))
    }
  }

  @Test("a column named rowid moves the row's name to _rowid_; virtual tables are not read")
  func shadowedRowidAndVirtualTables() throws {
    let database = try TestDatabase()
    try database.execute("CREATE TABLE odd (rowid TEXT, data BLOB)")
    try database.execute("CREATE VIRTUAL TABLE search USING fts5(body)")
    try database.insert("INSERT INTO odd VALUES ('x', ?)", [.blob(try PropertyList.integer(1).serialized(as: .binary))])
    try database.insert("INSERT INTO search VALUES (?)", [.text("<plist version=\"1.0\"><true/></plist>")])
    let tables = try BlobDatabase(path: database.path).tables()
    #expect(tables.map(\.name) == ["odd"])
    #expect(tables.first?.rowNaming == .rowid("_rowid_"))
    #expect(try Self.blobs(database.path).map(\.row) == [.rowid(1)])
  }

  @Test("--rowid and COLUMN=VALUE choose rows; a value that is an integer matches an integer column")
  func filters() throws {
    let database = try Self.mixedDatabase()
    let byRowid = try Self.blobs(database.path, ExtractionQuery(table: "item", filter: .rowid(5)))
    #expect(byRowid.map(\.row) == [.rowid(5)])
    let bySize = try Self.blobs(
      database.path, ExtractionQuery(table: "ITEM", column: "Payload", filter: .equals(column: "SIZE", value: "3")))
    #expect(bySize.map(\.row) == [.rowid(5), .rowid(6)])
    #expect(bySize.map(\.column) == ["payload", "payload"])
    let byText = try Self.blobs(
      database.path, ExtractionQuery(table: "item", filter: .equals(column: "note", value: "plain text")))
    #expect(byText.map(\.row) == [.rowid(1)])
    // A value is a parameter, never SQL: this matches no row, and drops nothing.
    let injected = try Self.blobs(
      database.path, ExtractionQuery(table: "item", filter: .equals(column: "note", value: "x' OR '1'='1")))
    #expect(injected.isEmpty)
  }

  @Test("a table, column or filter the database does not have is an error that lists what it has")
  func unknownNames() throws {
    let database = try Self.mixedDatabase()
    #expect(throws: DatabaseError(.noSuchTableOrColumn, "no table named 'items' (the tables: item)")) {
      try Self.blobs(database.path, ExtractionQuery(table: "items"))
    }
    #expect(
      throws: DatabaseError(
        .noSuchTableOrColumn, "table 'item' has no column named 'body' (its columns: id, payload, note, size)")
    ) {
      try Self.blobs(database.path, ExtractionQuery(table: "item", column: "body"))
    }
    #expect(
      throws: DatabaseError(
        .noSuchTableOrColumn, "table 'item' has no column named 'x\" = 1 --' (its columns: id, payload, note, size)")
    ) {
      try Self.blobs(database.path, ExtractionQuery(table: "item", filter: .equals(column: "x\" = 1 --", value: "1")))
    }
    #expect(throws: DatabaseError(.noSuchTableOrColumn, "no table has a column named 'body'")) {
      try Self.blobs(database.path, ExtractionQuery(column: "body"))
    }
    #expect(throws: DatabaseError(.noSuchTableOrColumn, "a row filter needs a table")) {
      try Self.blobs(database.path, ExtractionQuery(filter: .rowid(1)))
    }
  }

  @Test("a blob over the size limit is a failure of its own, and the next blob is read")
  func blobSizeLimit() throws {
    let database = try Self.mixedDatabase()
    let found = try Self.blobs(
      database.path, ExtractionQuery(column: "payload"), options: BlobDecodingOptions(maximumBlobSize: 100))
    #expect(found.map(\.row) == [.rowid(1), .rowid(2), .rowid(5), .rowid(6)])
    #expect(
      found[1].decoded.result
        == .failure(BlobDecodingFailure("the blob is \(found[1].byteCount) bytes, over the limit of 100")))
    #expect(found[0].decoded.result == .success(["answer": 42, "name": "deep thought"]))
  }

  @Test("--nested opens a plist inside a blob's data")
  func nestedPlists() throws {
    let database = try TestDatabase()
    try database.execute("CREATE TABLE t (v BLOB)")
    let inner = try PropertyList.string("inside").serialized(as: .binary)
    let outer: PropertyList = ["d": .data(inner)]
    try database.insert("INSERT INTO t VALUES (?)", [.blob(try outer.serialized(as: .binary))])
    let plain = try Self.blobs(database.path)
    #expect(plain.map(\.decoded.result) == [.success(["d": .data(inner)])])
    let opened = try Self.blobs(database.path, options: BlobDecodingOptions(nestedPlists: NestedPlistOptions()))
    #expect(opened.map(\.decoded.result) == [.success(["d": ["$nested": "binary-plist", "$value": "inside"]])])
  }
}
