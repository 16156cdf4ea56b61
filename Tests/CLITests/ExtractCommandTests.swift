import Foundation
import PlistKit
import Testing

/// `plistkit extract` on databases written here with python3's sqlite3 module: the records in
/// text and JSON Lines, blobs that do not decode, and the errors and exit codes.
@Suite(
  "extract",
  .enabled(if: PythonSQLite.isInstalled, "needs python3 with its sqlite3 module, which writes the databases")
)
struct ExtractCommandTests {
  /// A database in `folder` made by `sql` (a script for sqlite3's executescript); blobs are
  /// written as `X'…'` literals.
  static func database(_ sql: String, named name: String = "app.db", in folder: TemporaryDirectory) throws -> String {
    let path = folder.path + "/" + name
    let script = "import sqlite3, sys\nd = sqlite3.connect(sys.argv[1])\nd.executescript(sys.argv[2])\nd.commit()\n"
    let run = try CLI.run(["python3", "-c", script, path, sql], program: "/usr/bin/env")
    try #require(run.status == 0, "\(run.stderr)")
    return path
  }

  /// `bytes` as an SQL blob literal.
  static func literal(_ bytes: [UInt8]) -> String {
    "X'" + bytes.map { String(format: "%02X", $0) }.joined() + "'"
  }

  /// A table of a binary plist, a keyed archive and a broken plist, and a WITHOUT ROWID table.
  static func mixed(in folder: TemporaryDirectory) throws -> String {
    let plist: PropertyList = ["answer": 42]
    let archive: PropertyList = [
      "$archiver": "NSKeyedArchiver", "$version": 100000, "$top": ["root": .uid(1)], "$objects": ["$null", "hello"],
    ]
    return try database(
      """
      CREATE TABLE item (id INTEGER PRIMARY KEY, payload BLOB, size INTEGER);
      INSERT INTO item VALUES (1, \(literal(try plist.serialized(as: .binary))), 3);
      INSERT INTO item VALUES (2, \(literal(try archive.serialized(as: .binary))), 3);
      INSERT INTO item VALUES (4, \(literal(Array("bplist00 cut".utf8))), 5);
      INSERT INTO item VALUES (5, X'00FF', 5);
      CREATE TABLE kv (k TEXT PRIMARY KEY, v BLOB) WITHOUT ROWID;
      INSERT INTO kv VALUES ('b', \(literal(try PropertyList.string("x").serialized(as: .binary))));
      """, in: folder)
  }

  @Test("text: a line naming table, column, row and kind, then the value; a broken blob on standard error, exit 3")
  func text() throws {
    let folder = try TemporaryDirectory()
    let path = try Self.mixed(in: folder)
    let run = try CLI.run(["extract", path])
    #expect(run.status == 3)
    #expect(
      run.output == """
        item.payload rowid 1: binary-plist
        {
          "answer" => 42
        }
        item.payload rowid 2: keyed-archive
        "hello"
        kv.v key k="b": binary-plist
        "x"

        """)
    #expect(
      run.stderr
        == "plistkit: \(path): item.payload rowid 4: binary-plist: byte 12: the file is 12 bytes; a binary plist needs at least 42 (8-byte header, one object, its offset, 32-byte trailer)\n"
    )
  }

  @Test("json: one object per line, with the error of a blob that did not decode")
  func json() throws {
    let folder = try TemporaryDirectory()
    let path = try Self.mixed(in: folder)
    let run = try CLI.run(["extract", path, "--table", "item", "--where", "size=3", "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.output == """
        {"table":"item","column":"payload","rowid":1,"kind":"binary-plist","bytes":55,"value":{"answer":42}}
        {"table":"item","column":"payload","rowid":2,"kind":"keyed-archive","bytes":\(try Self.archiveSize()),"value":"hello"}

        """)
    let failed = try CLI.run(["extract", path, "--table", "item", "--rowid", "4", "--format", "json"])
    #expect(failed.status == 3)
    #expect(
      failed.output
        == "{\"table\":\"item\",\"column\":\"payload\",\"rowid\":4,\"kind\":\"binary-plist\",\"bytes\":12,\"error\":\"byte 12: the file is 12 bytes; a binary plist needs at least 42 (8-byte header, one object, its offset, 32-byte trailer)\"}\n"
    )
    let keyed = try CLI.run(["extract", path, "--table", "kv", "--format", "json"])
    #expect(
      keyed.output
        == "{\"table\":\"kv\",\"column\":\"v\",\"key\":{\"k\":\"b\"},\"kind\":\"binary-plist\",\"bytes\":43,\"value\":\"x\"}\n"
    )
  }

  @Test("a damaged table: reported on standard error (and as a JSON record), the next table still read, exit 3")
  func damagedTable() throws {
    let folder = try TemporaryDirectory()
    let path = folder.path + "/damaged.db"
    // 200 rows of 3,000-byte plists, then a table created after them (its pages last); the
    // middle third of the file overwritten with seeded random bytes.
    let script = """
      import plistlib, random, sqlite3, sys
      d = sqlite3.connect(sys.argv[1])
      d.execute('CREATE TABLE first (v BLOB)')
      d.executemany('INSERT INTO first VALUES (?)', [(plistlib.dumps('x' * 3000, fmt=plistlib.FMT_BINARY),)] * 200)
      d.execute('CREATE TABLE second (v BLOB)')
      d.execute('INSERT INTO second VALUES (?)', (plistlib.dumps(7, fmt=plistlib.FMT_BINARY),))
      d.commit()
      d.close()
      data = bytearray(open(sys.argv[1], 'rb').read())
      generator = random.Random(11)
      for index in range(len(data) // 3, len(data) * 2 // 3):
          data[index] = generator.randrange(256)
      open(sys.argv[1], 'wb').write(bytes(data))
      """
    let made = try CLI.run(["python3", "-c", script, path], program: "/usr/bin/env")
    try #require(made.status == 0, "\(made.stderr)")

    let run = try CLI.run(["extract", path])
    #expect(run.status == 3)
    // Before it, the blob whose bytes the damage reached, with the reader's reason.
    #expect(run.stderr.hasSuffix("\nplistkit: \(path): table first: database disk image is malformed\n"))
    #expect(run.output.hasPrefix("first.v rowid 1: binary-plist\n"))
    #expect(run.output.hasSuffix("second.v rowid 1: binary-plist\n7\n"))

    let json = try CLI.run(["extract", path, "--format", "json"])
    #expect(json.status == 3)
    let lines = json.output.split(separator: "\n")
    #expect(
      lines.suffix(2) == [
        #"{"table":"first","error":"database disk image is malformed"}"#,
        #"{"table":"second","column":"v","rowid":1,"kind":"binary-plist","bytes":43,"value":7}"#,
      ])
  }

  static func archiveSize() throws -> Int {
    let archive: PropertyList = [
      "$archiver": "NSKeyedArchiver", "$version": 100000, "$top": ["root": .uid(1)], "$objects": ["$null", "hello"],
    ]
    return try archive.serialized(as: .binary).count
  }

  @Test("--text: a message's attributedBody as its text alone; without it, its string and attribute runs")
  func textOnly() throws {
    let folder = try TemporaryDirectory()
    let path = folder.path + "/chat.db"
    let made = try CLI.run(
      ["python3", CLI.root.appendingPathComponent("scripts/make-chat-db.py").path, path], program: "/usr/bin/env")
    #expect(made.status == 0, "\(made.stderr)")
    let texts = try CLI.run(["extract", path, "--column", "attributedBody", "--text", "--format", "json"])
    #expect(texts.status == 0, "\(texts.stderr)")
    #expect(
      texts.output == """
        {"table":"message","column":"attributedBody","rowid":1,"kind":"typedstream","bytes":180,"value":"Hello"}
        {"table":"message","column":"attributedBody","rowid":2,"kind":"typedstream","bytes":240,"value":"See you at 6 🙂"}
        {"table":"message","column":"attributedBody","rowid":3,"kind":"typedstream","bytes":182,"value":"Thanks!"}

        """)
    let view = try CLI.run(["extract", path, "--table", "message", "--rowid", "3", "--format", "json"])
    #expect(
      view.output
        == "{\"table\":\"message\",\"column\":\"attributedBody\",\"rowid\":3,\"kind\":\"typedstream\",\"bytes\":182,\"value\":{\"string\":\"Thanks!\",\"runs\":[{\"range\":{\"location\":0,\"length\":7},\"attributes\":{\"__kIMMessagePartAttributeName\":0}}]}}\n"
    )
  }

  @Test("a file that is not a database, a missing one, a name it does not have: exit 1, one line")
  func errors() throws {
    let folder = try TemporaryDirectory()
    let path = try Self.mixed(in: folder)
    let text = try folder.file("notes.txt", "not a database, but long enough to be read as one by SQLite, surely\n")
    let cases: [([String], String)] = [
      (["extract", text], "plistkit: \(text): file is not a database\n"),
      (
        ["extract", folder.path + "/missing.db"], "plistkit: \(folder.path)/missing.db: unable to open database file\n"
      ),
      (
        ["extract", path, "--table", "items"],
        "plistkit: \(path): no table named 'items' (the tables: item, kv)\n"
      ),
      (
        ["extract", path, "--table", "item", "--where", "size; DROP TABLE item=1"],
        "plistkit: \(path): table 'item' has no column named 'size; DROP TABLE item' (its columns: id, payload, size)\n"
      ),
    ]
    for (arguments, message) in cases {
      let run = try CLI.run(arguments)
      #expect(run.status == 1, "\(arguments)")
      #expect(run.stderr == message)
      #expect(run.output == "")
    }
    #expect(try folder.contents("app.db").count > 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["app.db", "notes.txt"])
  }

  @Test("usage errors: a filter without --table, --rowid that is no integer, both filters, standard input")
  func usage() throws {
    let folder = try TemporaryDirectory()
    let path = try Self.mixed(in: folder)
    let cases: [([String], String)] = [
      (["extract", path, "--rowid", "1"], "--rowid and --where need --table"),
      (["extract", path, "--table", "item", "--rowid", "one"], "--rowid takes an integer, not 'one'"),
      (["extract", path, "--table", "item", "--where", "size"], "--where takes COLUMN=VALUE, not 'size'"),
      (
        ["extract", path, "--table", "item", "--rowid", "1", "--where", "a=1"], "--rowid and --where cannot be combined"
      ),
      (["extract", "-"], "extract reads a database file, not standard input"),
    ]
    for (arguments, message) in cases {
      let run = try CLI.run(arguments)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stderr == "plistkit: extract: \(message) (see 'plistkit help extract')\n")
    }
  }
}

/// Whether python3 can write the databases these tests read.
enum PythonSQLite {
  /// True when python3 imports its sqlite3 module.
  static let isInstalled: Bool =
    (try? CLI.run(["python3", "-c", "import sqlite3"], program: "/usr/bin/env").status) == 0
}
