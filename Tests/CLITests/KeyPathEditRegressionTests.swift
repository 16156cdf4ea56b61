import Foundation
import PlistKit
import Testing

/// Edits never crash and never lose data: a negative index works in every command that takes a
/// key path, a key with dots in its name gets an error that shows how to write it, a VALUE
/// that starts with `-` gets told about `--`, and an OpenStep file takes a new string without
/// `--type`.
@Suite("key path edits")
struct KeyPathEditRegressionTests {
  /// `Samples/computers.plist` (227 names) in `format`, in a new folder.
  static func computers(_ format: PropertyListFormat) throws -> (folder: TemporaryDirectory, path: String) {
    let folder = try TemporaryDirectory()
    let sample = Array(try Data(contentsOf: URL(fileURLWithPath: CLI.sample("computers.plist"))))
    let path = try folder.file("computers.plist", try PropertyList(bytes: sample).serialized(as: format))
    return (folder, path)
  }

  static func names(_ run: CLI.Run) throws -> [PropertyList] {
    #expect(run.status == 0, "\(run.stderr)")
    return try #require(try PropertyList(bytes: run.stdout).arrayValue)
  }

  @Test(
    "set, insert and move take -1 as get and remove do, in a text and a binary file",
    arguments: [PropertyListFormat.xml, .binary])
  func negativeIndices(_ format: PropertyListFormat) throws {
    let (_, path) = try Self.computers(format)
    let original = try Self.names(try CLI.run(["convert", path, "--to", "xml", "-o", "-"]))
    #expect(original.count == 227)
    let first = original[0]
    let last = original[226]
    let middle = Array(original[1..<226])
    #expect(try CLI.run(["get", path, "-1"]).output == "\u{F8FF}TV\n")

    #expect(try Self.names(try CLI.run(["set", path, "-1", "Apple TV", "-o", "-"])) == [first] + middle + ["Apple TV"])
    #expect(
      try Self.names(try CLI.run(["insert", path, "-1", "Newton", "--type", "string", "-o", "-"]))
        == [first] + middle + ["Newton", last])
    #expect(try Self.names(try CLI.run(["move", path, "-1", "0", "-o", "-"])) == [last, first] + middle)
    // After the first name is taken out, -1 is the last name still: the first goes before it.
    #expect(try Self.names(try CLI.run(["move", path, "0", "-1", "-o", "-"])) == middle + [first, last])

    for words in [
      ["set", path, "-228", "x"], ["set", path, "-228", "x", "--type", "string"],
      ["insert", path, "-228", "x", "--type", "string"], ["move", path, "-228", "0"],
    ] {
      let run = try CLI.run(words)
      #expect(run.status == 1, "\(words)")
      #expect(run.stderr == "plistkit: \(path): -228: index -228 is out of range (the array has 227 elements)\n")
    }
    let moved = try CLI.run(["move", path, "0", "-227"])
    #expect(moved.stderr == "plistkit: \(path): -227: index -227 is out of range (the array has 226 elements)\n")
    #expect(try Self.names(try CLI.run(["convert", path, "--to", "xml", "-o", "-"])) == original)
  }

  @Test("an insert into an archived array at a negative index goes before that element instead of crashing")
  func archiveInsert() throws {
    let folder = try TemporaryDirectory()
    let output = folder.url.appendingPathComponent("p.plist").path
    let run = try CLI.run([
      "insert", "--archive", CLI.sample("Presidents.plist"), "Presidents.-1", "Nobody", "--type", "string", "-o",
      output,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try CLI.run(["get", "--archive", output, "Presidents.-2"]).output == "Nobody\n")
    #expect(try CLI.run(["get", "--archive", output, "Presidents.-1.Name"]).output == "George Walker Bush\n")
  }

  static let entitlements = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>com.apple.security.app-sandbox</key>
    \t<true/>
    </dict>
    </plist>

    """

  @Test("a key with dots read as several components: the error shows the key path with its dots escaped")
  func dottedKey() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("App.entitlements", Self.entitlements)
    let expected =
      "plistkit: \(path): com: no such key; 'com.apple.security.app-sandbox' is one key, whose dots a key path "
      + "escapes: 'com\\.apple\\.security\\.app-sandbox'\n"
    for words in [
      ["get", path, "com.apple.security.app-sandbox"],
      // Not "missing option --type": the key path is what is wrong.
      ["set", path, "com.apple.security.app-sandbox", "false"],
      ["set", path, "com.apple.security.app-sandbox", "false", "--type", "bool"],
      ["remove", path, "com.apple.security.app-sandbox"],
    ] {
      let run = try CLI.run(words)
      #expect(run.status == 1, "\(words)")
      #expect(run.stderr == expected, "\(words)")
    }
    #expect(try folder.contents("App.entitlements") == Array(Self.entitlements.utf8))
    let escaped = try CLI.run(["set", path, "com\\.apple\\.security\\.app-sandbox", "false"])
    #expect(escaped.status == 0, "\(escaped.stderr)")
    #expect(
      String(decoding: try folder.contents("App.entitlements"), as: UTF8.self)
        == Self.entitlements.replacingOccurrences(of: "<true/>", with: "<false/>"))
  }

  static let buildSettings = "objects.4A1B2C3D2B00000700ABCDEF.buildSettings.OTHER_LDFLAGS"

  @Test("a VALUE that starts with - and is read as an option gets told to come after --")
  func valueLikeAnOption() throws {
    let refused = try CLI.run(["set", CLI.sample("project.pbxproj"), Self.buildSettings, "-ObjC", "-o", "-"])
    #expect(refused.status == 2)
    #expect(
      refused.stderr
        == "plistkit: set: unknown option '-ObjC'; if it is an argument, write -- before it: -- -ObjC "
        + "(see 'plistkit help set')\n")
    // A close option name is still the hint.
    let typo = try CLI.run(["set", CLI.sample("project.pbxproj"), Self.buildSettings, "x", "--tpye", "string"])
    #expect(typo.stderr == "plistkit: set: unknown option '--tpye'; did you mean '--type'? (see 'plistkit help set')\n")
  }

  @Test("a VALUE that reads as a short option with its value attached (-objc is -o bjc) gets told to come after --")
  func valueLikeAShortOption() throws {
    let folder = try TemporaryDirectory()
    let original: PropertyList = ["A": "x"]
    let path = try folder.file("Info.plist", try original.serialized(as: .xml))
    let before = try folder.contents("Info.plist")
    for arguments in [["set", path, "A", "-objc"], ["insert", path, "B", "-objc", "--type", "string"]] {
      let refused = try CLI.run(arguments)
      #expect(refused.status == 2)
      #expect(
        refused.stderr
          == "plistkit: \(arguments[0]): missing argument VALUE ('-objc' was read as option -o with 'bjc'; "
          + "a value that starts with '-' goes after '--': -- -objc) (see 'plistkit help \(arguments[0])')\n")
    }
    #expect(try folder.contents("Info.plist") == before)
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/bjc"))
    #expect(try CLI.run(["set", path, "A", "--", "-objc"]).status == 0)
    #expect(try PropertyList(bytes: try folder.contents("Info.plist")) == ["A": "-objc"])
  }

  @Test("a new value in an OpenStep file is a string without --type")
  func openStepNeedsNoType() throws {
    let original = String(
      decoding: try Data(contentsOf: URL(fileURLWithPath: CLI.sample("project.pbxproj"))), as: UTF8.self)
    let expected = original.replacingOccurrences(
      of: "\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER",
      with: "\t\t\t\tOTHER_LDFLAGS = \"-ObjC\";\n\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER")
    for command in ["set", "insert"] {
      let run = try CLI.run([command, CLI.sample("project.pbxproj"), Self.buildSettings, "-o", "-", "--", "-ObjC"])
      #expect(run.status == 0, "\(command): \(run.stderr)")
      #expect(run.output == expected, "\(command)")
    }

    let folder = try TemporaryDirectory()
    let strings = try folder.file("Localizable.strings", "/* Greeting */\n\"hello\" = \"Hello\";\n")
    #expect(try CLI.run(["set", strings, "bye", "Goodbye"]).status == 0)
    #expect(try CLI.run(["insert", strings, "thanks", "Thank you"]).status == 0)
    #expect(
      String(decoding: try folder.contents("Localizable.strings"), as: UTF8.self)
        == "/* Greeting */\n\"hello\" = \"Hello\";\n\"bye\" = \"Goodbye\";\n\"thanks\" = \"Thank you\";\n")

    // Any other format still needs it.
    let xml = try folder.file("settings.plist", "<plist><dict/></plist>")
    let insert = try CLI.run(["insert", xml, "k", "v"])
    #expect(insert.status == 2)
    #expect(
      insert.stderr
        == "plistkit: insert: missing option --type TYPE (only an OpenStep file, whose values are all strings, takes "
        + "VALUE as a string without it) (see 'plistkit help insert')\n")
    let set = try CLI.run(["set", xml, "k", "v"])
    #expect(
      set.stderr
        == "plistkit: set: missing option --type TYPE: there is no value at 'k' whose type to keep "
        + "(see 'plistkit help set')\n")
  }
}
