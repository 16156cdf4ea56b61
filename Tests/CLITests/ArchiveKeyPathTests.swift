import Foundation
import PlistKit
import Testing

/// `--archive`: key paths through the object graph of the shipped keyed archive.
@Suite("--archive")
struct ArchiveKeyPathTests {
  let presidents = CLI.sample("Presidents.plist")

  /// The plain view the CLI prints for a file, as a value (through typed JSON, lossless).
  func plainView(_ path: String) throws -> PropertyList {
    let run = try CLI.run(["get", "--archive", path, "", "--to", "json", "--typed"])
    #expect(run.status == 0)
    return try PropertyList(bytes: run.stdout, format: .json, options: .init(jsonStyle: .typed))
  }

  @Test("print and get walk objects, arrays and fields")
  func read() throws {
    let run = try CLI.run(["print", "--archive", presidents, "Presidents.0"])
    #expect(run.status == 0)
    #expect(
      run.output == """
        {
          "$class" => "President"
          "President" => 1
          "Name" => "George Washington"
          "FromYear" => "1789"
          "ToYear" => "1797"
          "Party" => "None"
        }

        """)
    #expect(try CLI.run(["get", "--archive", presidents, "Presidents.42.Name"]).output == "George Walker Bush\n")
    #expect(try CLI.run(["get", "--archive", presidents, "Presidents"]).output == "43\n")
    #expect(try CLI.run(["type", "--archive", presidents, "Presidents.0.President"]).output == "integer\n")
    let missing = try CLI.run(["get", "--archive", presidents, "Presidents.43"])
    #expect(missing.status == 1)
    #expect(
      missing.stderr
        == "plistkit: \(presidents): Presidents.43: index 43 is out of range (the array has 43 elements)\n")
  }

  @Test("set changes one field of one object; the shared string stays for the others")
  func setField() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("p.plist", PropertyListFile.read(path: presidents))
    var expected = try plainView(presidents)
    let run = try CLI.run(["set", "--archive", path, "Presidents.1.Party", "Independent", "--type", "string"])
    #expect(run.status == 0)
    try expected.setValue("Independent", at: "Presidents.1.Party")
    #expect(try plainView(path) == expected)
    #expect(try PropertyListFile.read(path: path).starts(with: Array("bplist00".utf8)))
    // An inline integer stays inline.
    #expect(try CLI.run(["set", "--archive", path, "Presidents.0.President", "99", "--type", "integer"]).status == 0)
    try expected.setValue(99, at: "Presidents.0.President")
    #expect(try plainView(path) == expected)
    #expect(try CLI.run(["lint", "-q", path]).status == 0)
  }

  @Test("set without --type keeps the archived value's type")
  func setKeepsTheType() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("p.plist", PropertyListFile.read(path: presidents))
    var expected = try plainView(presidents)
    #expect(try CLI.run(["set", "--archive", path, "Presidents.0.President", "99"]).status == 0)
    #expect(try CLI.run(["set", "--archive", path, "Presidents.0.Party", "Federalist"]).status == 0)
    try expected.setValue(99, at: "Presidents.0.President")
    try expected.setValue("Federalist", at: "Presidents.0.Party")
    #expect(try plainView(path) == expected)
    #expect(try CLI.run(["type", "--archive", path, "Presidents.0.President"]).output == "integer\n")
  }

  @Test("insert adds a field, an array element before an index or at the end, and refuses what is there")
  func insert() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("p.plist", PropertyListFile.read(path: presidents))
    var expected = try plainView(presidents)
    let edits: [(words: [String], keyPath: PropertyListKeyPath, value: PropertyList, append: Bool)] = [
      (["Presidents.0.Nickname", "Father of His Country"], "Presidents.0.Nickname", "Father of His Country", false),
      (["Presidents.1", "(nobody)"], "Presidents.1", "(nobody)", false),
      (["Presidents", "(next)", "--append"], "Presidents", "(next)", true),
      (["Presidents.45", "(last)"], "Presidents.45", "(last)", false),
    ]
    for edit in edits {
      let run = try CLI.run(["insert", "--archive", path] + edit.words + ["--type", "string"])
      #expect(run.status == 0, "\(edit.words)")
      #expect(run.stderr == "", "\(edit.words)")
      try expected.insertValue(edit.value, at: edit.keyPath, append: edit.append)
    }
    #expect(try plainView(path) == expected)
    #expect(try CLI.run(["get", "--archive", path, "Presidents"]).output == "46\n")
    #expect(try CLI.run(["validate", path]).status == 0)
    let there = try CLI.run(["insert", "--archive", path, "Presidents.0.Name", "x", "--type", "string"])
    #expect(there.status == 1)
    #expect(there.stderr == "plistkit: \(path): Presidents.0.Name: a value is there already; use set to replace it\n")
    let past = try CLI.run(["insert", "--archive", path, "Presidents.47", "x", "--type", "string"])
    #expect(past.status == 1)
    #expect(
      past.stderr == "plistkit: \(path): Presidents.47: '47' is not an index of this NSMutableArray of 46 elements\n")
    #expect(try plainView(path) == expected)
  }

  @Test("remove takes an element out of an archived array, or a field out of an object")
  func remove() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("p.plist", PropertyListFile.read(path: presidents))
    var expected = try plainView(presidents)
    #expect(try CLI.run(["remove", "--archive", path, "Presidents.1"]).status == 0)
    try expected.removeValue(at: "Presidents.1")
    #expect(try CLI.run(["remove", "--archive", path, "Presidents.0.Party"]).status == 0)
    try expected.removeValue(at: "Presidents.0.Party")
    #expect(try plainView(path) == expected)
  }

  @Test("errors name the key path; a failed edit leaves the file alone")
  func errors() throws {
    let folder = try TemporaryDirectory()
    let original = try PropertyListFile.read(path: presidents)
    let path = try folder.file("p.plist", original)
    let noKey = try CLI.run(["remove", "--archive", path, "Presidents.0.Nope"])
    #expect(noKey.status == 1)
    #expect(noKey.stderr == "plistkit: \(path): Presidents.0.Nope: no such key\n")
    let container = try CLI.run(["set", "--archive", path, "Presidents.0.Name", "[1]", "--type", "json"])
    #expect(container.status == 1)
    #expect(
      container.stderr
        == "plistkit: \(path): Presidents.0.Name: only strings, numbers, booleans and data can be set inside an archive, not an array\n"
    )
    let leaf = try CLI.run(["set", "--archive", path, "Presidents.0.Name.x", "y", "--type", "string"])
    #expect(leaf.status == 1)
    #expect(leaf.stderr == "plistkit: \(path): Presidents.0.Name.x: cannot look inside a string\n")
    #expect(try PropertyListFile.read(path: path) == original)
  }

  @Test("a file that is not an archive says so")
  func notAnArchive() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("plain.json", "{\"a\": 1}")
    let run = try CLI.run(["print", "--archive", path])
    #expect(run.status == 1)
    #expect(run.stderr == "plistkit: \(path): (root): not a keyed archive: no $archiver, $top or $objects\n")
  }
}
