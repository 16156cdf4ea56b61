import KeyedArchive
import PlistKit

/// Finding the value a command's KEYPATH argument names, with errors that name the file and
/// the key path (`plistkit: FILE: A.7: index 7 is out of range …`).
enum KeyPathLookup {
  /// The value at `keyPath` (the root when nil or empty) in the value read from `path`;
  /// with `archive`, in the plain view of the keyed archive it holds.
  static func value(
    in root: PropertyList, at keyPath: String?, path: String, archive: Bool = false
  )
    throws(CommandError) -> PropertyList
  {
    guard let keyPath, !keyPath.isEmpty else {
      return try value(in: root, at: PropertyListKeyPath(components: []), path: path, archive: archive)
    }
    return try value(in: root, at: PropertyListKeyPath(keyPath), path: path, archive: archive)
  }

  /// The value at `keyPath` in the value read from `path`; with `archive`, in the plain view of
  /// the keyed archive it holds.
  static func value(
    in root: PropertyList, at keyPath: PropertyListKeyPath, path: String, archive: Bool = false
  )
    throws(CommandError) -> PropertyList
  {
    var start = root
    if archive {
      do {
        start = try ObjectGraph(archive: root).plainView()
      } catch {
        throw KeyedArchiveIO.fileError(path, error)
      }
    }
    guard !keyPath.components.isEmpty else { return start }
    do {
      return try start.value(at: keyPath)
    } catch {
      throw .file(path, error)
    }
  }
}
