import Foundation
import Testing

/// String Catalogs through git merge with the driver `plistkit git install` sets up: strings and
/// languages added on two branches merge, in Xcode's layout; one translation changed two ways
/// stops the merge with its path.
@Suite("git merge of String Catalogs")
struct CatalogGitMergeTests {
  typealias Repository = GitIntegrationTests.Repository

  /// A catalog in Xcode's layout, each string with its translations.
  static func catalog(_ strings: [(String, [(String, String)])]) -> String {
    let entries = strings.map { key, translations in
      let localizations = translations.map { language, text in
        "        \"\(language)\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n"
          + "            \"value\" : \"\(text)\"\n          }\n        }"
      }
      return "    \"\(key)\" : {\n"
        + (localizations.isEmpty
          ? "\n    }" : "      \"localizations\" : {\n" + localizations.joined(separator: ",\n") + "\n      }\n    }")
    }
    return "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n" + entries.joined(separator: ",\n")
      + "\n  },\n  \"version\" : \"1.0\"\n}"
  }

  static let name = "App/Localizable.xcstrings"

  /// A repository with a catalog at `base`, then `feature` and `main` each writing their own.
  static func branches(base: String, feature: String, main: String) throws -> Repository {
    let repository = try Repository(drivers: .installed)
    try FileManager.default.createDirectory(atPath: repository.folder.path + "/App", withIntermediateDirectories: true)
    try repository.folder.file(name, base)
    try repository.commitAll("base")
    try repository.run("checkout", "-q", "-b", "feature")
    try repository.folder.file(name, feature)
    try repository.commitAll("feature")
    try repository.run("checkout", "-q", "main")
    try repository.folder.file(name, main)
    try repository.commitAll("main")
    return repository
  }

  @Test("strings and translations added on two branches merge cleanly, in Xcode's order")
  func cleanMerge() throws {
    let repository = try Self.branches(
      base: Self.catalog([("Done", [("de", "Fertig")])]),
      feature: Self.catalog([("Cancel", [("de", "Abbrechen")]), ("Done", [("de", "Fertig"), ("fr", "Terminé")])]),
      main: Self.catalog([("Done", [("de", "Fertig"), ("ja", "完了")]), ("Save", [("ja", "保存")])]))
    let merge = try repository.run("merge", "-q", "--no-edit", "feature", allowFailure: true)
    #expect(merge.status == 0, "\(merge.output)\(merge.stderr)")
    let merged = String(decoding: try repository.folder.contents(Self.name), as: UTF8.self)
    #expect(
      merged
        == Self.catalog([
          ("Cancel", [("de", "Abbrechen")]), ("Done", [("de", "Fertig"), ("fr", "Terminé"), ("ja", "完了")]),
          ("Save", [("ja", "保存")]),
        ]))
    #expect(try repository.run("status", "--porcelain").output == "")
  }

  @Test("one translation changed two ways is a conflict named by its path, and OURS stays")
  func conflict() throws {
    let main = Self.catalog([("Done", [("de", "Erledigt")])])
    let repository = try Self.branches(
      base: Self.catalog([("Done", [("de", "Fertig")])]), feature: Self.catalog([("Done", [("de", "Fertig!")])]),
      main: main)
    let merge = try repository.run("merge", "--no-edit", "feature", allowFailure: true)
    #expect(merge.status != 0)
    #expect(
      merge.output.contains(
        #"App/Localizable.xcstrings: CONFLICT strings.Done.localizations.de.stringUnit.value (both changed): BASE "Fertig" | OURS "Erledigt" | THEIRS "Fertig!""#
      ), "\(merge.output)")
    #expect(String(decoding: try repository.folder.contents(Self.name), as: UTF8.self) == main)
    #expect(try repository.run("status", "--porcelain").output == "UU App/Localizable.xcstrings\n")
  }
}
