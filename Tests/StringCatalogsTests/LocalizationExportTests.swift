import PlistKit
import StringCatalogs
import Testing

@Suite struct LocalizationExportTests {
  private static func unit(
    _ value: String, _ state: StringCatalog.TranslationState = .translated
  )
    -> StringCatalog.Localization
  {
    StringCatalog.Localization(stringUnit: .init(state: state, value: value))
  }

  private let catalog = StringCatalog(
    sourceLanguage: "en",
    strings: KeyedList([
      .init(key: "Done", value: .init(comment: "Finishes.", localizations: KeyedList(["de": unit("Fertig")]))),
      .init(
        key: "%lld files",
        value: .init(
          localizations: KeyedList([
            "de": .init(
              variations: .init(plural: KeyedList(["other": unit("%lld Dateien"), "one": unit("eine Datei")])))
          ]))),
      .init(
        key: "Found %lld in %@",
        value: .init(
          shouldTranslate: false,
          localizations: KeyedList([
            "de": .init(
              stringUnit: .init(state: .needsReview, value: "%#@n@ in %@ gefunden"),
              substitutions: KeyedList([
                "n": .init(
                  argNum: 1, formatSpecifier: "lld",
                  variations: .init(plural: KeyedList(["one": unit("%arg Treffer"), "other": unit("%arg Treffer")])))
              ]))
          ]))),
      .init(
        key: "Tap",
        value: .init(
          localizations: KeyedList([
            "en": .init(variations: .init(device: KeyedList(["mac": unit("Click"), "other": unit("Tap")])))
          ]))),
    ]))

  @Test func writesStringsAndStringsDictionaries() throws {
    let (tables, notes) = StringCatalogExporter().tables(from: catalog)
    #expect(
      tables.strings["en"]
        == StringsTable(entries: [
          .init(key: "Done", value: "Done", comment: "Finishes."), .init(key: "%lld files", value: "%lld files"),
          .init(key: "Found %lld in %@", value: "Found %lld in %@"),
        ]))
    #expect(tables.strings["de"] == StringsTable(entries: [.init(key: "Done", value: "Fertig", comment: "Finishes.")]))
    #expect(
      tables.dictionaries["de"]
        == StringsDictionary(entries: [
          .init(
            key: "%lld files", format: "%#@count@",
            variables: [
              .init(
                name: "count", rule: .plural, valueType: "lld",
                cases: KeyedList(["one": "eine Datei", "other": "%lld Dateien"]))
            ]),
          .init(
            key: "Found %lld in %@", format: "%#@n@ in %@ gefunden",
            variables: [
              .init(
                name: "n", rule: .plural, valueType: "lld",
                cases: KeyedList(["one": "%lld Treffer", "other": "%lld Treffer"]))
            ]),
        ]))
    #expect(
      tables.dictionaries["en"]
        == StringsDictionary(entries: [
          .init(
            key: "Tap", format: "%#@device@",
            variables: [
              .init(
                name: "device", rule: .device,
                cases: KeyedList(["mac": "Click", "other": "Tap"]))
            ])
        ]))
    #expect(
      notes.map(\.description) == [
        "key 'Found %lld in %@': shouldTranslate false is not kept: .strings files have no such flag",
        "key 'Found %lld in %@' (de): the state needs_review is not kept: .strings and .stringsdict files have no states",
        "key 'Found %lld in %@' (de): '%arg' in the texts of 'n' is written as '%lld'",
      ])
  }

  @Test func writesFilesInTheEncodingAsked() throws {
    let result = try StringCatalogExporter(table: "Main", encoding: .utf16).folder(from: catalog)
    #expect(
      result.folder.files.map(\.relativePath) == [
        "de.lproj/Main.strings", "de.lproj/Main.stringsdict", "en.lproj/Main.strings", "en.lproj/Main.stringsdict",
      ])
    let german = try #require(result.folder.file(language: "de", table: "Main", kind: .strings))
    #expect(Array(german.bytes.prefix(2)) == [0xFF, 0xFE])
    #expect(
      try StringsTable(bytes: german.bytes).entries == [.init(key: "Done", value: "Fertig", comment: "Finishes.")])
  }

  @Test func importsWhatItExportsModuloItsNotes() throws {
    let exported = try StringCatalogExporter().folder(from: catalog)
    let imported = try StringCatalogImporter().catalog(from: exported.folder)
    #expect(imported.notes.isEmpty)
    #expect(imported.catalog.strings.keys == ["Done", "%lld files", "Found %lld in %@", "Tap"])
    #expect(imported.catalog.strings["Tap"]?.localizations == catalog.strings["Tap"]?.localizations)
    #expect(imported.catalog.strings["%lld files"]?.localizations?["de"]?.variations?.plural?.keys == ["one", "other"])
    let found = try #require(imported.catalog.strings["Found %lld in %@"]?.localizations?["de"])
    #expect(found.stringUnit == .init(state: .translated, value: "%#@n@ in %@ gefunden"))
    #expect(found.substitutions?["n"]?.argNum == 1)
    #expect(found.substitutions?["n"]?.variations?.plural?["one"] == Self.unit("%lld Treffer"))
  }
}
