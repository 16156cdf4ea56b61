import KeyedArchive
import PlistKit

/// Keyed-archive errors in the CLI's one-line form: `FILE: KEY.PATH: message`.
enum KeyedArchiveIO {
  /// The archive error as a file error, located by its key path.
  static func fileError(_ path: String, _ error: KeyedArchiveError) -> CommandError {
    .file(path, propertyListError(error))
  }

  /// The archive error as a property-list error at its key path (for ``Diagnostic``).
  static func propertyListError(_ error: KeyedArchiveError) -> PropertyListError {
    PropertyListError(.invalidValue, at: .keyPath(error.keyPath), error.message)
  }

  /// Reads the object graph of the archive in `path` (`-` is standard input).
  static func readGraph(_ path: String) throws(CommandError) -> ObjectGraph {
    try readGraph(PropertyListIO.readBytes(path), path: path)
  }

  /// Reads the object graph of the archive read from `path` into `input`.
  static func readGraph(_ input: InputBuffer, path: String) throws(CommandError) -> ObjectGraph {
    let value = try PropertyListIO.parse(input, path: path).value
    do {
      return try ObjectGraph(archive: value)
    } catch {
      throw fileError(path, error)
    }
  }

  /// Writes the plain view of the archive read from `path` into `input` to `destination`
  /// (`-` is standard output) straight from a binary file's object table, without its value
  /// or graph (see ``ObjectGraph/writePlainView(ofBinaryArchive:fileName:options:limits:readingOptions:with:to:)``);
  /// false when it is to be written from the graph instead, with nothing written.
  static func writePlainView(
    of input: InputBuffer, path: String, options: PlainViewOptions, with converter: PropertyListConverter,
    to destination: String, output: BufferedOutput
  ) throws(CommandError) -> Bool {
    let fileName = PropertyListIO.input(path).fileName
    // Output that cannot be taken back once written (standard output, a FIFO, a device) is made
    // whole first, and written as the graph's way writes it.
    guard destination != "-", PropertyListFile.isReplacedWhole(destination) else {
      let written = input.withBytes { bytes in
        ObjectGraph.writePlainView(
          ofBinaryArchive: bytes, fileName: fileName, options: options, with: converter, to: nil)
      }
      guard let written else { return false }
      try PropertyListIO.write(written, to: destination, output: output)
      return true
    }
    // Asked before the file is replaced; said only once it is (else the graph's way says it).
    let warning = PropertyListIO.hardLinkWarning(destination)
    let written = input.withBytes { bytes in
      try? PropertyListFile.writeAtomically(to: destination) { (write) throws(PropertyListError) in
        ObjectGraph.writePlainView(
          ofBinaryArchive: bytes, fileName: fileName, options: options, with: converter, to: write) != nil
      }
    }
    guard written == true else { return false }
    if let warning { StandardError.writeLine(warning) }
    return true
  }
}
