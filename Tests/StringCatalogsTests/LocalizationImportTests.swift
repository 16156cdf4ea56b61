import PlistKit
import StringCatalogs
import Testing

@Suite struct LocalizationImportTests {
  private func file(
    _ language: String, _ kind: LocalizationFolder.Kind, _ text: String, table: String = "Localizable"
  )
    -> LocalizationFolder.File
  {
    LocalizationFolder.File(language: language, table: table, kind: kind, bytes: Array(text.utf8))
  }

  private let cores = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>%lld Cores</key>
    \t<dict>
    \t\t<key>NSStringLocalizedFormatKey</key>
    \t\t<string>%#@cores@</string>
    \t\t<key>cores</key>
    \t\t<dict>
    \t\t\t<key>NSStringFormatSpecTypeKey</key>
    \t\t\t<string>NSStringPluralRuleType</string>
    \t\t\t<key>NSStringFormatValueTypeKey</key>
    \t\t\t<string>lld</string>
    \t\t\t<key>one</key>
    \t\t\t<string>%lld Kern</string>
    \t\t\t<key>other</key>
    \t\t\t<string>%lld Kerne</string>
    \t\t</dict>
    \t</dict>
    \t<key>Copied %@ to %#@folders@</key>
    \t<dict>
    \t\t<key>NSStringLocalizedFormatKey</key>
    \t\t<string>%@ nach %#@folders@ kopiert</string>
    \t\t<key>folders</key>
    \t\t<dict>
    \t\t\t<key>NSStringFormatSpecTypeKey</key>
    \t\t\t<string>NSStringPluralRuleType</string>
    \t\t\t<key>NSStringFormatValueTypeKey</key>
    \t\t\t<string>d</string>
    \t\t\t<key>other</key>
    \t\t\t<string>%d Ordner</string>
    \t\t\t<key>one</key>
    \t\t\t<string>einen Ordner</string>
    \t\t</dict>
    \t\t<key>width</key>
    \t\t<dict>
    \t\t\t<key>NSStringFormatSpecTypeKey</key>
    \t\t\t<string>NSStringVariableWidthRuleType</string>
    \t\t\t<key>20</key>
    \t\t\t<string>kurz</string>
    \t\t</dict>
    \t</dict>
    </dict>
    </plist>
    """

  private static func unit(_ value: String) -> StringCatalog.Localization {
    StringCatalog.Localization(stringUnit: .init(state: .translated, value: value))
  }

  @Test func importsStringsCommentsAndPlurals() throws {
    let folder = LocalizationFolder(files: [
      file("en", .strings, "/* The title. */\n\"Title\" = \"Title\";\n\"greeting\" = \"Hello\";\n"),
      file(
        "de", .strings, "/* Der Titel. */\n\"Title\" = \"Titel\";\n\"greeting\" = \"Hallo\";\n\"%lld Cores\" = \"x\";"),
      file("de", .stringsdict, cores),
      file("de", .strings, "\"Other\" = \"Anderes\";", table: "InfoPlist"),
    ])
    let result = try StringCatalogImporter().catalog(from: folder)
    let migrated = StringCatalog.ExtractionState.migrated
    let expected = StringCatalog(
      sourceLanguage: "en",
      strings: KeyedList([
        .init(
          key: "Title",
          value: .init(
            comment: "The title.", extractionState: migrated, localizations: KeyedList(["de": Self.unit("Titel")]))),
        .init(
          key: "greeting",
          value: .init(
            extractionState: migrated, localizations: KeyedList(["en": Self.unit("Hello"), "de": Self.unit("Hallo")]))),
        .init(
          key: "%lld Cores",
          value: .init(
            extractionState: migrated,
            localizations: KeyedList([
              "de": .init(
                variations: .init(plural: KeyedList(["one": Self.unit("%lld Kern"), "other": Self.unit("%lld Kerne")])))
            ]))),
        .init(
          key: "Copied %@ to %#@folders@",
          value: .init(
            extractionState: migrated,
            localizations: KeyedList([
              "de": .init(
                stringUnit: .init(state: .translated, value: "%@ nach %#@folders@ kopiert"),
                substitutions: KeyedList([
                  "folders": .init(
                    argNum: 2, formatSpecifier: "d",
                    variations: .init(
                      plural: KeyedList(["one": Self.unit("einen Ordner"), "other": Self.unit("%d Ordner")])))
                ]))
            ]))),
      ]))
    #expect(result.catalog == expected)
    #expect(
      result.notes.map(\.description) == [
        "key 'Title' (de): the comment 'Der Titel.' is not kept: a catalog has one comment per string, 'The title.'",
        "key '%lld Cores' (de): the .stringsdict entry is used; the .strings text 'x' is not",
        "key 'Copied %@ to %#@folders@' (de): the variable 'width' is not used by the format '%@ nach %#@folders@ kopiert' and is not kept",
      ])
  }

  @Test func notesAKeyAStringsFileRepeats() throws {
    let folder = LocalizationFolder(files: [file("en", .strings, "\"a\" = \"1\";\n\"b\" = \"2\";\n\"a\" = \"3\";\n")])
    let result = try StringCatalogImporter().catalog(from: folder)
    #expect(result.catalog.strings["a"]?.localizations?["en"]?.stringUnit?.value == "3")
    #expect(
      result.notes.map(\.description) == [
        "key 'a' (en): en.lproj/Localizable.strings has the key again at line 3, column 1 (first at line 1, column 1); the last text is used"
      ])
  }

  @Test func takesBaseAsTheSourceLanguageAndNamesTheTable() throws {
    let folder = LocalizationFolder(files: [
      file("Base", .strings, "\"CFBundleName\" = \"App\";", table: "InfoPlist"),
      file("fr", .strings, "\"CFBundleName\" = \"Appli\";", table: "InfoPlist"),
    ])
    let result = try StringCatalogImporter(table: "InfoPlist").catalog(from: folder)
    #expect(result.catalog.sourceLanguage == "en")
    #expect(result.catalog.strings.keys == ["CFBundleName"])
    #expect(result.catalog.strings["CFBundleName"]?.localizations?.keys == ["en", "fr"])
    #expect(result.notes.isEmpty)
  }

  @Test func refusesAMissingTableAndAnUnknownSourceLanguage() {
    let folder = LocalizationFolder(files: [file("fr", .strings, "\"a\" = \"b\";")])
    #expect(throws: PropertyListError(.invalidValue, "no .lproj folder has a table named 'Main'")) {
      try StringCatalogImporter(table: "Main").catalog(from: folder)
    }
    #expect(throws: PropertyListError.self) { try StringCatalogImporter().catalog(from: folder) }
    #expect((try? StringCatalogImporter(sourceLanguage: "fr").catalog(from: folder))?.catalog.sourceLanguage == "fr")
  }

  @Test func namesTheFileOfAReadingError() {
    let folder = LocalizationFolder(files: [file("en", .strings, "\"a\" = ")])
    #expect {
      try StringCatalogImporter().catalog(from: folder)
    } throws: { error in
      (error as? PropertyListError)?.file == "en.lproj/Localizable.strings"
    }
  }
}
