import Foundation
import PlistKit
import StringCatalogs
import Testing

/// Real `.strings` and `.stringsdict` files, read from `.lproj` folders on disk, made into a
/// catalog and written back: the same keys, values, comments and plural rules.
@Suite(.needsCorpus("strings-legacy")) struct LegacyCorpusRoundTripTests {
  @Test func everyFileComesBackWithItsValues() throws {
    let groups = try LegacyCorpus.groups()
    #expect(groups.flatMap { $0 }.count == 24)
    #expect(groups.count == 19)
    var values = 0
    var repeatedKeys = 0
    for items in groups {
      let languages = Set(items.map(\.language))
      // An app's own source language: English, else the first the corpus has of it.
      let source = languages.contains("en") ? "en" : languages.sorted().first!
      let table = items[0].table
      let root = try LegacyCorpus.tree(of: items)
      defer { try? FileManager.default.removeItem(at: root) }
      let folder = try LocalizationFolder.read(path: root.path)
      #expect(folder.files.count == items.count)
      let imported = try StringCatalogImporter(table: table, sourceLanguage: source).catalog(from: folder)
      let exported = try StringCatalogExporter(table: table).folder(from: imported.catalog)
      // The one thing a real file holds that a catalog cannot: a key it repeats (UTM's settings).
      let repeats = imported.notes.filter { $0.message.contains(" has the key again at ") }
      repeatedKeys += repeats.count
      #expect(imported.notes == repeats, "\(items[0].name): \(imported.notes)")
      #expect(exported.notes.isEmpty, "\(items[0].name): \(exported.notes)")
      for item in items {
        let original = try #require(folder.file(language: item.language, table: table, kind: item.kind))
        let back = try #require(exported.folder.file(language: item.language, table: table, kind: item.kind))
        switch item.kind {
        case .strings:
          let before = try StringsTable(bytes: original.bytes)
          let after = try StringsTable(bytes: back.bytes)
          // The source language has every key of the catalog: the others' keys with themselves as text.
          let added = after.entries.filter { entry in !before.entries.contains { $0.key == entry.key } }
          #expect(added.allSatisfy { $0.key == $0.value && item.language == source }, "\(item.name)")
          #expect(after.entries.filter { entry in !added.contains(entry) } == before.entries, "\(item.name)")
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
      }
      // Nothing but what the tree had, and the source language's .strings of the others' keys.
      for file in exported.folder.files
      where !items.contains(where: { $0.language == file.language && $0.kind == file.kind }) {
        #expect(file.language == source && file.kind == .strings, "\(items[0].name): \(file.relativePath)")
      }
    }
    #expect(values == 2825)
    #expect(repeatedKeys == 3)
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
      variables[name] = Dictionary(uniqueKeysWithValues: variable.cases.map { ($0.key, $0.value) })
      if whole == nil { valueTypes[name] = variable.valueType }
    }
    format = whole == nil ? entry.format : nil
  }
}
