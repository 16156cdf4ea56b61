import PlistKit

/// Makes a String Catalog of one table of a folder of `.lproj` folders, as Xcode's "Migrate to
/// String Catalog" does: every language's `TABLE.strings` and `TABLE.stringsdict` become one
/// catalog, with each string's comment and its plural and device variations.
///
/// ```swift
/// let folder = try LocalizationFolder.read(path: "Resources")
/// let result = try StringCatalogImporter(table: "Localizable").catalog(from: folder)
/// for note in result.notes { print("warning:", note) }
/// ```
///
/// - A `.strings` entry becomes the language's string unit (state `translated`); for the source
///   language, an entry whose text is its key becomes no localization at all, since a catalog's
///   key is the source text.
/// - A `.stringsdict` entry whose whole format is one variable (`%#@count@`) becomes the
///   language's plural (or device) variation; any other format becomes the string unit with a
///   substitution for each plural variable, with its argument number and format specifier
///   (`NSStringFormatValueTypeKey`). A `.stringsdict` entry wins over a `.strings` entry with
///   the same key, as it does when an app runs.
/// - The comment above a `.strings` entry becomes the entry's comment: the source language's,
///   else the first language's that has one.
/// - Each entry's extraction state is `migrated`.
/// - A key a `.strings` file repeats takes its last text, as Apple's loader does, with a note.
///
/// What a catalog cannot hold (width variations, a device variation inside a longer text, a
/// comment that differs by language, a variable the format does not use) is told in the notes.
public struct StringCatalogImporter: Sendable {
  /// The table to convert: the files' name without extension.
  public var table: String
  /// The language the keys are written in; nil takes `en` when an `en.lproj` folder has the
  /// table, else `en` for a `Base.lproj` folder's table.
  public var sourceLanguage: String?

  /// Makes an importer of `table`.
  public init(table: String = "Localizable", sourceLanguage: String? = nil) {
    self.table = table
    self.sourceLanguage = sourceLanguage
  }

  /// The catalog, and notes on what it could not hold.
  public struct Result: Sendable, Equatable {
    /// The catalog.
    public var catalog: StringCatalog
    /// What the catalog does not hold of the files, and what was done instead.
    public var notes: [LocalizationConversionNote]
  }

  /// Converts the table of `folder`.
  ///
  /// - Throws: `PropertyListError/Kind/invalidValue` when no language has the table, or when
  ///   the source language cannot be told; the reader's error for a file it refuses, with the
  ///   file's path in the folder (`de.lproj/Localizable.strings`).
  public func catalog(from folder: LocalizationFolder) throws(PropertyListError) -> Result {
    let languages = folder.files.filter { $0.table == table }.map(\.language)
    guard !languages.isEmpty else {
      throw PropertyListError(.invalidValue, "no .lproj folder has a table named '\(table)'")
    }
    let base = LocalizationFolder.baseLanguage
    let source = sourceLanguage ?? "en"
    guard sourceLanguage != nil || languages.contains(source) || languages.contains(base) else {
      throw PropertyListError(
        .invalidValue,
        "no en.lproj or Base.lproj folder has the table '\(table)', so its source language is not known; name it")
    }
    var builder = CatalogBuilder(sourceLanguage: source)
    // The source language first, so that its comments come first; Base stands in for it when it
    // has no files of its own.
    var order = [languages.contains(source) ? source : base]
    order += Set(languages).subtracting([source, base]).sorted()
    if source != base && languages.contains(source) && languages.contains(base) {
      builder.notes.append(
        .init(
          language: base,
          message: "Base.lproj/\(table) is not converted: the source language \(source) has its own files"))
    }
    for language in order where languages.contains(language) {
      let stored = language == base ? source : language
      let dictionary = try folder.file(language: language, table: table, kind: .stringsdict).map {
        (file) throws(PropertyListError) in
        try Self.reading(file) { () throws(PropertyListError) in
          try StringsDictionary(bytes: file.bytes)
        }
      }
      if let file = folder.file(language: language, table: table, kind: .strings) {
        let strings = try Self.reading(file) { () throws(PropertyListError) in try StringsTable(bytes: file.bytes) }
        for repeated in try StringsTable.repeatedKeys(in: file.bytes) {
          builder.notes.append(
            .init(
              key: repeated.key, language: stored,
              message:
                "\(file.relativePath) has the key again at \(repeated.repeated.phrase) (first at \(repeated.first.phrase)); the last text is used"
            ))
        }
        for entry in strings.entries {
          if dictionary?.entry(for: entry.key) != nil {
            builder.notes.append(
              .init(
                key: entry.key, language: stored,
                message: "the .stringsdict entry is used; the .strings text '\(entry.value)' is not"))
            continue
          }
          let localization = StringCatalog.Localization(stringUnit: .init(state: .translated, value: entry.value))
          builder.add(key: entry.key, language: stored, localization, comment: entry.comment)
        }
      }
      for entry in dictionary?.entries ?? [] {
        var converter = StringsDictionaryEntryConverter(key: entry.key, language: stored)
        let localization = converter.localization(of: entry)
        builder.notes += converter.notes
        builder.add(key: entry.key, language: stored, localization, comment: nil)
      }
    }
    return Result(catalog: builder.catalog, notes: builder.notes)
  }

  /// Runs `read`, naming `file` in its error.
  private static func reading<Value>(
    _ file: LocalizationFolder.File, _ read: () throws(PropertyListError) -> Value
  ) throws(PropertyListError) -> Value {
    do {
      return try read()
    } catch {
      var error = error
      if error.file == nil { error.file = file.relativePath }
      throw error
    }
  }
}

/// A catalog put together one localization at a time.
private struct CatalogBuilder {
  var catalog: StringCatalog
  var notes: [LocalizationConversionNote] = []
  /// Where each key's entry is in the catalog's strings, by exact bytes: a table has thousands.
  private var positions: [ExactKey: Int] = [:]

  init(sourceLanguage: String) {
    catalog = StringCatalog(sourceLanguage: sourceLanguage)
  }

  mutating func add(key: String, language: String, _ localization: StringCatalog.Localization, comment: String?) {
    let position = positions[ExactKey(key)]
    var entry =
      position.map { catalog.strings.elements[$0].value }
      ?? StringCatalog.Entry(extractionState: .migrated, localizations: KeyedList())
    if let comment {
      if entry.comment == nil {
        entry.comment = comment
      } else if entry.comment != comment {
        notes.append(
          .init(
            key: key, language: language,
            message: "the comment '\(comment)' is not kept: a catalog has one comment per string, '\(entry.comment!)'"
          ))
      }
    }
    // The key is the source text: a source localization that only repeats it says nothing more.
    let repeatsKey =
      language == catalog.sourceLanguage && localization.variations == nil && localization.substitutions == nil
      && localization.stringUnit?.value == key
    if !repeatsKey { entry.localizations![language] = localization }
    if let position {
      catalog.strings.elements[position].value = entry
    } else {
      positions[ExactKey(key)] = catalog.strings.count
      catalog.strings.elements.append(.init(key: key, value: entry))
    }
  }
}
