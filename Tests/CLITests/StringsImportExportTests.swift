import Foundation
import PlistKit
import Testing

/// `plistkit strings import` and `export`, run as a user runs them, on `.lproj` folders the
/// test writes.
@Suite("strings import and export")
struct StringsImportExportTests {
  @Test("import makes one catalog in Xcode's layout; export writes the same files back")
  func importThenExport() throws {
    let folder = try TemporaryDirectory()
    try LocalizationFixture.write(in: folder.url.appendingPathComponent("Resources"))
    let imported = try CLI.run(["strings", "import", "Resources", "-o", "App.xcstrings"], directory: folder.path)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stderr == "")
    #expect(String(decoding: try folder.contents("App.xcstrings"), as: UTF8.self) == LocalizationFixture.catalog)

    let exported = try CLI.run(
      ["strings", "export", "App.xcstrings", "-o", "Out", "--table", "Localizable"], directory: folder.path)
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(exported.stderr == "")
    #expect(
      String(decoding: try folder.contents("Out/de.lproj/Localizable.strings"), as: UTF8.self)
        == LocalizationFixture.german)
    // The source language has every key, the plural's with its key as its text.
    #expect(
      String(decoding: try folder.contents("Out/en.lproj/Localizable.strings"), as: UTF8.self)
        == "\"%lld files\" = \"%lld files\";\n\n" + LocalizationFixture.english)
    // The plural's variable is named `count` now; its rule, value type and cases are the same.
    let plurals = try PropertyList(bytes: try folder.contents("Out/de.lproj/Localizable.stringsdict"))
    let original = try PropertyList(bytes: Array(LocalizationFixture.germanPlurals.utf8))
    let entry = try #require(plurals.dictionaryValue?["%lld files"]?.dictionaryValue)
    #expect(entry.keys == ["NSStringLocalizedFormatKey", "count"])
    #expect(entry["NSStringLocalizedFormatKey"] == "%#@count@")
    #expect(entry["count"] == original.dictionaryValue?["%lld files"]?.dictionaryValue?["files"])
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/Out/en.lproj/Localizable.stringsdict"))
  }

  @Test("export in UTF-16 names the table after the file and warns of what .strings files cannot hold")
  func exportInUTF16WithWarnings() throws {
    let folder = try TemporaryDirectory()
    try folder.file("Main.xcstrings", CatalogFixture.text)
    let run = try CLI.run(
      ["strings", "export", "Main.xcstrings", "-o", "Out", "--encoding", "utf-16"], directory: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "plistkit: warning: key 'Sign in' (de): the state needs_review is not kept: .strings and .stringsdict files have no states\n"
      ), "\(run.stderr)")
    let german = try folder.contents("Out/de.lproj/Main.strings")
    #expect(Array(german.prefix(4)) == [0xFF, 0xFE, 0x22, 0x00])
  }

  @Test("a missing folder, table or -o is an error with its exit status")
  func errors() throws {
    let folder = try TemporaryDirectory()
    try LocalizationFixture.write(in: folder.url.appendingPathComponent("Resources"))
    let missing = try CLI.run(["strings", "import", "Nowhere", "-o", "x.xcstrings"], directory: folder.path)
    #expect(missing.status == 1)
    #expect(missing.stderr == "plistkit: Nowhere: cannot read the folder: No such file or directory\n")
    let table = try CLI.run(
      ["strings", "import", "Resources", "-o", "x.xcstrings", "--table", "Main"], directory: folder.path)
    #expect(table.status == 1)
    #expect(table.stderr == "plistkit: Resources: no .lproj folder has a table named 'Main'\n")
    try folder.file("Resources/en.lproj/Localizable.strings", "\"a\" = (\"b\");\n")
    let invalid = try CLI.run(["strings", "import", "Resources", "-o", "x.xcstrings"], directory: folder.path)
    #expect(invalid.status == 1)
    #expect(
      invalid.stderr
        == "plistkit: Resources/en.lproj/Localizable.strings: a: the value of a .strings entry must be a string, found array\n"
    )
    let output = try CLI.run(["strings", "import", "Resources"], directory: folder.path)
    #expect(output.status == 2)
    #expect(output.stderr == "plistkit: strings: import needs -o FILE.xcstrings (see 'plistkit help strings')\n")
    let option = try CLI.run(
      ["strings", "export", "x.xcstrings", "-o", "Out", "--source-language", "de"], directory: folder.path)
    #expect(option.status == 2)
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/x.xcstrings"))
  }
}
