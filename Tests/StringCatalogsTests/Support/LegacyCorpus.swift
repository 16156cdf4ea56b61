import Foundation
import StringCatalogs

/// The files of `strings-legacy/`, whose names flatten their path in the repository
/// (`owner+repo__dir__de.lproj__Localizable.strings`), set out again as `.lproj` folders.
enum LegacyCorpus {
  /// One corpus file: its name, its language (from its `.lproj` folder; `en` for a file outside
  /// one) and table, and its kind.
  struct Item {
    var name: String
    var language: String
    var table: String
    var kind: LocalizationFolder.Kind
  }

  /// Every `.strings` and `.stringsdict` file of the corpus, by name.
  static func items() throws -> [Item] {
    try
      (Corpus.files(in: "strings-legacy", pathExtension: "strings")
      + Corpus.files(in: "strings-legacy", pathExtension: "stringsdict")).sorted().map { name in
        let components = name.components(separatedBy: "__")
        let folder = components.dropLast().last { $0.hasSuffix(".lproj") }
        let file = components.last!
        let kind: LocalizationFolder.Kind = file.hasSuffix(".stringsdict") ? .stringsdict : .strings
        return Item(
          name: name, language: folder.map { String($0.dropLast(".lproj".count)) } ?? "en",
          table: String(file.dropLast(kind.rawValue.count + 1)), kind: kind)
      }
  }

  /// The corpus's files grouped by the folder of `.lproj` folders they came from and their
  /// table: the languages of one table of one app, which convert together.
  static func groups() throws -> [[Item]] {
    let items = try items()
    let key = { (item: Item) in
      item.name.replacingOccurrences(of: "__\(item.language).lproj__", with: "__*.lproj__")
        .replacingOccurrences(of: ".\(item.kind.rawValue)", with: "")
    }
    return Dictionary(grouping: items, by: key).sorted { $0.key < $1.key }.map(\.value)
  }

  /// A new temporary folder holding `LANGUAGE.lproj/TABLE.EXT` with each corpus file's bytes;
  /// removed by the caller.
  static func tree(of items: [Item]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("lproj-\(UUID().uuidString)")
    for item in items {
      let folder = root.appendingPathComponent("\(item.language).lproj")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(try Corpus.bytes("strings-legacy/\(item.name)")).write(
        to: folder.appendingPathComponent("\(item.table).\(item.kind.rawValue)"))
    }
    return root
  }
}
