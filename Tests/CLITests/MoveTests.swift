import Foundation
import PlistKit
import Testing

/// `plistkit move`: array elements to another index, values to another key path, renames that
/// keep the entry's place, in text files (only the moved bytes change), binary files (they stay
/// binary) and keyed archives (`--archive`); failures leave the file as it was.
@Suite("move")
struct MoveTests {
  /// A copy of a sample in a fresh folder.
  static func copy(_ sample: String) throws -> (TemporaryDirectory, String) {
    let folder = try TemporaryDirectory()
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: CLI.sample(sample))))
    return (folder, try folder.file(sample, bytes))
  }

  static func lines(_ bytes: [UInt8]) -> [String] {
    String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  @Test("move computers.plist 3 0 makes the fourth computer the first; the other bytes stay")
  func reorder() throws {
    let (_, path) = try Self.copy("computers.plist")
    let before = try PropertyListFile.read(path: path)
    let run = try CLI.run(["move", path, "3", "0"])
    #expect(run.status == 0)
    #expect(run.output.isEmpty && run.stderr.isEmpty)
    var expected = Self.lines(before)
    #expect(expected[7] == "\t<string>Apple IIGS</string>")
    let moved = expected.remove(at: 7)
    expected.insert(moved, at: 4)
    #expect(Self.lines(try PropertyListFile.read(path: path)) == expected)
    let list = try CLI.run(["get", path, "", "--to", "json"])
    let value = try PropertyList(bytes: list.stdout, format: .json)
    #expect(
      value.arrayValue?.prefix(5).compactMap(\.stringValue) == [
        "Apple IIGS", "Apple I", "Apple II", "Apple II Plus", "Apple III",
      ])
    #expect(value.arrayValue?.count == 227)
  }

  @Test("a binary file stays binary, with the value moved as PropertyList.moveValue moves it")
  func binary() throws {
    let folder = try TemporaryDirectory()
    let path = folder.path + "/computers.bin"
    #expect(try CLI.run(["convert", CLI.sample("computers.plist"), "--to", "binary", "-o", path]).status == 0)
    var expected = try PropertyList(bytes: try PropertyListFile.read(path: path))
    try expected.moveValue(from: "3", to: "0")
    #expect(try CLI.run(["move", path, "3", "0"]).status == 0)
    let bytes = try PropertyListFile.read(path: path)
    #expect(PropertyListFormat.detect(bytes) == .binary)
    #expect(try PropertyList(bytes: bytes).isIdentical(to: expected))
    #expect(try CLI.run(["get", path, "0"]).output == "Apple IIGS\n")
  }

  @Test("a move to another key of the same dictionary renames it where it is: only the key changes")
  func renameInPlace() throws {
    let (_, path) = try Self.copy("sortednames.plist")
    let before = Self.lines(try PropertyListFile.read(path: path))
    #expect(try CLI.run(["move", path, "Q", "Qu"]).status == 0)
    let after = Self.lines(try PropertyListFile.read(path: path))
    #expect(after == before.map { $0 == "\t<key>Q</key>" ? "\t<key>Qu</key>" : $0 })
    #expect(after.contains("\t<key>Qu</key>"))
    let keys = try CLI.run(["get", path, "", "--to", "json"])
    let names = try PropertyList(bytes: keys.stdout, format: .json).dictionaryValue?.keys ?? []
    #expect(names[15...17] == ["P", "Qu", "R"])
  }

  @Test("a .strings entry is renamed with its comment, in its encoding")
  func renameStrings() throws {
    let (_, path) = try Self.copy("Localizable.strings")
    let before = try PropertyListFile.read(path: path)
    #expect(try CLI.run(["move", path, "presidents\\.title", "list\\.title"]).status == 0)
    let after = try PropertyListFile.read(path: path)
    #expect(Array(after.prefix(2)) == Array(before.prefix(2)))
    let decoded = String(data: Data(after), encoding: .utf16) ?? ""
    let original = String(data: Data(before), encoding: .utf16) ?? ""
    #expect(decoded == original.replacingOccurrences(of: "\"presidents.title\"", with: "\"list.title\""))
  }

  @Test("failures name the key path, exit as the CLI guide says and change nothing")
  func failures() throws {
    let (folder, path) = try Self.copy("sortednames.plist")
    let before = try PropertyListFile.read(path: path)
    let cases: [([String], Int32, String)] = [
      (["Q.9", "Q.0"], 1, "\(path): Q.9: index 9 is out of range (the array has 7 elements)"),
      (["Q.0", "Q.7"], 1, "\(path): Q.7: index 7 is out of range (the array has 6 elements)"),
      (["Nope", "X"], 1, "\(path): Nope: no such key"),
      (["Q", "A"], 1, "\(path): A: the key already exists"),
      (["Q", "Q.0"], 1, "\(path): Q.0: cannot move a value into itself"),
      (["", "X"], 1, "\(path): (root): cannot move the root"),
      (
        ["*", "X"], 2,
        "move: FROM '*' has a wildcard (*), but this command changes one value; write \\* for a key that is a star (see 'plistkit help move')"
      ),
      (
        ["Q", "A.*"], 2,
        "move: TO 'A.*' has a wildcard (*), but this command changes one value; write \\* for a key that is a star (see 'plistkit help move')"
      ),
    ]
    for (words, status, message) in cases {
      let run = try CLI.run(["move", path] + words)
      #expect(run.status == status, "\(words)")
      #expect(run.stderr == "plistkit: \(message)\n")
    }
    #expect(try PropertyListFile.read(path: path) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["sortednames.plist"])
  }

  @Test("--archive moves objects' references and renames fields in place; the archive stays valid")
  func archive() throws {
    let (_, path) = try Self.copy("Presidents.plist")
    #expect(try CLI.run(["move", "--archive", path, "Presidents.42", "Presidents.0"]).status == 0)
    #expect(try CLI.run(["get", "--archive", path, "Presidents.0.Name"]).output == "George Walker Bush\n")
    #expect(try CLI.run(["get", "--archive", path, "Presidents.1.Name"]).output == "George Washington\n")
    #expect(try CLI.run(["get", "--archive", path, "Presidents"]).output == "43\n")
    #expect(try CLI.run(["move", "--archive", path, "Presidents.1.Party", "Presidents.1.Affiliation"]).status == 0)
    let printed = try CLI.run(["print", "--archive", path, "Presidents.1"])
    #expect(
      printed.output == """
        {
          "$class" => "President"
          "President" => 1
          "ToYear" => "1797"
          "FromYear" => "1789"
          "Affiliation" => "None"
          "Name" => "George Washington"
        }

        """)
    #expect(PropertyListFormat.detect(try PropertyListFile.read(path: path)) == .binary)
    let validated = try CLI.run(["validate", path])
    #expect(validated.status == 0)
    #expect(validated.output == "\(path): OK\n")

    let before = try PropertyListFile.read(path: path)
    let exists = try CLI.run(["move", "--archive", path, "Presidents.1.Name", "Presidents.1.ToYear"])
    #expect(exists.status == 1)
    #expect(
      exists.stderr == "plistkit: \(path): Presidents.1.ToYear: a value is there already; use set to replace it\n")
    let range = try CLI.run(["move", "--archive", path, "Presidents.43", "Presidents.0"])
    #expect(range.status == 1)
    #expect(
      range.stderr == "plistkit: \(path): Presidents.43: '43' is not an index of this NSMutableArray of 43 elements\n")
    #expect(try PropertyListFile.read(path: path) == before)
  }
}
