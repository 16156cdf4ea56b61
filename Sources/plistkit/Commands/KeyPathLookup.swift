import PlistKit

/// Finding the value a command's KEYPATH argument names, with errors that name the file and
/// the key path (`plistkit: FILE: A.7: index 7 is out of range …`).
enum KeyPathLookup {
  /// The value at `keyPath` (the root when nil or empty) in the value read from `path`.
  static func value(in root: PropertyList, at keyPath: String?, path: String) throws(CommandError) -> PropertyList {
    guard let keyPath, !keyPath.isEmpty else { return root }
    do {
      return try root.value(at: PropertyListKeyPath(keyPath))
    } catch {
      throw .file(path, error)
    }
  }
}
