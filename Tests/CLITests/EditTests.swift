import Foundation
import PlistKit
import Testing

/// `set`, `insert`, `remove` and `create`: in-place atomic edits that change only the
/// intended field and keep the format, the key order and the permissions.
@Suite("editing")
struct EditTests {
  static let original: PropertyList = [
    "name": "PlistKit", "version": 1, "tags": ["a", "b"], "nested": ["deep": ["x": 1.5]], "last": true,
  ]

  /// Writes the fixture in `format` with mode 0600 and returns its folder and path.
  static func fixture(_ format: PropertyListFormat, style: JSONStyle = .plain) throws -> (TemporaryDirectory, String) {
    let folder = try TemporaryDirectory()
    let path = try folder.file("settings", original.serialized(as: format, options: .init(jsonStyle: style)))
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    return (folder, path)
  }

  /// Reads the edited file back, checking its format and permissions did not change.
  static func reread(_ path: String, format: PropertyListFormat, style: JSONStyle = .plain) throws -> PropertyList {
    let bytes = try PropertyListFile.read(path: path)
    #expect(PropertyListFormat.detect(bytes) == format)
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    return try PropertyList(bytes: bytes, options: .init(jsonStyle: style))
  }

  /// Every edit, on a file in `format`.
  /// (Dates and data survive JSON only in its typed form, hence `--typed` there.)
  static func checkEdits(in format: PropertyListFormat) throws {
    let style: JSONStyle = format == .json ? .typed : .plain
    let (folder, path) = try fixture(format, style: style)
    let typed = format == .json ? ["--typed"] : []
    func run(_ words: [String]) throws -> CLI.Run { try CLI.run(words + typed) }
    func reread(_ path: String, format: PropertyListFormat) throws -> PropertyList {
      try Self.reread(path, format: format, style: style)
    }
    var expected = original

    #expect(try run(["set", path, "nested.deep.x", "2.5", "--type", "real"]).status == 0)
    try expected.setValue(.real(2.5), at: "nested.deep.x")
    #expect(try reread(path, format: format).isIdentical(to: expected))

    #expect(try run(["set", path, "added", "2001-01-01T00:00:00Z", "--type", "date"]).status == 0)
    try expected.setValue(.date(PropertyListDate(secondsSinceReferenceDate: 0)), at: "added")
    #expect(try reread(path, format: format).isIdentical(to: expected))

    #expect(try run(["insert", path, "tags.0", "first", "--type", "string"]).status == 0)
    try expected.insertValue("first", at: "tags.0")
    #expect(try run(["insert", path, "tags", "-7", "--type", "integer", "--append"]).status == 0)
    try expected.insertValue(-7, at: "tags", append: true)
    #expect(try run(["insert", path, "blob", "AAH/", "--type", "data"]).status == 0)
    try expected.insertValue(.data([0, 1, 255]), at: "blob")
    #expect(try run(["insert", path, "empty", "--type", "dictionary"]).status == 0)
    try expected.insertValue(.dictionary(PropertyListDictionary()), at: "empty")
    #expect(try reread(path, format: format).isIdentical(to: expected))

    #expect(try run(["remove", path, "version"]).status == 0)
    try expected.removeValue(at: "version")
    #expect(try reread(path, format: format).isIdentical(to: expected))

    // Failures leave the file exactly as it was.
    let before = try PropertyListFile.read(path: path)
    let exists = try run(["insert", path, "name", "x", "--type", "string"])
    #expect(exists.status == 1)
    #expect(exists.stderr == "plistkit: \(path): name: the key already exists\n")
    let missing = try run(["remove", path, "nope"])
    #expect(missing.status == 1)
    #expect(missing.stderr == "plistkit: \(path): nope: no such key\n")
    let badIndex = try run(["set", path, "tags.9", "x", "--type", "string"])
    #expect(badIndex.status == 1)
    #expect(badIndex.stderr == "plistkit: \(path): tags.9: index 9 is out of range (the array has 4 elements)\n")
    #expect(try PropertyListFile.read(path: path) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["settings"])
  }

  @Test("edits in a JSON file")
  func json() throws { try Self.checkEdits(in: .json) }

  @Test("edits in a binary file")
  func binary() throws { try Self.checkEdits(in: .binary) }

  @Test("edits in an XML file")
  func xml() throws { try Self.checkEdits(in: .xml) }

  @Test("malformed values are usage errors that say what was expected")
  func badValues() throws {
    let cases: [([String], String)] = [
      (["12x", "--type", "integer"], "'12x' is not an integer (decimal or 0x hexadecimal, 64 bits)"),
      (["x", "--type", "real"], "'x' is not a real number"),
      (["maybe", "--type", "bool"], "'maybe' is not a boolean (true, false, yes, no, 1, 0)"),
      (["yesterday", "--type", "date"], "'yesterday' is not an ISO 8601 date (2001-01-01T00:00:00Z)"),
      (["@@", "--type", "data"], "'@@' is not base64 data"),
      (["x", "--type", "array"], "--type array makes an empty array and takes no VALUE"),
    ]
    for (words, message) in cases {
      let run = try CLI.run(["set", "unused.plist", "k"] + words)
      #expect(run.status == 2)
      #expect(run.stderr == "plistkit: set: \(message) (see 'plistkit help set')\n")
    }
    let noValue = try CLI.run(["set", "unused.plist", "k", "--type", "string"])
    #expect(noValue.stderr == "plistkit: set: missing argument VALUE (see 'plistkit help set')\n")
    let noType = try CLI.run(["insert", "unused.plist", "k", "v"])
    #expect(noType.stderr.hasPrefix("plistkit: insert: missing option --type TYPE"))
  }

  @Test("set without --type keeps the type of the value it replaces, as PlistBuddy's Set does")
  func setKeepsTheType() throws {
    let folder = try TemporaryDirectory()
    let xml = """
      <plist><dict><key>s</key><string>a</string><key>n</key><integer>1</integer><key>r</key><real>1.5</real>\
      <key>b</key><true/><key>list</key><array/></dict></plist>
      """
    let path = try folder.file("v.plist", xml)
    for (keyPath, text) in [("s", "Zed"), ("n", "42"), ("r", "2.5"), ("b", "no")] {
      let run = try CLI.run(["set", path, keyPath, text])
      #expect(run.status == 0, "\(keyPath)")
      #expect(run.stderr == "", "\(keyPath)")
    }
    let expected: PropertyList = ["s": "Zed", "n": 42, "r": 2.5, "b": false, "list": []]
    #expect(try PropertyList(bytes: folder.contents("v.plist")).isIdentical(to: expected))
    let failures = [
      (
        ["n", "abc"],
        "'abc' is not an integer (decimal or 0x hexadecimal, 64 bits), the type of the value at 'n' (--type changes it)"
      ),
      (["list", "x"], "missing option --type TYPE: the value at 'list' is an array, which VALUE is not read as"),
      (["new", "x"], "missing option --type TYPE: there is no value at 'new' whose type to keep"),
    ]
    for (words, message) in failures {
      let run = try CLI.run(["set", path] + words)
      #expect(run.status == 2, "\(words)")
      #expect(run.stderr == "plistkit: set: \(message) (see 'plistkit help set')\n", "\(words)")
    }
    #expect(try PropertyList(bytes: folder.contents("v.plist")).isIdentical(to: expected))
    // Standard input is read once, for the type and for the edit.
    let piped = try CLI.run(["set", "-", "n", "7"], stdin: Array(xml.utf8))
    #expect(piped.status == 0)
    #expect(try PropertyList(bytes: piped.stdout).value(at: "n").isIdentical(to: 7))
  }

  @Test("-o writes elsewhere and leaves the input alone; - edits a pipe")
  func outputs() throws {
    let (folder, path) = try Self.fixture(.json)
    let before = try PropertyListFile.read(path: path)
    let copy = folder.url.appendingPathComponent("copy.json").path
    #expect(try CLI.run(["set", path, "name", "Other", "--type", "string", "-o", copy]).status == 0)
    #expect(try PropertyListFile.read(path: path) == before)
    var expected = Self.original
    try expected.setValue("Other", at: "name")
    #expect(try PropertyList(bytes: PropertyListFile.read(path: copy)).isIdentical(to: expected))

    let piped = try CLI.run(["set", "-", "name", "{\"a\": [1]}", "--type", "json"], stdin: before)
    #expect(piped.status == 0)
    try expected.setValue(["a": [1]], at: "name")
    #expect(try PropertyList(bytes: piped.stdout, format: .json).isIdentical(to: expected))
  }

  @Test("create writes an empty dictionary and keeps an existing file")
  func create() throws {
    let folder = try TemporaryDirectory()
    let path = folder.url.appendingPathComponent("new.plist").path
    #expect(try CLI.run(["create", path]).status == 0)
    let created = try PropertyListFile.read(path: path)
    #expect(created == (try PropertyList.dictionary(PropertyListDictionary()).serialized(as: .xml)))
    try PropertyListFile.writeAtomically(Array("keep".utf8), to: path)
    let again = try CLI.run(["create", path])
    #expect(again.status == 1)
    #expect(again.stderr == "plistkit: \(path): already exists (use --force to replace it)\n")
    #expect(try PropertyListFile.read(path: path) == Array("keep".utf8))
    #expect(try CLI.run(["create", path, "--force"]).status == 0)
    #expect(try PropertyListFile.read(path: path) == created)
  }

  @Test("create - prints the empty document")
  func createToStandardOutput() throws {
    let run = try CLI.run(["create", "-", "--to", "json"])
    #expect(run.status == 0)
    #expect(run.stdout == (try PropertyList.dictionary(PropertyListDictionary()).serialized(as: .json)))
  }
}
