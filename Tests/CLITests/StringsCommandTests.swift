import Foundation
import PlistKit
import Testing

/// `plistkit strings`: check, search and format String Catalogs.
@Suite("strings")
struct StringsCommandTests {
  static func catalog(_ folder: TemporaryDirectory, _ name: String = "Localizable.xcstrings") throws -> String {
    try folder.file(name, CatalogFixture.text)
  }

  @Test("check prints each problem at its string's key, and exits 1 on errors")
  func check() throws {
    let folder = try TemporaryDirectory()
    let path = try Self.catalog(folder)
    let run = try CLI.run(["strings", "check", path])
    #expect(run.status == 1)
    #expect(run.stderr == "")
    #expect(
      run.output == """
        \(path):4:5: error: plural variation has no 'other' case [%lld files, fr]
        \(path):44:5: error: format specifiers '%d' differ from the source's '%@': argument 1 is integer, the source's is object [Hello, %@!, fr]
        \(path):60:5: warning: no translation [Sign in, fr]
        \(path):60:5: warning: state is needs_review [Sign in, de]

        """)
  }

  @Test("check reads .strings and .stringsdict files too: a repeated key, an undefined variable")
  func checkLegacyFiles() throws {
    let folder = try TemporaryDirectory()
    let strings = try folder.file("Localizable.strings", "\"a\" = \"1\";\n\"b\" = \"2\";\n\"a\" = \"3\";\n")
    let stringsdict = try folder.file(
      "Localizable.stringsdict",
      """
      <plist version="1.0">
      <dict>
      \t<key>songs</key>
      \t<dict>
      \t\t<key>NSStringLocalizedFormatKey</key>
      \t\t<string>%#@n@</string>
      \t</dict>
      </dict>
      </plist>

      """)
    let run = try CLI.run(["strings", "check", strings, stringsdict])
    #expect(run.status == 1)
    #expect(
      run.output == """
        \(strings):3:1: error: key 'a' repeats (first at line 1, column 1); the last value is kept [a]
        \(stringsdict):3:2: error: variable 'n' is referred to but not defined [songs]

        """)
  }

  @Test("warnings alone exit 0, and 1 with --strict, where they print as errors; a clean file is OK")
  func strict() throws {
    let folder = try TemporaryDirectory()
    let text = CatalogFixture.text.replacing("\"value\" : \"Bonjour, %d !\"", with: "\"value\" : \"Bonjour, %@ !\"")
      .replacing("\"many\" : {", with: "\"other\" : {")
    let path = try folder.file("Warnings.xcstrings", text)
    let plain = try CLI.run(["strings", "check", path])
    #expect(plain.status == 0)
    #expect(plain.output.split(separator: "\n").map { $0.contains("warning:") } == [true, true])
    let strict = try CLI.run(["strings", "check", "--strict", path])
    #expect(strict.status == 1)
    #expect(strict.output.split(separator: "\n").map { $0.contains(": error: ") } == [true, true])
    let clean = try folder.file("Clean.xcstrings", "{\"sourceLanguage\":\"en\",\"strings\":{},\"version\":\"1.0\"}")
    let ok = try CLI.run(["strings", "check", clean])
    #expect(ok.status == 0)
    #expect(ok.output == "\(clean): OK\n")
  }

  @Test("check --format json has an entry per file with its problems")
  func checkJSON() throws {
    let folder = try TemporaryDirectory()
    let path = try Self.catalog(folder)
    let run = try CLI.run(["strings", "check", path, "--format", "json"])
    #expect(run.status == 1)
    let value = try PropertyList(bytes: run.stdout, format: .json)
    let entry = try #require(value.arrayValue?.first?.dictionaryValue)
    #expect(entry["file"] == .string(path))
    #expect(entry["strings"] == 4)
    #expect(entry["errors"] == 2)
    #expect(entry["warnings"] == 2)
    #expect(
      entry["problems"]?.arrayValue?.first
        == [
          "severity": "error", "kind": "plural-without-other", "line": 4, "column": 5, "key": "%lld files",
          "language": "fr", "message": "plural variation has no 'other' case",
        ])
  }

  @Test("a file that cannot be read is trouble, exit 2, and the other files are still checked")
  func unreadable() throws {
    let folder = try TemporaryDirectory()
    let broken = try folder.file("Broken.xcstrings", "{\"sourceLanguage\": 1}")
    let clean = try folder.file("Clean.xcstrings", "{\"sourceLanguage\":\"en\",\"strings\":{},\"version\":\"1.0\"}")
    let run = try CLI.run(["strings", "check", broken, clean])
    #expect(run.status == 2)
    #expect(run.stderr == "plistkit: \(broken):1:20: sourceLanguage: expected a string, found an integer\n")
    #expect(run.output == "\(clean): OK\n")
  }

  @Test("search matches as filter does, in every language or one")
  func search() throws {
    let folder = try TemporaryDirectory()
    let path = try Self.catalog(folder)
    let all = try CLI.run(["strings", "search", path, "DATEI"])
    #expect(all.status == 0)
    #expect(all.output == "%lld files [de]: Eine Datei\n%lld files [de]: %lld Dateien\n")
    let keys = try CLI.run(["strings", "search", path, "hello", "--language", "en"])
    #expect(keys.output == "Hello, %@! [en]: Hello, %@!\n")
    let marks = try CLI.run(["strings", "search", path, "fichiers", "-d", "--format", "json"])
    #expect(
      try PropertyList(bytes: marks.stdout, format: .json) == [
        ["key": "%lld files", "language": "fr", "text": "%lld fichiers"]
      ])
    let none = try CLI.run(["strings", "search", path, "xyz"])
    #expect(none.status == 1)
    #expect(none.output == "")
  }

  @Test("format writes Xcode's order in place, leaves an Xcode file alone, and writes -o")
  func format() throws {
    let folder = try TemporaryDirectory()
    let shuffled = try folder.file(
      "Shuffled.xcstrings",
      "{\"version\":\"1.0\",\"strings\":{\"b\":{},\"AddServer\":{},\"AddedSuccessfully\":{},\"Item 10\":{},\"Item 2\":{}},\"sourceLanguage\":\"en\"}"
    )
    #expect(try CLI.run(["strings", "format", shuffled]).status == 0)
    #expect(
      try String(contentsOfFile: shuffled, encoding: .utf8) == """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "AddedSuccessfully" : {

            },
            "AddServer" : {

            },
            "b" : {

            },
            "Item 2" : {

            },
            "Item 10" : {

            }
          },
          "version" : "1.0"
        }
        """)
    let path = try Self.catalog(folder)
    let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    Thread.sleep(forTimeInterval: 0.01)
    #expect(try CLI.run(["strings", "format", path]).status == 0)
    #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == before)
    let copy = folder.path + "/Copy.xcstrings"
    #expect(try CLI.run(["strings", "format", shuffled, "-o", copy]).status == 0)
    #expect(FileManager.default.contents(atPath: copy) == FileManager.default.contents(atPath: shuffled))
  }

  @Test("an edit through the document layer keeps Xcode's layout elsewhere; format then orders a new member")
  func documentEdit() throws {
    let folder = try TemporaryDirectory()
    let path = try Self.catalog(folder)
    let set = try CLI.run(["set", path, "strings.Sign in.localizations.de.stringUnit.value", "Einloggen"])
    #expect(set.status == 0)
    let edited = try String(contentsOfFile: path, encoding: .utf8)
    #expect(edited == CatalogFixture.text.replacing("\"value\" : \"Anmelden\"", with: "\"value\" : \"Einloggen\""))
    // A new member goes last, where the document layer appends; format puts it in Xcode's place.
    #expect(try CLI.run(["set", path, "strings.Version.comment", "The app's version", "--type", "string"]).status == 0)
    #expect(
      try String(contentsOfFile: path, encoding: .utf8).contains(
        "\"shouldTranslate\" : false,\n      \"comment\" : \"The app's version\"\n"))
    #expect(try CLI.run(["strings", "format", path]).status == 0)
    #expect(
      try String(contentsOfFile: path, encoding: .utf8).contains(
        "\"comment\" : \"The app's version\",\n      \"shouldTranslate\" : false\n"))
  }

  @Test("an unknown action, or an option of another action, is a usage error")
  func usage() throws {
    let unknown = try CLI.run(["strings", "chek", "a.xcstrings"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.hasPrefix("plistkit: strings: unknown action 'chek'; expected check, search, format"))
    let wrong = try CLI.run(["strings", "format", "a.xcstrings", "--language", "de"])
    #expect(wrong.status == 2)
    #expect(wrong.stderr == "plistkit: strings: --language is not an option of format (see 'plistkit help strings')\n")
  }

  @Test(
    "each action refuses the options of the others, import's and export's included; a choice given as its default passes"
  )
  func optionsOfOtherActions() throws {
    let refusals = [
      (["check", "a.xcstrings", "--table", "Main"], "--table is not an option of check"),
      (["search", "a.xcstrings", "x", "--encoding", "utf-16"], "--encoding is not an option of search"),
      (["format", "a.xcstrings", "--source-language", "de"], "--source-language is not an option of format"),
      (["import", "Resources", "-o", "a.xcstrings", "--encoding", "utf-8"], "--encoding is not an option of import"),
      (
        ["export", "a.xcstrings", "-o", "Resources", "--source-language", "de"],
        "--source-language is not an option of export"
      ),
      // The first in the order help lists the options.
      (["export", "a.xcstrings", "--strict", "--format", "json"], "--format is not an option of export"),
    ]
    for (arguments, message) in refusals {
      let run = try CLI.run(["strings"] + arguments)
      #expect(run.status == 2)
      #expect(run.stderr == "plistkit: strings: \(message) (see 'plistkit help strings')\n")
    }
    let folder = try TemporaryDirectory()
    let path = try Self.catalog(folder)
    let out = folder.url.appendingPathComponent("out.xcstrings").path
    let plain = folder.url.appendingPathComponent("plain.xcstrings").path
    let asDefault = try CLI.run(["strings", "format", path, "--format", "text", "-o", out])
    #expect(asDefault.status == 0)
    #expect(asDefault.stderr == "")
    #expect(try CLI.run(["strings", "format", path, "-o", plain]).status == 0)
    #expect(try folder.contents("out.xcstrings") == folder.contents("plain.xcstrings"))
  }
}
