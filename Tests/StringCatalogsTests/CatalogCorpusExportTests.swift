import Foundation
import PlistKit
import StringCatalogs
import Testing

/// Real String Catalogs written as `.strings`/`.stringsdict` files and read back: the same
/// keys, comments and texts, but where a note says what the files could not hold.
@Suite(.needsCorpus("xcstrings")) struct CatalogCorpusExportTests {
  @Test func everyCatalogComesBackWithItsValuesModuloTheNotes() throws {
    let files = try Corpus.files(in: "xcstrings", pathExtension: "xcstrings")
    #expect(files.count == 8)
    var compared = 0
    var differing = 0
    for file in files {
      let catalog = try StringCatalog(bytes: try Corpus.bytes("xcstrings/" + file))
      for encoding in StringsFileEncoding.allCases {
        let exported = try StringCatalogExporter(encoding: encoding).folder(from: catalog)
        let imported = try StringCatalogImporter(sourceLanguage: catalog.sourceLanguage).catalog(from: exported.folder)
        #expect(imported.notes.isEmpty, "\(file): \(imported.notes)")
        // The same strings with the same comments; the writer puts them in Xcode's order.
        let comments = { (catalog: StringCatalog) in
          catalog.strings.map { "\($0.key)|\($0.value.comment ?? "")" }.sorted()
        }
        #expect(comments(imported.catalog) == comments(catalog), "\(file)")
        let noted = Set(exported.notes.map { "\($0.key ?? "")|\($0.language ?? "")|" })
        let before = CatalogValues.of(catalog)
        let after = CatalogValues.of(imported.catalog)
        for (place, value) in before {
          compared += 1
          guard after[place] != value else { continue }
          differing += 1
          let stringPlace = place.split(separator: "|", omittingEmptySubsequences: false).prefix(2).joined(
            separator: "|")
          #expect(noted.contains(stringPlace + "|"), "\(file): \(place) was '\(value)', is '\(after[place] ?? "none")'")
        }
        #expect(Set(after.keys).subtracting(before.keys).isEmpty, "\(file)")
      }
    }
    #expect(compared == 25992)
    #expect(differing == 0)
  }
}
