import PlistKit

/// Moves that keep an entry's place: a rename changes only the key's bytes.
extension PropertyListDocument {
  /// Moves the value at `source` to `destination` as ``moveValue(from:to:)`` does, except that
  /// a move to another key of the same dictionary renames the entry where it is, as
  /// `PropertyList.moveValue(from:to:keepingPosition:)` does: only the key's text changes, so
  /// the entry keeps its place, its value's text and the comments around it. In a project file
  /// the entry goes to its place in Xcode's order, as Xcode would write it.
  public mutating func moveValue(
    from source: PropertyListKeyPath, to destination: PropertyListKeyPath, keepingPosition: Bool
  ) throws(PropertyListError) {
    refreshSyntax()
    let parentPath = prefix(source, max(source.components.count - 1, 0))
    guard keepingPosition, !isXcodeProject,
      let newKey = try PropertyList.renamedKey(from: source, to: destination, arrayCount: arrayCount(at:)),
      case let parent = try node(at: parentPath), tree.kind(parent) == .dictionary
    else {
      try moveValue(from: source, to: destination)
      return
    }
    var edited = knownValue
    try edited?.moveValue(from: source, to: destination, keepingPosition: true)
    let positions = entryPositions(in: parent, key: source.components.last!)
    guard !positions.isEmpty else {
      throw PropertyListError(.keyPath, at: .keyPath(source.description), "no such key")
    }
    guard entryPositions(in: parent, key: newKey).isEmpty else {
      throw PropertyListError(.keyPath, at: .keyPath(destination.description), "the key already exists")
    }
    let keyBytes = try renderer.key(newKey, path: destination)
    // Every entry of a key the file repeats is renamed, as every one is removed.
    let splices = positions.map { position in
      let entry = tree.entries(parent)[position]
      let keySpan = tree.span(entry.key!)
      // A `.strings` shorthand entry (`"b";`) is its key and its value at once: the renamed
      // entry keeps the value, written out (`"renamed" = "b";`).
      let shorthand = keySpan == tree.span(entry.value)
      return Splice(range: keySpan, bytes: shorthand ? keyBytes + style.assignment + text[keySpan] : keyBytes)
    }
    if format == .json, options.reading.jsonStyle == .typed, newKey.hasPrefix("$") {
      // A typed JSON dictionary whose only key becomes a tag's name needs its wrapper.
      try moveValue(from: source, to: destination)
      return
    }
    apply(splices, value: edited)
  }
}
