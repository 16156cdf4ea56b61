import PlistDiff
import PlistKit
import StringCatalogs
import Testing

@Suite struct StringCatalogMergeTests {
  /// A catalog in Xcode's layout with `strings` (each a key and its German text, if any).
  static func catalog(_ strings: [(String, [(String, String)])]) -> [UInt8] {
    let entries = strings.map { key, translations in
      let localizations = translations.map { language, text in
        "        \"\(language)\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n"
          + "            \"value\" : \"\(text)\"\n          }\n        }"
      }
      return "    \"\(key)\" : {\n"
        + (localizations.isEmpty
          ? "\n    }" : "      \"localizations\" : {\n" + localizations.joined(separator: ",\n") + "\n      }\n    }")
    }
    return Array(
      ("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n" + entries.joined(separator: ",\n")
        + "\n  },\n  \"version\" : \"1.0\"\n}").utf8)
  }

  @Test func keysAndLanguagesAddedOnEachSideMergeInXcodesOrder() throws {
    let base = Self.catalog([("Done", [("de", "Fertig")])])
    let ours = Self.catalog([("Done", [("de", "Fertig"), ("fr", "Terminé")]), ("Add", [("de", "Hinzufügen")])])
    let theirs = Self.catalog([("Done", [("de", "Fertig"), ("ja", "完了")]), ("Zoom", [])])
    let result = try StringCatalogMerge().merge(base: base, ours: ours, theirs: theirs)
    #expect(result.conflicts.isEmpty)
    let expected = Self.catalog([
      ("Add", [("de", "Hinzufügen")]), ("Done", [("de", "Fertig"), ("fr", "Terminé"), ("ja", "完了")]), ("Zoom", []),
    ])
    #expect(String(decoding: result.bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
  }

  @Test func aStringBothSidesAddedMergesByLanguage() throws {
    let base = Self.catalog([])
    let ours = Self.catalog([("New", [("de", "Neu")])])
    let theirs = Self.catalog([("New", [("fr", "Nouveau")])])
    let result = try StringCatalogMerge().merge(base: base, ours: ours, theirs: theirs)
    #expect(result.conflicts.isEmpty)
    #expect(result.bytes == Self.catalog([("New", [("de", "Neu"), ("fr", "Nouveau")])]))
    // git's add/add: no base at all.
    #expect(try StringCatalogMerge().merge(base: [], ours: ours, theirs: theirs).bytes == result.bytes)
  }

  @Test func theSameTranslationChangedDifferentlyIsAConflictAtItsPath() throws {
    let base = Self.catalog([("Done", [("de", "Fertig")]), ("Open", [])])
    let ours = Self.catalog([("Done", [("de", "Erledigt")]), ("Open", [])])
    let theirs = Self.catalog([("Done", [("de", "Fertig!")]), ("Open", [("de", "Öffnen")])])
    let result = try StringCatalogMerge(resolution: .theirs).merge(base: base, ours: ours, theirs: theirs)
    #expect(
      result.conflicts == [
        PropertyListConflict(
          kind: .changedOnBothSides, path: "strings.Done.localizations.de.stringUnit.value", base: "Fertig",
          ours: "Erledigt", theirs: "Fertig!")
      ])
    #expect(result.bytes == Self.catalog([("Done", [("de", "Fertig!")]), ("Open", [("de", "Öffnen")])]))
  }

  @Test func tellsCatalogsFromOtherJSON() throws {
    #expect(StringCatalogMerge.isCatalog(try PropertyList(bytes: Self.catalog([]))))
    #expect(!StringCatalogMerge.isCatalog(try PropertyList(bytes: Array(#"{"strings": {}}"#.utf8))))
  }
}
