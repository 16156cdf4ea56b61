import Foundation
import PlistKit
import Testing

/// Key paths with `*` and negative indices in `print`, `get`, `type` and `remove`, on plain
/// files and through `--archive`; `set` and `insert` refuse a wildcard.
@Suite("Wildcard key paths")
struct WildcardTests {
  let presidents = CLI.sample("Presidents.plist")
  let sortedNames = CLI.sample("sortednames.plist")
  let computers = CLI.sample("computers.plist")

  /// The 43 names in the book's archive, in its order (read independently with plistlib).
  static let presidentNames = [
    "George Washington", "John Adams", "Thomas Jefferson", "James Madison", "James Monroe", "John Quincy Adams",
    "Andrew Jackson", "Martin Van Buren", "William Henry Harrison", "John Tyler", "James Polk", "Zachary Taylor",
    "Millard Fillmore", "Franklin Pierce", "James Buchanan", "Abraham Lincoln", "Andrew Johnson", "Ulysses S. Grant",
    "Rutherford B. Hayes", "James Garfield", "Chester Arthur", "Grover Cleveland", "Benjamin Harrison",
    "Grover Cleveland", "William McKinley", "Theodore Roosevelt", "William Taft", "Woodrow Wilson",
    "Warren G. Harding", "Calvin Coolidge", "Herbert Hoover", "Franklin D. Roosevelt", "Harry Truman",
    "Dwight Eisenhower", "John F. Kennedy", "Lyndon B. Johnson", "Richard Nixon", "Gerald Ford", "Jimmy Carter",
    "Ronald Reagan", "George H.W. Bush", "William J. Clinton", "George Walker Bush",
  ]

  @Test("get --archive Presidents.*.Name prints the 43 names, one per line")
  func presidentNames() throws {
    let run = try CLI.run(["get", "--archive", presidents, "Presidents.*.Name"])
    #expect(run.status == 0)
    #expect(run.output == Self.presidentNames.joined(separator: "\n") + "\n")
    let paths = try CLI.run(["get", "--archive", presidents, "Presidents.*.Name", "--with-paths"])
    let expected = Self.presidentNames.enumerated().map { "Presidents.\($0.offset).Name\t\($0.element)" }
    #expect(paths.output == expected.joined(separator: "\n") + "\n")
    let json = try CLI.run(["get", "--archive", presidents, "Presidents.*.Name", "--to", "json"])
    #expect(try PropertyList(bytes: json.stdout, format: .json) == .array(Self.presidentNames.map(PropertyList.string)))
  }

  @Test("negative indices count from the end, through --archive and in plain files")
  func negativeIndices() throws {
    #expect(try CLI.run(["get", "--archive", presidents, "Presidents.-1.Name"]).output == "George Walker Bush\n")
    #expect(try CLI.run(["get", "--archive", presidents, "Presidents.-43.Name"]).output == "George Washington\n")
    #expect(try CLI.run(["get", sortedNames, "A.-1"]).output == "Azul\n")
    #expect(try CLI.run(["get", computers, "--", "-1"]).output == "\u{F8FF}TV\n")  // the Apple logo, then TV
    #expect(try CLI.run(["type", sortedNames, "Z.-1"]).output == "string\n")
    let out = try CLI.run(["get", "--archive", presidents, "Presidents.-44"])
    #expect(out.status == 1)
    #expect(
      out.stderr
        == "plistkit: \(presidents): Presidents.-44: index -44 is out of range (the array has 43 elements)\n")
  }

  @Test("nested arrays: a wildcard at each level, --to xml gives an array, --with-paths a dictionary")
  func nestedArrays() throws {
    let folder = try TemporaryDirectory()
    let grid = try folder.file("grid.json", #"{"rows": [[1, 2], [], [3]], "name": "grid"}"#)
    let all = try CLI.run(["get", grid, "rows.*.*"])
    #expect(all.output == "1\n2\n3\n")
    #expect(try CLI.run(["get", grid, "rows.*.-1", "--with-paths"]).output == "rows.0.1\t2\nrows.2.0\t3\n")
    #expect(try CLI.run(["get", grid, "rows.*", "-n"]).output == "2\n0\n1")
    let json = try CLI.run(["get", grid, "rows.*.*", "--to", "json"])
    #expect(try PropertyList(bytes: json.stdout, format: .json) == [1, 2, 3])
    let keyed = try CLI.run(["get", grid, "rows.*.*", "--to", "xml", "--with-paths"])
    #expect(try PropertyList(bytes: keyed.stdout) == ["rows.0.0": 1, "rows.0.1": 2, "rows.2.0": 3])
    #expect(try CLI.run(["type", grid, "*", "--with-paths"]).output == "rows\tarray\nname\tstring\n")
    #expect(
      try CLI.run(["print", grid, "rows.*.0"]).output == """
        {
          "rows.0.0" => 1
          "rows.2.0" => 3
        }

        """)
    // --expect checks every match and names the first that differs.
    let expect = try CLI.run(["get", grid, "*", "--expect", "array"])
    #expect(expect.status == 1)
    #expect(expect.stderr == "plistkit: \(grid): name: expected a value of type array, found string\n")
  }

  @Test("no match is exit 1 with a message that names the key path")
  func noMatch() throws {
    let cases: [([String], String)] = [
      (["get", sortedNames, "*.Nope"], "\(sortedNames): *.Nope: no value matches this key path"),
      (["print", sortedNames, "A.*.x"], "\(sortedNames): A.*.x: no value matches this key path"),
      (
        ["type", "--archive", presidents, "Presidents.*.Nope"],
        "\(presidents): Presidents.*.Nope: no value matches this key path"
      ),
      (["get", sortedNames, "Nope.*"], "\(sortedNames): Nope: no such key"),
      (["remove", sortedNames, "*.999", "-o", "-"], "\(sortedNames): *.999: no value matches this key path"),
    ]
    for (arguments, message) in cases {
      let run = try CLI.run(arguments)
      #expect(run.status == 1, "\(arguments)")
      #expect(run.output == "")
      #expect(run.stderr == "plistkit: \(message)\n")
    }
  }

  @Test("\\* is a key that is a star")
  func literalStar() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("star.json", #"{"*": "star", "b": "bee"}"#)
    #expect(try CLI.run(["get", file, "\\*"]).output == "star\n")
    #expect(try CLI.run(["get", file, "*"]).output == "star\nbee\n")
    #expect(try CLI.run(["get", file, "*", "--with-paths"]).output == "\\*\tstar\nb\tbee\n")
    #expect(try CLI.run(["set", file, "\\*", "moon", "--type", "string"]).status == 0)
    #expect(try PropertyList(bytes: folder.contents("star.json"), format: .json) == ["*": "moon", "b": "bee"])
  }

  @Test("remove takes every match out, keeping the rest of the text as it was")
  func remove() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("names.plist", PropertyListFile.read(path: sortedNames))
    let run = try CLI.run(["remove", path, "*.0"])
    #expect(run.status == 0)
    let before = try PropertyList(bytes: PropertyListFile.read(path: sortedNames))
    var expected = before
    for key in try before.value(at: "").dictionaryValue!.keys.reversed() {
      try expected.removeValue(at: PropertyListKeyPath(components: [key, "0"]))
    }
    #expect(try PropertyList(bytes: folder.contents("names.plist")) == expected)
    // Only the removed lines are gone: the file is the original without them.
    let original = String(decoding: try PropertyListFile.read(path: sortedNames), as: UTF8.self)
    let firsts = Set(try before.matches(of: "*.0").map { "\t\t<string>\($0.value.stringValue!)</string>" })
    var dropped = Set<String>()
    let kept = original.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
      let line = String(line)
      guard firsts.contains(line), !dropped.contains(line) else { return true }
      dropped.insert(line)
      return false
    }
    #expect(String(decoding: try folder.contents("names.plist"), as: UTF8.self) == kept.joined(separator: "\n"))
    // The last computer, by a negative index.
    let list = try folder.file("computers.plist", PropertyListFile.read(path: computers))
    #expect(try CLI.run(["remove", list, "--", "-1"]).status == 0)
    #expect(try CLI.run(["get", list, "--", "-1"]).output == "iPhone 3G\n")
  }

  @Test("remove --archive takes a field out of every object; the archive stays valid")
  func removeArchive() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("p.plist", PropertyListFile.read(path: presidents))
    #expect(try CLI.run(["remove", "--archive", path, "Presidents.*.Party"]).status == 0)
    #expect(try CLI.run(["lint", "-q", path]).status == 0)
    #expect(
      try CLI.run(["get", "--archive", path, "Presidents.*.Name"]).output == Self.presidentNames.joined(separator: "\n")
        + "\n")
    let parties = try CLI.run(["get", "--archive", path, "Presidents.*.Party"])
    #expect(parties.status == 1)
    #expect(parties.stderr == "plistkit: \(path): Presidents.*.Party: no value matches this key path\n")
    #expect(try CLI.run(["remove", "--archive", path, "Presidents.-1"]).status == 0)
    #expect(try CLI.run(["get", "--archive", path, "Presidents"]).output == "42\n")
    #expect(try PropertyListFile.read(path: path).starts(with: Array("bplist00".utf8)))
  }

  @Test("set and insert refuse a wildcard with a usage error, and leave the file alone")
  func editsRefuseWildcards() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("names.plist", PropertyListFile.read(path: sortedNames))
    let cases: [[String]] = [
      ["set", path, "A.*", "x", "--type", "string"],
      ["insert", path, "*.0", "x", "--type", "string"],
      ["set", "--archive", presidents, "Presidents.*.Party", "x", "--type", "string", "-o", "-"],
    ]
    for arguments in cases {
      let run = try CLI.run(arguments)
      #expect(run.status == 2, "\(arguments)")
      let command = arguments[0]
      #expect(
        run.stderr
          == "plistkit: \(command): KEYPATH '\(arguments[arguments[1] == "--archive" ? 3 : 2])' has a wildcard (*), but this command changes one value; write \\* for a key that is a star (see 'plistkit help \(command)')\n"
      )
    }
    #expect(try folder.contents("names.plist") == PropertyListFile.read(path: sortedNames))
  }
}
