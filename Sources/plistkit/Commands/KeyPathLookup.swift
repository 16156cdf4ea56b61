import KeyedArchive
import PlistKit

/// Finding the values a command's KEYPATH argument names, with errors that name the file and
/// the key path (`plistkit: FILE: A.7: index 7 is out of range …`). A KEYPATH is a
/// ``PropertyListKeyPattern``: `*` matches every key or index at its level, a negative index
/// counts from the end.
enum KeyPathLookup {
  /// The value at `keyPath` (the root when nil or empty) in the value read from `path`;
  /// with `archive`, in the plain view of the keyed archive it holds.
  static func value(
    in root: PropertyList, at keyPath: String?, path: String, archive: Bool = false
  )
    throws(CommandError) -> PropertyList
  {
    try matches(in: root, at: keyPath, path: path, archive: archive)[0].value
  }

  /// The value at the one place `keyPath` names (an edit's key path, where `''` is the empty
  /// key and no component is a pattern) in the value read from `path`; with `archive`, in the
  /// plain view of the keyed archive it holds.
  static func value(
    in root: PropertyList, at keyPath: PropertyListKeyPath, path: String, archive: Bool = false
  )
    throws(CommandError) -> PropertyList
  {
    let start = try viewed(root, path: path, archive: archive)
    guard !keyPath.components.isEmpty else { return start }
    do {
      return try start.value(at: keyPath)
    } catch {
      throw .file(path, error)
    }
  }

  /// Every value `keyPath` names, each with its concrete key path, in document order.
  static func matches(
    in root: PropertyList, at keyPath: String?, path: String, archive: Bool = false
  ) throws(CommandError) -> [(path: PropertyListKeyPath, value: PropertyList)] {
    let start = try viewed(root, path: path, archive: archive)
    do {
      return try start.matches(of: PropertyListKeyPattern(keyPath ?? ""))
    } catch {
      throw .file(path, error)
    }
  }

  /// `root` itself, or with `archive` the plain view of the keyed archive it holds.
  private static func viewed(
    _ root: PropertyList, path: String, archive: Bool
  ) throws(CommandError) -> PropertyList {
    guard archive else { return root }
    do {
      return try ObjectGraph(archive: root).plainView()
    } catch {
      throw KeyedArchiveIO.fileError(path, error)
    }
  }

  /// The matches as one value: the value itself for a key path without a wildcard, an array of
  /// the values for a pattern, a dictionary of concrete key path → value with `withPaths`.
  static func combined(
    _ matches: [(path: PropertyListKeyPath, value: PropertyList)], pattern: String?, withPaths: Bool
  ) -> PropertyList {
    if withPaths { return .dictionary(PropertyListDictionary(matches.map { ($0.path.description, $0.value) })) }
    if !PropertyListKeyPattern(pattern ?? "").hasWildcard { return matches[0].value }
    return .array(matches.map(\.value))
  }

  /// One line of text per match, `PATH<TAB>TEXT` with `withPaths`. Where the output is lines
  /// (`withPaths`, or a `pattern` with a wildcard) the text is escaped by ``LineSafeText``, so
  /// that a value cannot forge a line; the one value of a key path without a wildcard is given
  /// as it is, as `plutil -extract` gives it.
  static func lines(
    _ matches: [(path: PropertyListKeyPath, value: PropertyList)], pattern: String?, withPaths: Bool,
    _ text: (PropertyList) -> String
  ) -> [String] {
    guard withPaths || PropertyListKeyPattern(pattern ?? "").hasWildcard else { return matches.map { text($0.value) } }
    return matches.map { match in
      let line = LineSafeText.escaped(text(match.value))
      return withPaths ? LineSafeText.escaped(match.path.description) + "\t" + line : line
    }
  }

  /// Refuses a KEYPATH with a wildcard, for the commands that change one place.
  static func requireSinglePlace(_ keyPath: String?, named name: String = "KEYPATH") throws(CommandError) {
    if PropertyListKeyPattern(keyPath ?? "").hasWildcard {
      throw .usage(
        "\(name) '\(keyPath ?? "")' has a wildcard (*), but this command changes one value; write \\* for a key that is a star"
      )
    }
  }
}
