import Foundation
import PlistKit
import StringCatalogs
import Testing

/// Real `.strings` and `.stringsdict` files, read from `.lproj` folders on disk, made into a
/// catalog and written back: the same keys, values, comments and plural rules.
@Suite(.needsCorpus("strings-legacy")) struct LegacyCorpusRoundTripTests {
  @Test func everyFileComesBackWithItsValues() throws {
    let items = try LegacyCorpus.items()
    #expect(items.count == 24)
    var values = 0
    for item in items {
      let root = try LegacyCorpus.tree(of: item)
      defer { try? FileManager.default.removeItem(at: root) }
      let folder = try LocalizationFolder.read(path: root.path)
      let original = try #require(folder.file(language: item.language, table: item.table, kind: item.kind))
      let imported = try StringCatalogImporter(table: item.table, sourceLanguage: item.language).catalog(from: folder)
      let exported = try StringCatalogExporter(table: item.table).folder(from: imported.catalog)
      // One form in, the same form out.
      #expect(exported.folder.files.map(\.kind) == [item.kind], "\(item.name)")
      let back = try #require(exported.folder.file(language: item.language, table: item.table, kind: item.kind))
      switch item.kind {
      case .strings:
        let before = try StringsTable(bytes: original.bytes)
        #expect(try StringsTable(bytes: back.bytes) == before, "\(item.name)")
        values += before.entries.count
      case .stringsdict:
        let before = try StringsDictionary(bytes: original.bytes)
        let after = try StringsDictionary(bytes: back.bytes)
        #expect(after.entries.map(\.key) == before.entries.map(\.key), "\(item.name)")
        for (old, new) in zip(before.entries, after.entries) {
          #expect(PluralRules(old) == PluralRules(new), "\(item.name): \(old.key)")
          values += old.variables.reduce(0) { $0 + $1.cases.count }
        }
      }
      #expect(imported.notes.isEmpty, "\(item.name): \(imported.notes)")
      #expect(exported.notes.isEmpty, "\(item.name): \(exported.notes)")
    }
    #expect(values == 2825)
  }
}

/// What a `.stringsdict` entry says, whatever its variables are called: a format that is one
/// variable is that variable's cases; any other format is the format and each variable's
/// value type and cases.
private struct PluralRules: Equatable {
  var format: String?
  var variables: [String: [String: String]] = [:]
  var valueTypes: [String: String] = [:]

  init(_ entry: StringsDictionary.Entry) {
    let whole = entry.variables.first { entry.format == "%#@\($0.name)@" }
    for variable in whole.map({ [$0] }) ?? entry.variables {
      let name = whole == nil ? variable.name : ""
      variables[name] = Dictionary(uniqueKeysWithValues: variable.cases.map { ($0.name, $0.text) })
      if whole == nil { valueTypes[name] = variable.valueType }
    }
    format = whole == nil ? entry.format : nil
  }
}
