import PlistKit

extension PropertyListDocument {
  /// Makes the document hold `newValue`, editing only what differs from its value: keys
  /// added, removed or changed, recursively; in an array, the elements between the longest
  /// unchanged start and end are changed in place, and the surplus added or removed there.
  ///
  /// This is how a change computed on the value (an edit of a keyed archive's object graph,
  /// which rewrites its `$objects`, or a PlistBuddy session's commands) reaches the file with
  /// the least text changed. The differences are made as one batch (``apply(_:)``), so that
  /// ten thousand new keys take a handful of passes over the text, not one each.
  public mutating func update(to newValue: PropertyList) throws(PropertyListError) {
    let old = try value
    var edits: [BatchEdit] = []
    Self.differences(from: old, to: newValue, at: PropertyListKeyPath(components: []), into: &edits)
    try apply(edits)
  }

  /// The edits that make `old` into `new`, each path naming a place in `old`.
  private static func differences(
    from old: PropertyList, to new: PropertyList, at path: PropertyListKeyPath, into edits: inout [BatchEdit]
  ) {
    guard !old.isIdentical(to: new) else { return }
    switch (old, new) {
    case (.dictionary(let before), .dictionary(let after)):
      for key in before.keys where after.position(of: key) == nil {
        edits.append(.remove(path.appending(key)))
      }
      for (key, value) in after {
        if let previous = before[key] {
          differences(from: previous, to: value, at: path.appending(key), into: &edits)
        } else {
          edits.append(.insert(value, at: path.appending(key)))
        }
      }
    case (.array(let before), .array(let after)):
      var prefix = 0
      while prefix < before.count, prefix < after.count, before[prefix].isIdentical(to: after[prefix]) { prefix += 1 }
      var suffix = 0
      while suffix < before.count - prefix, suffix < after.count - prefix,
        before[before.count - 1 - suffix].isIdentical(to: after[after.count - 1 - suffix])
      {
        suffix += 1
      }
      let changedBefore = before.count - prefix - suffix
      let changedAfter = after.count - prefix - suffix
      for offset in 0..<min(changedBefore, changedAfter) {
        differences(
          from: before[prefix + offset], to: after[prefix + offset], at: path.appending(index: prefix + offset),
          into: &edits)
      }
      // The surplus: removed where it was, or inserted (in order) before the unchanged end.
      for index in (prefix + changedAfter)..<max(prefix + changedAfter, prefix + changedBefore) {
        edits.append(.remove(path.appending(index: index)))
      }
      let end = path.appending(index: prefix + changedBefore)
      for index in (prefix + changedBefore)..<max(prefix + changedBefore, prefix + changedAfter) {
        edits.append(.insert(after[index], at: end))
      }
    default:
      edits.append(.replace(path, with: new))
    }
  }
}
