import PlistKit
import StringCatalogs

/// `strings export FILE.xcstrings -o DIR [--encoding utf-8|utf-16] [--table NAME]`: a String
/// Catalog as `LANGUAGE.lproj/TABLE.strings` and `.stringsdict` files.
enum StringsExport {
  static func run(_ context: CommandContext, _ arguments: [String]) throws(CommandError) -> ExitStatus {
    guard arguments.count == 1 else { throw .usage("export needs one FILE, the catalog") }
    guard let directory = context[StringsOptions.output], directory != "-" else {
      throw .usage("export needs -o DIR, the folder to write the .lproj folders into")
    }
    let path = arguments[0]
    let catalog = try StringsFormat.read(path)
    let table = context[StringsOptions.table] ?? tableName(of: path)
    let exporter = StringCatalogExporter(table: table, encoding: context[StringsOptions.encoding] ?? .utf8)
    let result: StringCatalogExporter.Result
    do {
      result = try exporter.folder(from: catalog)
      StringsConversionWarnings.print(result.notes)
      try result.folder.write(to: directory)
    } catch {
      throw .file(error.file ?? directory, error)
    }
    return .success
  }

  /// `Localizable` for `Resources/Localizable.xcstrings`; `Localizable` for standard input.
  static func tableName(of path: String) -> String {
    guard path != "-" else { return "Localizable" }
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return name.hasSuffix(".xcstrings") ? String(name.dropLast(".xcstrings".count)) : name
  }
}
