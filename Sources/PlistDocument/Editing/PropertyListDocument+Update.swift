import PlistKit

extension PropertyListDocument {
  /// Makes the document hold `newValue`, editing only what differs from its value: keys
  /// added, removed or changed, recursively; in an array, the elements between the longest
  /// unchanged start and end are changed in place, and the surplus added or removed there.
  ///
  /// This is how a change computed on the value (an edit of a keyed archive's object graph,
  /// which rewrites its `$objects`) reaches the file with the least text changed.
  public mutating func update(to newValue: PropertyList) throws(PropertyListError) {
    let old = try value
    try update(from: old, to: newValue, at: PropertyListKeyPath(components: []))
  }

  private mutating func update(
    from old: PropertyList, to new: PropertyList, at path: PropertyListKeyPath
  ) throws(PropertyListError) {
    guard !old.isIdentical(to: new) else { return }
    switch (old, new) {
    case (.dictionary(let before), .dictionary(let after)):
      for key in before.keys where after.position(of: key) == nil {
        try removeValue(at: path.appending(key))
      }
      for (key, value) in after {
        if let previous = before[key] {
          try update(from: previous, to: value, at: path.appending(key))
        } else {
          try insertValue(value, at: path.appending(key))
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
        try update(
          from: before[prefix + offset], to: after[prefix + offset], at: path.appending(index: prefix + offset))
      }
      if changedBefore > changedAfter {
        for index in ((prefix + changedAfter)..<(prefix + changedBefore)).reversed() {
          try removeValue(at: path.appending(index: index))
        }
      } else {
        for index in (prefix + changedBefore)..<(prefix + changedAfter) {
          try insertValue(after[index], at: path.appending(index: index))
        }
      }
    default:
      try setValue(new, at: path)
    }
  }
}
