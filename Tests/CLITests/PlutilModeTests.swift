import Foundation
import PlistKit
import Testing

/// `plistkit plutil …` and the binary run as `plutil`, checked against the toolchain's plutil
/// on the behaviour both share (standard output and exit codes; messages differ on purpose).
@Suite("plutil mode")
struct PlutilModeTests {
  let presidents = CLI.sample("Presidents.plist")

  /// Runs the same arguments through the real plutil and through `plistkit plutil`.
  func both(_ arguments: [String]) throws -> (real: CLI.Run, ours: CLI.Run) {
    (try CLI.run(arguments, program: Plutil.path), try CLI.run(["plutil"] + arguments))
  }

  @Test(
    "output and exit codes match the real plutil on a keyed archive",
    .enabled(if: Plutil.isAvailable, "needs the toolchain's plutil"))
  func matchesRealPlutil() throws {
    let shared: [[String]] = [
      ["-lint", presidents],
      ["-lint", "-s", presidents],
      ["-extract", "$objects.3", "raw", presidents],
      ["-extract", "$objects.3", "raw", "-n", presidents],
      ["-extract", "$objects.2.President", "raw", presidents],
      ["-extract", "$objects.2.President", "raw", "-expect", "integer", presidents],
      ["-extract", "$objects.2.President", "raw", "-expect", "string", presidents],
      ["-extract", "$top.Nobody", "raw", presidents],
      ["-type", "$objects.3", presidents],
      ["-type", "$version", presidents],
      ["-lint", "missing.plist"],
      ["-lint", presidents, "missing.plist"],
      [],
      ["-bogus", presidents],
      ["-convert", "nonsense", presidents],
    ]
    for arguments in shared {
      let (real, ours) = try both(arguments)
      #expect(ours.status == real.status, "\(arguments)")
      #expect(ours.output == real.output, "\(arguments)")
      #expect(ours.stderr.isEmpty == real.stderr.isEmpty, "\(arguments): \(ours.stderr)")
    }
  }

  @Test(
    "output and exit codes match the real plutil on the names (containers included)",
    .enabled(if: Plutil.isAvailable, "needs the toolchain's plutil"))
  func matchesRealPlutilOnXML() throws {
    let names = CLI.sample("sortednames.plist")
    let shared: [[String]] = [
      ["-lint", names], ["-type", "A", names], ["-type", "", names], ["-type", "A.0", names],
      ["-extract", "A", "raw", names], ["-extract", "Z.1", "raw", names], ["-extract", "A.999", "raw", names],
      ["-extract", "A", "raw", "-expect", "array", names], ["-extract", "A", "raw", "-expect", "dictionary", names],
    ]
    for arguments in shared {
      let (real, ours) = try both(arguments)
      #expect(ours.status == real.status, "\(arguments)")
      #expect(ours.output == real.output, "\(arguments)")
    }
    // JSON text differs in escaping (plutil writes \/), so compare the documents.
    let (real, ours) = try both(["-extract", "B", "json", "-o", "-", names])
    #expect(ours.status == 0)
    #expect(try PropertyList(bytes: ours.stdout, format: .json) == PropertyList(bytes: real.stdout, format: .json))
  }

  @Test(
    "-convert xml1 writes the same bytes as the real plutil; binary1 the same value",
    .enabled(if: Plutil.isAvailable, "needs the toolchain's plutil")
  )
  func sameBytesAsRealPlutil() throws {
    for sample in ["sortednames.plist", "computers.plist"] {
      for format in ["xml1", "binary1"] {
        let arguments = ["-convert", format, "-o", "-", CLI.sample(sample)]
        let (real, ours) = try both(arguments)
        #expect(real.status == 0)
        #expect(ours.status == 0)
        // The XML layout is Apple's, byte for byte. Binary object order is the writer's own
        // choice (it matches for the flat array of computers), so binary compares as values.
        if format == "xml1" || sample == "computers.plist" {
          #expect(ours.stdout == real.stdout, "\(sample) as \(format)")
        } else {
          // (plutil also loses the key order; ours keeps it.)
          let source = try PropertyList(bytes: PropertyListFile.read(path: CLI.sample(sample)))
          #expect(try PropertyList(bytes: ours.stdout).isIdentical(to: source))
          #expect(try PropertyList(bytes: real.stdout) == source)
        }
      }
    }
  }

  @Test("run as plutil through a link, the same tool answers")
  func invokedAsPlutil() throws {
    let folder = try TemporaryDirectory()
    let link = folder.url.appendingPathComponent("plutil").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: CLI.binary)
    let run = try CLI.run(["-extract", "$objects.3", "raw", presidents], program: link)
    #expect(run.status == 0)
    #expect(run.output == "George Washington\n")
    let help = try CLI.run(["-help"], program: link)
    #expect(help.status == 0)
    #expect(help.output.hasPrefix("plutil (plistkit 0.1.0): plutil-compatible property list tool\n"))
    #expect(try CLI.run(["help", "plutil"]).output == help.output)
  }

  @Test("plutil's messages for command lines it rejects")
  func usageMessages() throws {
    let cases: [([String], String)] = [
      ([], "No files specified.\n"),
      (["-bogus"], "unrecognized option: -bogus\n"),
      (["-convert", "foo", "x"], "Unknown format specifier: foo\n"),
      (["-convert", "swift", "-header", "x"], "-header is only valid for objc literal conversions.\n"),
      (
        ["-insert", "k", "-widget", "v", "x"],
        "Unknown value type '-widget'; expected one of -bool -integer -float -date -string -data -xml -json -dictionary -array.\n"
      ),
      (["-extract", "k"], "Missing argument for -extract (format).\n"),
      (["-lint", "-p", "x"], "Only one command option may be given; found -p after another.\n"),
    ]
    for (arguments, message) in cases {
      let run = try CLI.run(["plutil"] + arguments)
      #expect(run.status == 1, "\(arguments)")
      #expect(run.stderr == message, "\(arguments)")
    }
  }

  @Test("-convert rewrites in place, -o and -e write elsewhere; edits keep the format")
  func convertAndEdit() throws {
    let folder = try TemporaryDirectory()
    let value: PropertyList = ["a": [1, 2], "s": "x"]
    let path = try folder.file("f.plist", value.serialized(as: .xml))
    #expect(try CLI.run(["plutil", "-convert", "binary1", path]).status == 0)
    #expect(try folder.contents("f.plist").starts(with: Array("bplist00".utf8)))
    #expect(try CLI.run(["plutil", "-convert", "json", "-e", "json", path]).status == 0)
    #expect(try PropertyList(bytes: folder.contents("f.json"), format: .json) == value)
    let stdout = try CLI.run(["plutil", "-convert", "json", "-o", "-", path])
    #expect(stdout.stdout == (try value.serialized(as: .json, options: .init(prettyPrinted: false))))
    #expect(try CLI.run(["plutil", "-insert", "a", "-integer", "3", "-append", path]).status == 0)
    #expect(try CLI.run(["plutil", "-replace", "s", "-bool", "YES", path]).status == 0)
    #expect(try CLI.run(["plutil", "-insert", "d", "-dictionary", path]).status == 0)
    #expect(try CLI.run(["plutil", "-remove", "a.0", path]).status == 0)
    let edited = try folder.contents("f.plist")
    #expect(edited.starts(with: Array("bplist00".utf8)))
    let expected: PropertyList = ["a": [2, 3], "s": true, "d": .dictionary(PropertyListDictionary())]
    #expect(try PropertyList(bytes: edited).isIdentical(to: expected))
    let type = try CLI.run(["plutil", "-type", "a.0", path])
    #expect(type.output == "integer\n")
    let tree = try CLI.run(["plutil", "-p", path])
    #expect(tree.output == "{\n  \"a\" => [\n    0 => 2\n    1 => 3\n  ]\n  \"s\" => true\n  \"d\" => {}\n}\n")
    let created = folder.url.appendingPathComponent("new.plist").path
    #expect(try CLI.run(["plutil", "-create", "xml1", created]).status == 0)
    #expect(
      try PropertyListFile.read(path: created)
        == PropertyList.dictionary(PropertyListDictionary()).serialized(as: .xml))
  }

  @Test(
    "-create xml1 - prints what the real plutil prints",
    .enabled(if: Plutil.isAvailable, "needs the toolchain's plutil"))
  func createMatchesRealPlutil() throws {
    let real = try CLI.run(["-create", "xml1", "-"], program: Plutil.path)
    #expect(real.status == 0)
    #expect(try CLI.run(["plutil", "-create", "xml1", "-"]).stdout == real.stdout)
  }

  @Test(
    "the real plutil reads what plutil mode writes",
    .enabled(if: Plutil.isAvailable, "needs the toolchain's plutil")
  )
  func realPlutilReadsOurs() throws {
    let folder = try TemporaryDirectory()
    let source = try PropertyListFile.read(path: CLI.sample("sortednames.plist"))
    let path = try folder.file("names.plist", source)
    for format in ["binary1", "xml1"] {
      #expect(try CLI.run(["plutil", "-convert", format, path]).status == 0)
      let real = try CLI.run(["-extract", "A.0", "raw", path], program: Plutil.path)
      let ours = try CLI.run(["plutil", "-extract", "A.0", "raw", path])
      #expect(real.status == 0)
      #expect(real.output == ours.output)
    }
  }

  /// A dictionary in an order plutil's XML writer changes: case, digits, the empty key, a key
  /// outside the Basic Multilingual Plane beside one from U+E000–U+FFFF, and a nested
  /// dictionary inside an array.
  static let unsortedKeys = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>zeta</key>
    \t<string>z</string>
    \t<key>Alpha</key>
    \t<dict>
    \t\t<key>b</key>
    \t\t<integer>1</integer>
    \t\t<key>B</key>
    \t\t<integer>2</integer>
    \t\t<key>a</key>
    \t\t<integer>3</integer>
    \t</dict>
    \t<key>alpha</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>y</key>
    \t\t\t<true/>
    \t\t\t<key>x</key>
    \t\t\t<false/>
    \t\t</dict>
    \t</array>
    \t<key>9</key>
    \t<string>nine</string>
    \t<key>10</key>
    \t<string>ten</string>
    \t<key>\u{FF21}</key>
    \t<string>fullwidth</string>
    \t<key>\u{1F600}</key>
    \t<string>emoji</string>
    \t<key>\u{E9}</key>
    \t<string>e acute</string>
    \t<key>_u</key>
    \t<string>underscore</string>
    \t<key></key>
    \t<string>empty</string>
    </dict>
    </plist>

    """

  /// What the toolchain's plutil writes for ``unsortedKeys`` with `-convert xml1`: every
  /// dictionary's keys in the order of their UTF-16 code units.
  static let plutilSortedXML = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key></key>
    \t<string>empty</string>
    \t<key>10</key>
    \t<string>ten</string>
    \t<key>9</key>
    \t<string>nine</string>
    \t<key>Alpha</key>
    \t<dict>
    \t\t<key>B</key>
    \t\t<integer>2</integer>
    \t\t<key>a</key>
    \t\t<integer>3</integer>
    \t\t<key>b</key>
    \t\t<integer>1</integer>
    \t</dict>
    \t<key>_u</key>
    \t<string>underscore</string>
    \t<key>alpha</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>x</key>
    \t\t\t<false/>
    \t\t\t<key>y</key>
    \t\t\t<true/>
    \t\t</dict>
    \t</array>
    \t<key>zeta</key>
    \t<string>z</string>
    \t<key>\u{E9}</key>
    \t<string>e acute</string>
    \t<key>\u{1F600}</key>
    \t<string>emoji</string>
    \t<key>\u{FF21}</key>
    \t<string>fullwidth</string>
    </dict>
    </plist>

    """

  @Test("-convert xml1 and -extract xml1 sort keys as plutil does; binary1 and json keep the file's order")
  func convertSortsKeysLikePlutil() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.file("keys.plist", Self.unsortedKeys)
    try folder.file("keys.expected.xml", Self.plutilSortedXML)
    let expected = try folder.contents("keys.expected.xml")
    let printed = try CLI.run(["plutil", "-convert", "xml1", "-o", "-", input])
    #expect(printed.status == 0)
    #expect(printed.stderr == "")
    #expect(printed.stdout == expected)
    let inPlace = try folder.file("in-place.plist", Self.unsortedKeys)
    #expect(try CLI.run(["plutil", "-convert", "xml1", inPlace]).status == 0)
    #expect(try folder.contents("in-place.plist") == expected)
    let extracted = try CLI.run(["plutil", "-extract", "Alpha", "xml1", "-o", "-", input])
    #expect(
      extracted.output.hasSuffix(
        "<dict>\n\t<key>B</key>\n\t<integer>2</integer>\n\t<key>a</key>\n\t<integer>3</integer>\n"
          + "\t<key>b</key>\n\t<integer>1</integer>\n</dict>\n</plist>\n"))
    let value = try PropertyList(bytes: try folder.contents("keys.plist"))
    let fileOrder = ["zeta", "Alpha", "alpha", "9", "10", "\u{FF21}", "\u{1F600}", "\u{E9}", "_u", ""]
    #expect(value.dictionaryValue?.keys == fileOrder)
    let binary = try CLI.run(["plutil", "-convert", "binary1", "-o", "-", input])
    #expect(binary.stdout == (try value.serialized(as: .binary)))
    let json = try CLI.run(["plutil", "-convert", "json", "-o", "-", input])
    #expect(json.stdout == (try value.serialized(as: .json, options: .init(prettyPrinted: false))))
  }

  @Test(
    "the real plutil sorts the keys as the golden file says; binary1 and json give the same value",
    .enabled(if: Plutil.isAvailable, "needs the toolchain's plutil"))
  func realPlutilSortsKeysAsTheGolden() throws {
    // The same XML bytes; binary and JSON in the real plutil's dictionaries' hash order, so
    // the same value only.
    let folder = try TemporaryDirectory()
    let input = try folder.file("keys.plist", Self.unsortedKeys)
    let golden = try folder.file("keys.expected.xml", Self.plutilSortedXML)
    let value = try PropertyList(bytes: try folder.contents("keys.plist"))
    let extracted = try CLI.run(["plutil", "-extract", "Alpha", "xml1", "-o", "-", input])
    let real = try CLI.run(["-convert", "xml1", "-o", "-", input], program: Plutil.path)
    #expect(real.status == 0)
    #expect(real.stdout == (try folder.contents("keys.expected.xml")), "\(golden) is not what plutil writes")
    let realExtracted = try CLI.run(["-extract", "Alpha", "xml1", "-o", "-", input], program: Plutil.path)
    #expect(realExtracted.stdout == extracted.stdout)
    for format in ["binary1", "json"] {
      let realOther = try CLI.run(["-convert", format, "-o", "-", input], program: Plutil.path)
      #expect(realOther.status == 0)
      #expect(try PropertyList(bytes: realOther.stdout) == value, "\(format)")
    }
  }
}
