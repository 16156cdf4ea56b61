import PlistKit
import StringCatalogs

extension StringsOptions {
  static let table = Option.text(
    "table", short: "t", placeholder: "NAME",
    help: "import: the table to convert (default Localizable); export: the files' name (default FILE's name).")
  static let sourceLanguage = Option.text(
    "source-language", placeholder: "LANG",
    help: "import: the language the keys are written in (default en, or Base.lproj's files as en).")
  static let encoding = Option.choice(
    "encoding", placeholder: "ENCODING",
    choices: [("utf-8", StringsFileEncoding.utf8), ("utf-16", .utf16)],
    help:
      "export: the encoding of the .strings files, utf-8 (the default) or utf-16 (little-endian, with a byte-order mark)."
  )
}

/// `strings import DIR -o FILE.xcstrings [--table NAME] [--source-language LANG]`: a table of
/// `.lproj` folders as one String Catalog.
enum StringsImport {
  static func run(_ context: CommandContext, _ arguments: [String]) throws(CommandError) -> ExitStatus {
    guard arguments.count == 1 else { throw .usage("import needs one DIR, the folder of the .lproj folders") }
    guard let output = context[StringsOptions.output] else { throw .usage("import needs -o FILE.xcstrings") }
    let directory = arguments[0]
    let folder: LocalizationFolder
    do {
      folder = try LocalizationFolder.read(path: directory)
    } catch {
      throw .file(error.file ?? directory, error)
    }
    let importer = StringCatalogImporter(
      table: context[StringsOptions.table] ?? "Localizable", sourceLanguage: context[StringsOptions.sourceLanguage])
    let result: StringCatalogImporter.Result
    do {
      result = try importer.catalog(from: folder)
    } catch {
      // The importer names a file by its place in the folder.
      var error = error
      error.file = error.file.map { directory + "/" + $0 }
      throw .file(error.file ?? directory, error)
    }
    StringsConversionWarnings.print(result.notes)
    try PropertyListIO.write(
      StringCatalogWriter(keyOrder: .xcode).write(result.catalog), to: output, output: context.output)
    return .success
  }
}

/// The notes of a conversion, one warning line each on standard error.
enum StringsConversionWarnings {
  static func print(_ notes: [LocalizationConversionNote]) {
    for note in notes { StandardError.writeLine("plistkit: warning: " + LineSafeText.escaped(note.description)) }
  }
}
