import ArchiveExtraction
import Foundation
import PlistKit
import Testing

/// Files that are not databases, or damaged ones, are clear errors, never a crash; a database
/// full of broken blobs gives one failure per blob and goes on.
@Suite("hostile databases")
struct HostileDatabaseTests {
  /// A file of `bytes` in a folder of its own.
  static func file(_ bytes: [UInt8]) throws -> TestDatabase {
    let database = try TestDatabase()
    database.close()
    try Data(bytes).write(to: URL(fileURLWithPath: database.path))
    return database
  }

  @Test("random bytes are not a database")
  func randomBytes() throws {
    var generator = SeededGenerator(seed: 7)
    let database = try Self.file((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
    #expect(throws: DatabaseError(.notADatabase, "file is not a database")) {
      try BlobDatabase(path: database.path)
    }
  }

  @Test("a missing file cannot be opened, and none is created")
  func missingFile() throws {
    let database = try TestDatabase()
    database.close()
    let missing = database.folder.appendingPathComponent("missing.db").path
    #expect(throws: DatabaseError(.cannotOpen, "unable to open database file")) {
      try BlobDatabase(path: missing)
    }
    #expect(try database.fileNames() == ["test.db"])
  }

  @Test("an empty file is a database without tables")
  func emptyFile() throws {
    let database = try Self.file([])
    #expect(try BlobDatabase(path: database.path).tables() == [])
    #expect(try ExtractionTests.blobs(database.path).isEmpty)
  }

  /// A database of 200 rows of 3,000-byte blobs, one page or more each.
  static func largeDatabase() throws -> (database: TestDatabase, bytes: [UInt8]) {
    let database = try TestDatabase()
    try database.execute("CREATE TABLE t (v BLOB)")
    let blob = try PropertyList.string(String(repeating: "x", count: 3000)).serialized(as: .binary)
    for _ in 0..<200 { try database.insert("INSERT INTO t VALUES (?)", [.blob(blob)]) }
    database.close()
    return (database, [UInt8](try Data(contentsOf: URL(fileURLWithPath: database.path))))
  }

  @Test("a truncated database is damaged, and refused when it is opened")
  func truncated() throws {
    let (database, bytes) = try Self.largeDatabase()
    try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: database.path))
    #expect(throws: DatabaseError(.corrupt, "database disk image is malformed")) {
      try BlobDatabase(path: database.path)
    }
  }

  @Test("garbage in the middle of a database: the blobs before the damage come, then the error")
  func damagedPages() throws {
    let (database, bytes) = try Self.largeDatabase()
    var damaged = bytes
    var generator = SeededGenerator(seed: 11)
    for index in (bytes.count / 2)..<bytes.count { damaged[index] = UInt8.random(in: 0...255, using: &generator) }
    try Data(damaged).write(to: URL(fileURLWithPath: database.path))
    let cursor = try BlobDatabase(path: database.path).blobs()
    var count = 0
    #expect(throws: DatabaseError(.corrupt, "database disk image is malformed", table: "t")) {
      while try cursor.next() != nil { count += 1 }
    }
    #expect(count > 0 && count < 200)
    #expect(try cursor.next() == nil)
  }

  @Test("a damaged table is reported by name, and the tables after it are still read")
  func damagedTableThenOthers() throws {
    let database = try TestDatabase()
    try database.execute("CREATE TABLE first (v BLOB)")
    let large = try PropertyList.string(String(repeating: "x", count: 3000)).serialized(as: .binary)
    for _ in 0..<200 { try database.insert("INSERT INTO first VALUES (?)", [.blob(large)]) }
    // Created after the first table's rows, so its pages are the file's last ones.
    try database.execute("CREATE TABLE second (v BLOB)")
    for number in 1...5 {
      try database.insert(
        "INSERT INTO second VALUES (?)", [.blob(try PropertyList.integer(number).serialized(as: .binary))])
    }
    database.close()
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: database.path)))
    var generator = SeededGenerator(seed: 11)
    for index in (bytes.count / 3)..<(bytes.count * 2 / 3) {
      bytes[index] = UInt8.random(in: 0...255, using: &generator)
    }
    try Data(bytes).write(to: URL(fileURLWithPath: database.path))

    let cursor = try BlobDatabase(path: database.path).blobs()
    var first = 0
    #expect(throws: DatabaseError(.corrupt, "database disk image is malformed", table: "first")) {
      while try cursor.next() != nil { first += 1 }
    }
    #expect(first > 0 && first < 200)
    var second: [PropertyList] = []
    while let blob = try cursor.next() {
      #expect(blob.table == "second")
      second.append(try blob.decoded.result.get())
    }
    #expect(second == [1, 2, 3, 4, 5])
    #expect(
      "\(DatabaseError(.corrupt, "database disk image is malformed", table: "first"))"
        == "table first: database disk image is malformed")
  }

  @Test("a header cut short of its first page is damaged")
  func cutHeader() throws {
    let source = try TestDatabase()
    try source.execute("CREATE TABLE t (v BLOB)")
    source.close()
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source.path)))
    let database = try Self.file(Array(bytes.prefix(60)))
    #expect(throws: DatabaseError(.corrupt, "database disk image is malformed")) {
      try BlobDatabase(path: database.path)
    }
  }

  @Test("blobs that start like a plist and are not one each fail, with the reader's reason")
  func brokenBlobs() throws {
    let database = try TestDatabase()
    try database.execute("CREATE TABLE t (v BLOB)")
    let archive: PropertyList = [
      "$archiver": "NSKeyedArchiver", "$version": 100000, "$top": ["root": .uid(9)], "$objects": ["$null"],
    ]
    try database.insert("INSERT INTO t VALUES (?)", [.blob(Array("<?xml version=\"1.0\"?><plist><dict>".utf8))])
    try database.insert("INSERT INTO t VALUES (?)", [.blob(try archive.serialized(as: .binary))])
    try database.insert(
      "INSERT INTO t VALUES (?)", [.blob(Array("bplist00".utf8) + [UInt8](repeating: 0xFF, count: 64))])
    try database.insert("INSERT INTO t VALUES (?)", [.blob(try PropertyList.integer(3).serialized(as: .binary))])
    let found = try ExtractionTests.blobs(database.path)
    #expect(found.map(\.kind) == [.xmlPlist, .keyedArchive, .binaryPlist, .binaryPlist])
    #expect(found.map(\.row) == [.rowid(1), .rowid(2), .rowid(3), .rowid(4)])
    let messages = found.map { blob -> String in
      if case .failure(let failure) = blob.decoded.result { return failure.message }
      return "decoded"
    }
    #expect(
      messages == [
        "1:35: expected '</dict>', found the end of the input",
        "$top.root: UID 9 is out of range ($objects has 1 entry)",
        "byte 46: trailer: offset size 255 is not 1…8", "decoded",
      ])
  }
}

/// A small deterministic generator (SplitMix64), so that a failure replays.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
