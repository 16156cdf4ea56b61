import PlistKit

/// Writes a String Catalog as one table of `.lproj` folders: for each language a
/// `TABLE.strings` file of its plain strings and a `TABLE.stringsdict` file of its plural and
/// device variations and substitutions, as Xcode's export does.
///
/// ```swift
/// let result = try StringCatalogExporter(table: "Localizable").folder(from: catalog)
/// try result.folder.write(to: "Resources")
/// ```
///
/// - A string unit becomes a `"key" = "value";` entry, under the entry's comment.
/// - A `plural` or `device` variation becomes a `.stringsdict` entry whose format is one
///   variable (`%#@count@`), with `NSStringPluralRuleType` (and a value type taken from the
///   texts) or `NSStringDeviceSpecificRuleType`; a string unit with substitutions becomes a
///   `.stringsdict` entry whose format is the text, with a plural variable for each
///   substitution (`%arg` in its texts written as the substitution's specifier).
/// - The source language has every key: a string without a source localization has its key as
///   its text.
///
/// What `.strings` and `.stringsdict` files cannot hold (states other than `translated`,
/// `shouldTranslate`, a plural inside a device variation, members Xcode's newer versions add)
/// is told in the notes.
public struct StringCatalogExporter: Sendable {
  /// The table to write: the files' name without extension.
  public var table: String
  /// The encoding of the `.strings` files (`.stringsdict` files are XML in UTF-8).
  public var encoding: StringsFileEncoding

  /// Makes an exporter of `table`.
  public init(table: String = "Localizable", encoding: StringsFileEncoding = .utf8) {
    self.table = table
    self.encoding = encoding
  }

  /// The files, and notes on what they could not hold.
  public struct Result: Sendable, Equatable {
    /// The `.strings` and `.stringsdict` files, by language.
    public var folder: LocalizationFolder
    /// What the files do not hold of the catalog, and what was done instead.
    public var notes: [LocalizationConversionNote]
  }

  /// The tables of `catalog`, by language, before they are written as files.
  public struct Tables: Sendable, Equatable {
    /// The plain strings of each language.
    public var strings: KeyedList<StringsTable>
    /// The variations and substitutions of each language.
    public var dictionaries: KeyedList<StringsDictionary>
  }

  /// Converts `catalog`.
  ///
  /// - Throws: the XML writer's error, which a `.stringsdict` table cannot cause.
  public func folder(from catalog: StringCatalog) throws(PropertyListError) -> Result {
    let (tables, notes) = self.tables(from: catalog)
    var files: [LocalizationFolder.File] = []
    let languages = Set(tables.strings.keys + tables.dictionaries.keys).sorted()
    for language in languages {
      if let strings = tables.strings[language], !strings.entries.isEmpty {
        files.append(.init(language: language, table: table, kind: .strings, bytes: strings.bytes(encoding: encoding)))
      }
      if let dictionary = tables.dictionaries[language], !dictionary.entries.isEmpty {
        files.append(.init(language: language, table: table, kind: .stringsdict, bytes: try dictionary.bytes()))
      }
    }
    return Result(folder: LocalizationFolder(files: files), notes: notes)
  }

  /// The tables of `catalog` by language, in the catalog's order of strings, and the notes.
  public func tables(from catalog: StringCatalog) -> (tables: Tables, notes: [LocalizationConversionNote]) {
    var converter = LocalizationExportConverter(sourceLanguage: catalog.sourceLanguage)
    if !catalog.extraMembers.isEmpty {
      converter.notes.append(
        .init(message: "the catalog's members \(Self.list(catalog.extraMembers.keys)) are not kept"))
    }
    for element in catalog.strings { converter.add(key: element.key, entry: element.value) }
    return (Tables(strings: converter.strings, dictionaries: converter.dictionaries), converter.notes)
  }

  static func list(_ names: [String]) -> String { names.map { "'\($0)'" }.joined(separator: ", ") }
}
