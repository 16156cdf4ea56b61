import Foundation
import PlistKit
import Testing

@Suite("diff")
struct DiffCommandTests {
  static let formats: [PropertyListFormat] = [.xml, .binary, .json, .openStep]
  static let formatPairs: [(PropertyListFormat, PropertyListFormat)] = formats.flatMap { a in formats.map { (a, $0) } }

  /// Holds only strings, arrays and dictionaries, so that all four formats hold it exactly.
  static let old: PropertyList = [
    "Name": "Gerald Ford", "Removed": "gone", "Kind": "scalar", "Rows": ["r0", "r1", "r2", "r3"],
    "Moved": [["id": "1", "n": "a"], ["id": "2", "n": "b"]], "Order": ["x": "1", "y": "2"],
  ]
  static let new: PropertyList = [
    "Name": "Gerald R. Ford", "Kind": ["now", "array"], "Rows": ["r0", "new", "r1", "r3"],
    "Moved": [["id": "0", "n": "z"], ["id": "1", "n": "a"], ["id": "2", "n": "B"]], "Order": ["y": "2", "x": "1"],
    "Added": "here",
  ]
  static let expected = """
    ~ Name: "Gerald Ford" → "Gerald R. Ford"
    - Removed
    ~ Kind: "scalar" → ["now", "array"]
    + Rows.1: "new"
    - Rows.2
    + Moved.0: {"id": "0", "n": "z"}
    ~ Moved.1.n (now Moved.2.n): "b" → "B"
    + Added: "here"

    """

  static func write(
    _ value: PropertyList, as format: PropertyListFormat, named name: String, in folder: TemporaryDirectory
  )
    throws -> String
  {
    try folder.file(name, try value.serialized(as: format))
  }

  @Test("every kind of difference, the same in every pair of formats", arguments: formatPairs)
  func everyFormatPair(_ pair: (PropertyListFormat, PropertyListFormat)) throws {
    let folder = try TemporaryDirectory()
    let a = try Self.write(Self.old, as: pair.0, named: "a", in: folder)
    let b = try Self.write(Self.new, as: pair.1, named: "b", in: folder)
    let run = try CLI.run(["diff", a, b])
    #expect(run.output == Self.expected)
    #expect(run.status == 1)
    #expect(run.stderr == "")
    let ordered = try CLI.run(["diff", a, b, "--key-order"])
    #expect(ordered.output.contains(#"~ Order: key order ["x", "y"] → ["y", "x"]"# + "\n"))
    // A file and its conversion to another format are equal.
    let same = try Self.write(Self.old, as: pair.1, named: "same", in: folder)
    let equal = try CLI.run(["diff", a, same])
    #expect(equal.output == "" && equal.status == 0)
  }

  @Test("scalars of every type, XML against binary")
  func scalars() throws {
    let folder = try TemporaryDirectory()
    let a: PropertyList = [
      "i": 1, "r": .real(1.5), "b": true, "d": .date(PropertyListDate(secondsSinceReferenceDate: 0)),
      "data": .data([0, 1, 0xFF]), "u": .uid(3), "big": .integer(UInt64.max),
    ]
    let b: PropertyList = [
      "i": .real(1), "r": .real(-0.0), "b": false, "d": .date(PropertyListDate(secondsSinceReferenceDate: 86_400)),
      "data": .data([0, 1]), "u": .uid(4), "big": .integer(Int64.min),
    ]
    let run = try CLI.run([
      "diff", try Self.write(a, as: .xml, named: "a.plist", in: folder),
      try Self.write(b, as: .binary, named: "b.plist", in: folder),
    ])
    #expect(
      run.output == """
        ~ i: 1 → 1.0
        ~ r: 1.5 → -0.0
        ~ b: true → false
        ~ d: 2001-01-01T00:00:00Z → 2001-01-02T00:00:00Z
        ~ data: <3 bytes 0x0001ff> → <2 bytes 0x0001>
        ~ u: <uid 3> → <uid 4>
        ~ big: 18446744073709551615 → -9223372036854775808

        """)
  }

  @Test("--format json lists the differences with typed values")
  func json() throws {
    let folder = try TemporaryDirectory()
    let a = try Self.write(Self.old, as: .xml, named: "a", in: folder)
    let b = try Self.write(Self.new, as: .binary, named: "b", in: folder)
    let run = try CLI.run(["diff", a, b, "--format", "json"])
    #expect(run.status == 1)
    #expect(
      run.output == """
        [
          {"kind": "changed", "path": "Name", "old": "Gerald Ford", "new": "Gerald R. Ford"},
          {"kind": "removed", "path": "Removed", "old": "gone"},
          {"kind": "changed", "path": "Kind", "old": "scalar", "new": ["now","array"]},
          {"kind": "added", "path": "Rows.1", "new": "new"},
          {"kind": "removed", "path": "Rows.2", "old": "r2"},
          {"kind": "added", "path": "Moved.0", "new": {"id":"0","n":"z"}},
          {"kind": "changed", "path": "Moved.1.n", "newPath": "Moved.2.n", "old": "b", "new": "B"},
          {"kind": "added", "path": "Added", "new": "here"}
        ]

        """)
    let equal = try CLI.run(["diff", a, a, "--format", "json"])
    #expect(equal.output == "[]\n" && equal.status == 0)
    let typed = try CLI.run([
      "diff", try Self.write(["d": .data([1])], as: .xml, named: "c", in: folder),
      try Self.write(["d": .date(PropertyListDate(secondsSinceReferenceDate: 0))], as: .xml, named: "d", in: folder),
      "--format", "json",
    ])
    #expect(
      typed.output.contains(
        #"{"kind": "changed", "path": "d", "old": {"$data":"AQ=="}, "new": {"$date":"2001-01-01T00:00:00Z"}}"#))
  }

  @Test("--ignore leaves out paths, with * for any key or index")
  func ignore() throws {
    let folder = try TemporaryDirectory()
    let a = try Self.write(Self.old, as: .xml, named: "a", in: folder)
    let b = try Self.write(Self.new, as: .xml, named: "b", in: folder)
    let run = try CLI.run(["diff", a, b, "--ignore", "Moved.*.n", "--ignore", "R*", "--ignore", "Kind"])
    #expect(
      run.output == """
        ~ Name: "Gerald Ford" → "Gerald R. Ford"
        + Moved.0: {"id": "0", "n": "z"}
        + Added: "here"

        """)
  }

  @Test("colours on request, as print has them")
  func colour() throws {
    let folder = try TemporaryDirectory()
    let a = try Self.write(["k": "a"], as: .xml, named: "a", in: folder)
    let b = try Self.write(["k": "b", "n": 1], as: .xml, named: "b", in: folder)
    let run = try CLI.run(["diff", a, b, "--color", "always"])
    #expect(
      run.output
        == "\u{1B}[1;33m~\u{1B}[0m k: \u{1B}[32m\"a\"\u{1B}[0m → \u{1B}[32m\"b\"\u{1B}[0m\n"
        + "\u{1B}[1;32m+\u{1B}[0m n: \u{1B}[36m1\u{1B}[0m\n")
    // An explicit --color always wins over NO_COLOR, as it does for print.
    #expect(try CLI.run(["diff", a, b, "--color", "always"], environment: ["NO_COLOR": "1"]).output == run.output)
    #expect(try CLI.run(["diff", a, b, "--color", "never"]).output.contains("\u{1B}") == false)
  }

  @Test("exit codes like diff(1): 0 equal, 1 different, 2 trouble")
  func exitCodes() throws {
    let folder = try TemporaryDirectory()
    let a = try Self.write(Self.old, as: .xml, named: "a", in: folder)
    let broken = try folder.file("broken.plist", "<plist><dict><key>a</key></dict></plist>")
    let unreadable = try CLI.run(["diff", a, broken])
    #expect(unreadable.status == 2)
    #expect(
      unreadable.stderr == "plistkit: \(broken):1:26: expected a value for key 'a' inside <dict>, found '</dict>'\n")
    let missing = try CLI.run(["diff", a, folder.path + "/missing.plist"])
    #expect(missing.status == 2)
    #expect(missing.stderr == "plistkit: \(folder.path)/missing.plist: cannot open: No such file or directory\n")
    #expect(try CLI.run(["diff", a]).status == 2)
    #expect(try CLI.run(["diff", "-", "-"]).status == 2)
    // Two binary files are compared from their object tables; a broken one still gets the
    // reader's error, as `lint` reports it.
    let binary = try Self.write(Self.old, as: .binary, named: "binary", in: folder)
    let cut = try folder.file("cut.plist", Array(try Self.old.serialized(as: .binary).dropLast(5)))
    let lint = try CLI.run(["lint", cut])
    let brokenBinary = try CLI.run(["diff", binary, cut])
    #expect(brokenBinary.status == 2)
    #expect(brokenBinary.stderr == lint.stderr && !lint.stderr.isEmpty)
    // Standard input is read once, whichever way it is compared.
    let newBinary = try Self.write(Self.new, as: .binary, named: "new-binary", in: folder)
    let piped = try CLI.run(["diff", "-", newBinary], stdin: try Self.old.serialized(as: .binary))
    #expect(piped.output == Self.expected && piped.status == 1)
    let fromStdin = try CLI.run(["diff", "-", a], stdin: try Self.old.serialized(as: .json))
    #expect(fromStdin.status == 0)
  }

  @Test("keyed archives compare as object graphs, by themselves or with --archive")
  func archives() throws {
    let folder = try TemporaryDirectory()
    let original = CLI.sample("Presidents.plist")
    let copy = folder.path + "/p.plist"
    try FileManager.default.copyItem(atPath: original, toPath: copy)
    #expect(
      try CLI.run(["set", "--archive", copy, "Presidents.37.Name", "Gerald R. Ford", "--type", "string"]).status == 0)
    // Written back in XML, with $objects renumbered by the archiver.
    let xml = folder.path + "/p.xml"
    #expect(try CLI.run(["convert", copy, "--to", "xml", "-o", xml]).status == 0)
    let run = try CLI.run(["diff", original, xml])
    #expect(run.output == "~ Presidents.37.Name: \"Gerald Ford\" → \"Gerald R. Ford\"\n")
    #expect(run.status == 1)
    // As plain property lists the same files differ in their $objects table.
    let plainA = folder.path + "/a.json"
    #expect(try CLI.run(["convert", original, "--to", "json", "--typed", "-o", plainA]).status == 0)
    let asArchives = try CLI.run(["diff", plainA, copy, "--typed", "--archive"])
    #expect(asArchives.output == run.output)
    let notArchive = try CLI.run(["diff", CLI.sample("computers.plist"), copy, "--archive"])
    #expect(notArchive.status == 2)
    #expect(notArchive.stderr.hasPrefix("plistkit: \(CLI.sample("computers.plist")): "))
  }

  @Test("an archive's array whose class and one element's field changed: the class, then the field")
  func archiveCollectionClass() throws {
    let folder = try TemporaryDirectory()
    let original = CLI.sample("Presidents.plist")
    let graph = folder.path + "/graph.json"
    #expect(try CLI.run(["unarchive", original, "--graph", "-o", graph]).status == 0)
    let text = try String(contentsOfFile: graph, encoding: .utf8)
    let mutable =
      "\"class\": \"NSMutableArray\",\n      \"classes\": [\n        \"NSMutableArray\",\n        \"NSArray\",\n"
    #expect(text.contains(mutable))
    let edited = text.replacingOccurrences(
      of: mutable, with: "\"class\": \"NSArray\",\n      \"classes\": [\n        \"NSArray\",\n"
    ).replacingOccurrences(of: "\"Gerald Ford\"", with: "\"Gerald R. Ford\"")
    let editedGraph = try folder.file("edited.json", edited)
    let changed = folder.path + "/changed.plist"
    #expect(try CLI.run(["archive", editedGraph, "-o", changed]).status == 0)
    let run = try CLI.run(["diff", original, changed])
    #expect(run.stderr == "")
    #expect(run.status == 1)
    #expect(
      run.output == """
        ~ Presidents.$class: "NSMutableArray" → "NSArray"
        ~ Presidents.37.Name: "Gerald Ford" → "Gerald R. Ford"

        """)
    let ignored = try CLI.run(["diff", original, changed, "--ignore", "*.$class"])
    #expect(ignored.output == "~ Presidents.37.Name: \"Gerald Ford\" → \"Gerald R. Ford\"\n")
  }

  @Test("project files name objects by ID and Xcode's comment")
  func projectFile() throws {
    let folder = try TemporaryDirectory()
    let copy = folder.path + "/project.pbxproj"
    try FileManager.default.copyItem(atPath: CLI.sample("project.pbxproj"), toPath: copy)
    #expect(
      try CLI.run(["set", copy, "objects.4A1B2C3D2B00000200ABCDEF.path", "Presidents.swift", "--type", "string"]).status
        == 0)
    let run = try CLI.run(["diff", CLI.sample("project.pbxproj"), copy])
    #expect(
      run.output
        == "~ objects.4A1B2C3D2B00000200ABCDEF (PresidentList.swift).path: \"PresidentList.swift\" → \"Presidents.swift\"\n"
    )
    let json = try CLI.run(["diff", CLI.sample("project.pbxproj"), copy, "--format", "json"])
    #expect(json.output.contains(#""label": "objects.4A1B2C3D2B00000200ABCDEF (PresidentList.swift).path""#))
  }

  @Test("a value shared in a binary plist, changed, is reported once and referred to")
  func shared() throws {
    let folder = try TemporaryDirectory()
    // [x, x] with x = ["leaf"] shared, against the same with x = ["LEAF"].
    let a = try folder.file("a.bplist", HostileFiles.binary([[0xA2, 1, 1], [0xA1, 2], [0x54] + Array("leaf".utf8)]))
    let b = try folder.file("b.bplist", HostileFiles.binary([[0xA2, 1, 1], [0xA1, 2], [0x54] + Array("LEAF".utf8)]))
    let run = try CLI.run(["diff", a, b])
    #expect(
      run.output == """
        ~ 0.0: "leaf" → "LEAF"
        ~ 1: the same changes as at 0 (one shared value)

        """)
  }
}
