import Foundation
import PlistKit
import StringCatalogs
import Testing

/// Seeded random catalogs of what `.strings` and `.stringsdict` files can hold, written as
/// `.lproj` folders on disk in either encoding and read back into a catalog: the same catalog.
@Suite struct ConversionPropertyTests {
  @Test(arguments: 1...40 as ClosedRange<UInt64>)
  func exportThenImportGivesTheCatalogBack(seed: UInt64) throws {
    var random = RandomCatalogs(seed: seed)
    let catalog = random.catalog()
    let encoding: StringsFileEncoding = seed % 2 == 0 ? .utf8 : .utf16
    let exported = try StringCatalogExporter(table: "Table", encoding: encoding).folder(from: catalog)
    #expect(exported.notes.isEmpty, "seed \(seed): \(exported.notes)")
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    try exported.folder.write(to: root)
    let folder = try LocalizationFolder.read(path: root)
    #expect(folder == exported.folder, "seed \(seed)")
    let imported = try StringCatalogImporter(table: "Table").catalog(from: folder)
    #expect(imported.notes.isEmpty, "seed \(seed): \(imported.notes)")
    #expect(imported.catalog.sourceLanguage == "en")
    let byKey = { (catalog: StringCatalog) in
      Dictionary(uniqueKeysWithValues: catalog.strings.map { (Array($0.key.unicodeScalars), $0.value) })
    }
    let expected = byKey(catalog)
    let actual = byKey(imported.catalog)
    #expect(actual.count == expected.count, "seed \(seed)")
    for (key, entry) in expected {
      let name = String(String.UnicodeScalarView(key)).debugDescription
      #expect(actual[key]?.comment == entry.comment, "seed \(seed): key \(name)")
      #expect(actual[key]?.localizations?.keys == entry.localizations?.keys, "seed \(seed): key \(name)")
      for language in entry.localizations ?? KeyedList() {
        let other = actual[key]?.localizations?[language.key]
        #expect(other?.stringUnit == language.value.stringUnit, "seed \(seed): key \(name) \(language.key)")
        #expect(other?.variations == language.value.variations, "seed \(seed): key \(name) \(language.key)")
        #expect(other?.substitutions == language.value.substitutions, "seed \(seed): key \(name) \(language.key)")
      }
      #expect(actual[key] == entry, "seed \(seed): key \(name)")
    }
  }
}
