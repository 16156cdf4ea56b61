import Foundation
import PlistKit
import Testing

/// `set`, `insert`, `remove`, `--archive` and plutil mode on text files change only the edited
/// bytes; `--reformat` rewrites the whole file; `convert --to pbxproj` writes Xcode's layout.
@Suite("editing text files in place")
struct DocumentEditCommandTests {
  /// A project file Xcode wrote (the corpus's `xcode/`, from CocoaPods/Xcodeproj).
  static func fixture(_ name: String) throws -> [UInt8] { try Corpus.bytes("xcode/" + name) }

  static func utf16(_ bytes: [UInt8]) -> String {
    let units = stride(from: 2, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 }
    return String(decoding: units, as: UTF16.self)
  }

  @Test func aStringsFileKeepsItsEncodingCommentsAndQuotes() throws {
    let folder = try TemporaryDirectory()
    let original = Array(try Data(contentsOf: URL(fileURLWithPath: CLI.sample("Localizable.strings"))))
    let path = try folder.file("Localizable.strings", original)
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
    let run = try CLI.run(["set", path, "new\\.key", "Hi", "--type", "string"])
    #expect(run.status == 0, "\(run.stderr)")
    let edited = try folder.contents("Localizable.strings")
    #expect(edited.starts(with: [0xFF, 0xFE]))
    #expect(Self.utf16(edited) == Self.utf16(original) + "\"new.key\" = \"Hi\";\n")
    #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o640)
  }

  @Test(.needsCorpus("xcode")) func aProjectFileChangesOnlyTheLinesXcodeWouldChange() throws {
    let folder = try TemporaryDirectory()
    let original = try Self.fixture("cocoa-application.pbxproj")
    let path = try folder.file("project.pbxproj", original)
    let run = try CLI.run(["set", path, "objects.E525239C16245A900012E2BA.path", "AppMain.m", "--type", "string"])
    #expect(run.status == 0, "\(run.stderr)")
    let before = String(decoding: original, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    let after = String(decoding: try folder.contents("project.pbxproj"), as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(before.count == after.count)
    #expect(before.indices.filter { before[$0] != after[$0] }.count == 4)
  }

  static let brokenFiles: [(name: String, text: String, error: String)] = [
    ("broken.plist", "// comment\n{ a = 1 }\n", "broken.plist:2:9: expected ';' after dictionary entry, found '}'"),
    (
      "broken-xml.plist",
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>a</key>\n</dict>\n</plist>\n",
      "broken-xml.plist:5:1: expected a value for key 'a' inside <dict>, found '</dict>'"
    ),
    ("broken.json", "{\n  \"a\": 1,\n  \"b\": \n}\n", "broken.json:4:1: expected a value, found '}'"),
    (
      "broken.strings", "/* c */\n\"a\" = \"b\"\n\"c\" = \"d\";\n",
      "broken.strings:3:1: expected ';' after dictionary entry, found '\"'"
    ),
  ]

  @Test(arguments: brokenFiles.indices)
  func anInvalidFileGetsTheReadersErrorAndStaysAsItWas(_ index: Int) throws {
    let (name, text, error) = Self.brokenFiles[index]
    let folder = try TemporaryDirectory()
    let broken = Array(text.utf8)
    let path = try folder.file(name, broken)
    for words in [
      ["set", path, "a", "x", "--type", "string"], ["remove", path, "a"], ["plutil", "-remove", "a", path],
      ["plutil", "-replace", "a", "-string", "x", path], ["insert", path, "z", "x", "--type", "string"],
    ] {
      let run = try CLI.run(words)
      #expect(run.status == 1, "\(words)")
      #expect(run.stderr.contains(error), "\(words): \(run.stderr)")
      #expect(try folder.contents(name) == broken, "\(words)")
    }
  }

  @Test func reformatRewritesTheWholeFile() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("settings.plist", "// settings\n{ a = 1; b = (x, y); }\n")
    #expect(try CLI.run(["set", path, "a", "2", "--type", "string"]).status == 0)
    #expect(
      String(decoding: try folder.contents("settings.plist"), as: UTF8.self) == "// settings\n{ a = 2; b = (x, y); }\n")
    #expect(try CLI.run(["set", path, "a", "3", "--type", "string", "--reformat"]).status == 0)
    #expect(
      String(decoding: try folder.contents("settings.plist"), as: UTF8.self)
        == "{\n\ta = 3;\n\tb = (\n\t\tx,\n\t\ty,\n\t);\n}\n")
  }

  @Test func insertAndRemoveKeepJSONLayout() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("config.json", "{\n    \"name\": \"demo\",\n    \"tags\": [\"a\"]\n}\n")
    #expect(try CLI.run(["insert", path, "tags", "b", "--type", "string", "--append"]).status == 0)
    #expect(try CLI.run(["insert", path, "on", "true", "--type", "bool"]).status == 0)
    #expect(try CLI.run(["remove", path, "name"]).status == 0)
    #expect(
      String(decoding: try folder.contents("config.json"), as: UTF8.self)
        == "{\n    \"tags\": [\"a\", \"b\"],\n    \"on\": true\n}\n")
  }

  @Test func plutilModeEditsKeepComments() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file(
      "Info.plist",
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<!-- the version -->\n\t<key>CFBundleVersion</key>\n\t<string>1</string>\n</dict>\n</plist>\n"
    )
    let run = try CLI.run(["plutil", "-replace", "CFBundleVersion", "-string", "2", path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      String(decoding: try folder.contents("Info.plist"), as: UTF8.self)
        == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<!-- the version -->\n\t<key>CFBundleVersion</key>\n\t<string>2</string>\n</dict>\n</plist>\n"
    )
  }

  @Test func archiveEditsOfAnXMLArchiveGoThroughTheDocument() throws {
    let folder = try TemporaryDirectory()
    let path = folder.url.appendingPathComponent("p.plist").path
    #expect(try CLI.run(["convert", CLI.sample("Presidents.plist"), "--to", "xml", "-o", path]).status == 0)
    var text = String(decoding: try folder.contents("p.plist"), as: UTF8.self)
    text = text.replacingOccurrences(of: "<plist version=\"1.0\">\n", with: "<plist version=\"1.0\">\n<!-- kept -->\n")
    try folder.file("p.plist", text)
    let run = try CLI.run(["set", "--archive", path, "Presidents.0.Party", "Independent", "--type", "string"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try CLI.run(["get", "--archive", path, "Presidents.0.Party"]).output == "Independent\n")
    #expect(try CLI.run(["get", "--archive", path, "Presidents.1.Party"]).output == "Federalist\n")
    // The archive is written again in the archiver's numbering, through the document: the
    // comment outside the value stays.
    #expect(String(decoding: try folder.contents("p.plist"), as: UTF8.self).contains("<!-- kept -->"))
  }

  @Test(
    .needsCorpus("xcode"), arguments: [("cocoa-application.pbxproj", "Cocoa Application"), ("emoji.pbxproj", "Emoji")])
  func xcodesFileComesBackThroughJSON(file: String, name: String) throws {
    let original = try Self.fixture(file)
    let json = try CLI.run(["convert", "-", "--to", "json"], stdin: original)
    #expect(json.status == 0)
    let back = try CLI.run(
      ["convert", "-", "--from", "json", "--to", "pbxproj", "--project-name", name], stdin: json.stdout)
    #expect(back.status == 0, "\(back.stderr)")
    #expect(back.stdout == original)
  }

  @Test(.needsCorpus("xcode")) func theProjectNameComesFromTheXcodeprojFolder() throws {
    let folder = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("Emoji.xcodeproj"), withIntermediateDirectories: true)
    let json = try folder.file(
      "project.json", try CLI.run(["convert", "-", "--to", "json"], stdin: try Self.fixture("emoji.pbxproj")).stdout)
    let out = folder.url.appendingPathComponent("Emoji.xcodeproj/project.pbxproj").path
    #expect(try CLI.run(["convert", json, "--to", "pbxproj", "-o", out]).status == 0)
    #expect(try folder.contents("Emoji.xcodeproj/project.pbxproj") == (try Self.fixture("emoji.pbxproj")))
  }

  /// `--reformat` writes a JSON file that the reader took as typed JSON typed again: its
  /// dates, data, UIDs and NaN became plain strings and dictionaries.
  @Test func reformattingTypedJSONKeepsItTyped() throws {
    let folder = try TemporaryDirectory()
    let text =
      #"{"a": {"$date": "2001-01-01T00:00:00Z"}, "b": {"$data": "AAE="}, "n": {"$real": "NaN"}, "u": {"$uid": 3}}"#
    let path = try folder.file("typed.json", text)
    let run = try CLI.run(["set", path, "c", "2", "--type", "integer", "--reformat"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      String(decoding: try folder.contents("typed.json"), as: UTF8.self)
        == "{\n  \"a\": {\"$date\": \"2001-01-01T00:00:00Z\"},\n  \"b\": {\"$data\": \"AAE=\"},\n"
        + "  \"n\": {\"$real\": \"NaN\"},\n  \"u\": {\"$uid\": 3},\n  \"c\": 2\n}\n")
  }
}
