import PlistKit
import StringCatalogs

/// `strings format FILE [-o OUT]`: the catalog in Xcode's layout and key order.
enum StringsFormat {
  static func run(_ context: CommandContext, _ arguments: [String]) throws(CommandError) -> ExitStatus {
    guard arguments.count == 1 else { throw .usage("format needs one FILE") }
    let path = arguments[0]
    let destination = context[StringsOptions.output]
    return try PropertyListIO.whileEditing(path, writingTo: destination) { () throws(CommandError) in
      // The input and the catalog go before the output is compared (a megabyte of the file at a
      // time) or written: of the three, no more than two are ever in memory.
      let (written, inputSize) = try formatted(path)
      let target = destination ?? path
      // A file already in Xcode's layout is left as it is, its time stamp too.
      if target == path, path != "-", written.count == inputSize, PropertyListIO.fileHolds(path, exactly: written) {
        return .success
      }
      try PropertyListIO.write(written, to: target, output: context.output)
      return .success
    }
  }

  /// The catalog at `path` in Xcode's layout, and the size of the file.
  private static func formatted(_ path: String) throws(CommandError) -> (bytes: [UInt8], inputSize: Int) {
    let (catalog, inputSize) = try readWithSize(path)
    var writer = StringCatalogWriter(keyOrder: .xcode)
    writer.expectedSize = inputSize
    return (writer.write(catalog), inputSize)
  }

  /// The catalog at `path` and the size of the file, whose bytes are let go on return.
  private static func readWithSize(_ path: String) throws(CommandError) -> (StringCatalog, Int) {
    let input = try PropertyListIO.readBytes(path)
    return (try read(input, path: path), input.withBytes { $0.count })
  }

  /// Reads the catalog at `path` (`-` is standard input).
  static func read(_ path: String) throws(CommandError) -> StringCatalog {
    try read(PropertyListIO.readBytes(path), path: path)
  }

  private static func read(_ input: InputBuffer, path: String) throws(CommandError) -> StringCatalog {
    do {
      return try input.withBytes { (bytes) throws(PropertyListError) in
        try StringCatalog(bytes: bytes, limits: InputLimit.limits)
      }
    } catch {
      throw .file(path, error)
    }
  }
}
