import PlistKit
import StringCatalogs

/// `strings format FILE [-o OUT]`: the catalog in Xcode's layout and key order.
enum StringsFormat {
  static func run(_ context: CommandContext, _ arguments: [String]) throws(CommandError) -> ExitStatus {
    try StringsActions.refuse(
      [
        (context[StringsOptions.strict], "strict"), (context[StringsOptions.language] != nil, "language"),
        (context[StringsOptions.ignoreDiacritics], "ignore-diacritics"),
        (context[StringsOptions.ignoreWidth], "ignore-width"),
        (context[StringsOptions.format] != .text, "format"),
      ], for: "format")
    guard arguments.count == 1 else { throw .usage("format needs one FILE") }
    let path = arguments[0]
    let destination = context[StringsOptions.output]
    return try PropertyListIO.whileEditing(path, writingTo: destination) { () throws(CommandError) in
      let bytes = try PropertyListIO.readBytes(path).array
      let catalog = try parse(bytes, path: path)
      let written = StringCatalogWriter(keyOrder: .xcode).write(catalog)
      let target = destination ?? path
      // A file already in Xcode's layout is left as it is, its time stamp too.
      if target == path, path != "-", written == bytes { return .success }
      try PropertyListIO.write(written, to: target, output: context.output)
      return .success
    }
  }

  /// Reads the catalog at `path` (`-` is standard input).
  static func read(_ path: String) throws(CommandError) -> StringCatalog {
    try parse(PropertyListIO.readBytes(path).array, path: path)
  }

  private static func parse(_ bytes: [UInt8], path: String) throws(CommandError) -> StringCatalog {
    do {
      return try StringCatalog(bytes: bytes, limits: InputLimit.limits)
    } catch {
      throw .file(path, error)
    }
  }
}
