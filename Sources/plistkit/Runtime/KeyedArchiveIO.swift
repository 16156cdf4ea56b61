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
    let value = try PropertyListIO.read(path).value
    do {
      return try ObjectGraph(archive: value)
    } catch {
      throw fileError(path, error)
    }
  }
}
