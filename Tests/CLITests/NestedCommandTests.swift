import Foundation
import PlistKit
import Testing

/// `--nested` of `print`, `unarchive` and `convert`: archives and plists inside data, opened.
@Suite("nested plists in data")
struct NestedCommandTests {
  /// The keyed archives Terminal wrote into a profile for the Dracula theme (the corpus's
  /// `keyed-archives/`, MIT, see its SOURCES.tsv): an NSFont and an NSColor.
  private static let font = "keyed-archives/dracula+terminal-app__Dracula.terminal__Font.bplist"
  private static let background = "keyed-archives/dracula+terminal-app__Dracula.terminal__BackgroundColor.bplist"

  /// Preferences in the shape of Terminal's `com.apple.Terminal.plist`, written as an XML plist
  /// into `folder`: two profiles under `Window Settings`, whose `Font` (the same blob in both)
  /// and `BackgroundColor` are the `<data>` of the archives above, byte for byte.
  private static func terminalPreferences(in folder: TemporaryDirectory) throws -> String {
    let font = PropertyList.data(try Corpus.bytes(Self.font))
    let preferences: PropertyList = [
      "Default Window Settings": "Dracula",
      "Window Settings": [
        "Basic": ["Font": font, "name": "Basic", "type": "Window Settings"],
        "Dracula": [
          "BackgroundColor": .data(try Corpus.bytes(background)), "Font": font, "name": "Dracula",
          "type": "Window Settings",
        ],
      ],
    ]
    return try folder.file("com.apple.Terminal.plist", try preferences.serialized(as: .xml))
  }

  /// A keyed archive Apple's Foundation wrote (the corpus's `apple-archives/`).
  private static func archiveFixture(_ name: String) throws -> [UInt8] { try Corpus.bytes("apple-archives/" + name) }

  /// A keyed archive of an NSArray of 1…5, written here, for tests that need any archive.
  private static func numbersArchive() throws -> [UInt8] {
    let archive: PropertyList = [
      "$archiver": "NSKeyedArchiver", "$version": 100000, "$top": ["root": .uid(1)],
      "$objects": [
        "$null", ["$class": .uid(2), "NS.objects": [.uid(3), .uid(4), .uid(5), .uid(6), .uid(7)]],
        ["$classname": "NSArray", "$classes": ["NSArray", "NSObject"]], 1, 2, 3, 4, 5,
      ],
    ]
    return try archive.serialized(as: .binary)
  }

  private func json(_ bytes: [UInt8]) throws -> NSObject {
    try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? NSObject)
  }

  @Test(
    "print --nested shows Terminal's archived colour in place, at a key path and through a wildcard",
    .needsCorpus("keyed-archives"))
  func printNested() throws {
    let terminal = try Self.terminalPreferences(in: try TemporaryDirectory())
    let run = try CLI.run(["print", terminal, "Window Settings.Dracula.BackgroundColor", "--nested"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    // The colour space and the components, read from the NUL-ended text of NSRGB
    // ("0.1176581159 0.1221527234 0.1597783715").
    #expect(
      run.output == """
        {
          "$nested" => "keyed-archive"
          "$value" => {
            "colorSpace" => "calibratedRGB"
            "red" => 0.1176581159
            "green" => 0.1221527234
            "blue" => 0.1597783715
          }
        }

        """)
    let fonts = try CLI.run(["print", terminal, "Window Settings.*.Font", "--nested"])
    let font = """
          "$nested" => "keyed-archive"
          "$value" => {
            "name" => "SFMono-Regular"
            "size" => 12.0
          }
      """
    #expect(
      fonts.output == """
        {
          "Window Settings.Basic.Font" => {
        \(font)
          }
          "Window Settings.Dracula.Font" => {
        \(font)
          }
        }

        """)
    // A key path goes on into what the data holds, with wildcards too.
    let names = try CLI.run(["print", terminal, "Window Settings.*.Font.$value.name", "--nested"])
    #expect(names.status == 0)
    #expect(
      names.output == """
        {
          "Window Settings.Basic.Font.$value.name" => "SFMono-Regular"
          "Window Settings.Dracula.Font.$value.name" => "SFMono-Regular"
        }

        """)
    let missing = try CLI.run(["print", terminal, "Window Settings.Basic.Font.$value.name"])
    #expect(missing.status == 1)
    // Without --nested the data is data.
    let plain = try CLI.run(["print", terminal, "Window Settings.Basic.Font"])
    #expect(plain.output == "<267 bytes 0x62706c6973743030d401020304050618…>\n")
  }

  @Test(
    "convert --to json --nested opens archives in data, in plists in data; a broken blob stays data with a note",
    .needsCorpus("apple-archives"))
  func convertNested() throws {
    let folder = try TemporaryDirectory()
    let complex = try Self.archiveFixture("NSKeyedUnarchiver-ComplexTest.plist")
    let inner: PropertyList = ["deep": .data(try Self.archiveFixture("NSOrderedSet-Numbers.archive"))]
    let outer: PropertyList = [
      "ok": .data(complex), "inner": .data(try inner.serialized(as: .binary)),
      "broken": .data(Array("bplist00garbage".utf8)),
    ]
    let input = try folder.file("mixed.plist", try outer.serialized(as: .binary))
    let run = try CLI.run(["convert", input, "--to", "json", "--nested", "--compact"])
    #expect(run.status == 0)
    #expect(
      run.output
        == #"{"ok":{"$nested":"keyed-archive","$value":{"array":["","hello",34545,{"key":"val"}],"string":"hello","url":{"$class":"NSURL","NS.base":"https://www.swift.org","NS.relative":"index.xml"},"uuid":"71DC068E-3420-45FF-919E-3A267D55EC22"}},"inner":{"$nested":"binary-plist","$value":{"deep":{"$nested":"keyed-archive","$value":[1,2,3,4,5]}}},"broken":"YnBsaXN0MDBnYXJiYWdl"}"#
    )
    let brokenNote =
      "plistkit: note: \(input): broken: 15 bytes of data that start like a binary plist but do not decode "
      + "(byte 15: the file is 15 bytes; a binary plist needs at least 42 (8-byte header, one object, its offset, "
      + "32-byte trailer)); left as data\n"
    // The data left as data is a string in plain JSON, which the last note says.
    #expect(
      run.stderr
        == brokenNote
        + "plistkit: note: 1 data value was written as a JSON string (plain JSON has no type for it); "
        + "use --typed to keep their types\n")
    // print shows the notes of the part it prints only.
    let printed = try CLI.run(["print", input, "inner", "--nested"])
    #expect(printed.status == 0)
    #expect(printed.stderr == "")
    #expect(try CLI.run(["print", input, "broken", "--nested"]).stderr == brokenNote)
    #expect(try CLI.run(["print", input, "--nested"]).stderr == brokenNote)
    // To a file: written atomically, the note still on standard error.
    let output = folder.url.appendingPathComponent("out.json").path
    let written = try CLI.run(["convert", input, "--to", "json", "--nested", "--compact", "-o", output])
    #expect(written.status == 0)
    #expect(written.output == "")
    #expect(written.stderr == run.stderr)
    #expect(try folder.contents("out.json") == run.stdout)
    // Typed JSON keeps the data's type where it stays data.
    let typed = try CLI.run(["convert", input, "--to", "json", "--nested", "--typed", "--compact"])
    #expect(typed.output.contains(#""broken":{"$data":"YnBsaXN0MDBnYXJiYWdl"}"#))
  }

  @Test("several files convert in parallel; their notes come in input order")
  func severalFiles() throws {
    let folder = try TemporaryDirectory()
    var paths: [String] = []
    for index in 0..<6 {
      let value: PropertyList = ["blob\(index)": .data(Array("bplist00".utf8) + [UInt8](repeating: 0, count: index))]
      paths.append(try folder.file("f\(index).plist", try value.serialized(as: .xml)))
    }
    let run = try CLI.run(["convert"] + paths + ["--to", "json", "--nested", "--extension", "json"])
    #expect(run.status == 0)
    var notes = run.stderr.split(separator: "\n").map(String.init)
    #expect(notes.count == 7)
    #expect(
      notes.popLast()
        == "plistkit: note: 6 data values were written as JSON strings (plain JSON has no type for them); "
        + "use --typed to keep their types")
    for (index, note) in notes.enumerated() {
      #expect(note.hasPrefix("plistkit: note: \(paths[index]): blob\(index): \(8 + index) bytes of data"))
    }
    #expect(try folder.contents("f5.json") == Array("{\n  \"blob5\": \"YnBsaXN0MDAAAAAAAA==\"\n}\n".utf8))
  }

  @Test(
    "unarchive --nested opens the plists an archive's NSData holds; --no-class reaches them",
    .needsCorpus("keyed-archives"))
  func unarchiveNested() throws {
    let folder = try TemporaryDirectory()
    let font = try Corpus.bytes(Self.font)
    let archive: PropertyList = [
      "$archiver": "NSKeyedArchiver", "$version": 100000, "$top": ["root": .uid(1)],
      "$objects": [
        "$null", ["$class": .uid(2), "NS.data": .data(font)],
        ["$classname": "NSMutableData", "$classes": ["NSMutableData", "NSData", "NSObject"]],
      ],
    ]
    let path = try folder.file("cache.archive", try archive.serialized(as: .binary))
    let run = try CLI.run(["unarchive", path, "--nested"])
    #expect(run.status == 0)
    #expect(
      try json(run.stdout)
        == json(
          Array(
            #"{"$nested": "keyed-archive", "$value": {"name": "SFMono-Regular", "size": 12.0}}"#
              .utf8)))
    let noClass = try CLI.run(["unarchive", path, "--nested", "--no-class"])
    #expect(
      try json(noClass.stdout)
        == json(
          Array(
            #"{"$nested": "keyed-archive", "$value": {"name": "SFMono-Regular", "size": 12.0}}"#
              .utf8)))
    let plain = try CLI.run(["unarchive", path])
    #expect(
      try JSONSerialization.jsonObject(with: Data(plain.stdout), options: .fragmentsAllowed) as? String
        == Data(font).base64EncodedString())
  }

  @Test("--nested refuses what would lose the data: --graph, --in-place, a project file")
  func refusals() throws {
    let folder = try TemporaryDirectory()
    // Any plist with an archive in its data: the book's, from the samples.
    let presidents = [UInt8](try Data(contentsOf: URL(fileURLWithPath: CLI.sample("Presidents.plist"))))
    let value: PropertyList = ["cache": .data(presidents)]
    let original = try value.serialized(as: .xml)
    let copy = try folder.file("t.plist", original)
    let graph = try CLI.run(["unarchive", CLI.sample("Presidents.plist"), "--nested", "--graph"])
    #expect(graph.status == 2)
    #expect(
      graph.stderr
        == "plistkit: unarchive: --nested shows the plain view; the object graph of --graph keeps data as it is "
        + "(see 'plistkit help unarchive')\n")
    let inPlace = try CLI.run(["convert", copy, "--to", "xml", "--nested", "--in-place"])
    #expect(inPlace.status == 2)
    #expect(
      inPlace.stderr
        == "plistkit: convert: --nested writes a view that does not keep the data; it cannot replace its input "
        + "(see 'plistkit help convert')\n")
    #expect(try folder.contents("t.plist") == original)
    let project = try CLI.run(["convert", copy, "--to", "pbxproj", "--nested"])
    #expect(project.status == 2)
  }

  @Test("hostile nestings finish at once: a bomb in data, data nested 40 deep, a blob shared 2^40 times")
  func hostile() throws {
    let folder = try TemporaryDirectory()
    var bomb: PropertyList = 7
    for _ in 0..<60 { bomb = [bomb, bomb] }
    var deep: PropertyList = "bottom"
    for _ in 0..<40 { deep = ["inner": .data(try deep.serialized(as: .binary))] }
    let outer: PropertyList = ["bomb": .data(try bomb.serialized(as: .binary)), "deep": deep]
    let path = try folder.file("hostile.plist", try outer.serialized(as: .binary))
    let run = try CLI.run(["convert", path, "--to", "json", "--nested", "--compact"])
    #expect(run.status == 0)
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines.last?.hasPrefix("plistkit: note: 2 data values were written as JSON strings") == true)
    #expect(lines[0].hasPrefix("plistkit: note: \(path): bomb: "))
    #expect(lines[0].hasSuffix("(the nested values limit is 5000000); left as data"))
    let deepPath = Array(repeating: "inner.$value", count: 8).joined(separator: ".") + ".inner"
    #expect(lines[1] == "plistkit: note: \(path): deep.\(deepPath): data nested more than 8 levels deep; left as data")
    // A blob shared 2^40 times stays shared in the binary output, and JSON refuses to write it out.
    var shared: PropertyList = .data(try Self.numbersArchive())
    for _ in 0..<40 { shared = [shared, shared] }
    let sharedPath = try folder.file("shared.plist", try shared.serialized(as: .binary))
    let binaryOut = folder.url.appendingPathComponent("out.plist").path
    let binary = try CLI.run(["convert", sharedPath, "--to", "binary", "--nested", "-o", binaryOut])
    #expect(binary.status == 0)
    #expect(try folder.contents("out.plist").count < 2000)
    let json = try CLI.run(["convert", sharedPath, "--to", "json", "--nested"])
    #expect(json.status == 1)
    #expect(json.stderr.contains("the written value limit"))
    // print walks the tree: it refuses the same value rather than print 2^40 markers.
    for arguments in [["print", sharedPath, "--nested"], ["print", sharedPath]] {
      let printed = try CLI.run(arguments)
      #expect(printed.status == 1)
      #expect(
        printed.stderr
          == "plistkit: \(sharedPath): the value holds more than 100000000 values once its shared arrays and "
          + "dictionaries are written out at every place they occur (the written value limit)\n")
    }
  }
}
