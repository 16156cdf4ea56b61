import PlistKit

extension ValueMerger {
  /// Merges two sides' entry changes: ours as it is, then each of theirs that does not clash.
  mutating func mergeDictionaries(
    base: PropertyListDictionary, ours: PropertyListDictionary, theirs: PropertyListDictionary,
    oursChange: DictionaryChange, theirsChange: DictionaryChange, path: PropertyListKeyPath
  ) -> PropertyListDictionary {
    var oursEntries: [ExactKey: DictionaryEntryChange] = [:]
    for entry in oursChange.entries { oursEntries[ExactKey(entry.key)] = entry }
    var result = ours
    for entry in theirsChange.entries {
      let key = entry.key
      let here = path.appending(key)
      switch (oursEntries[ExactKey(key)], entry) {
      case (nil, .removed):
        result.removeValue(forKey: key)
      case (nil, .changed):
        result[key] = theirs[key]
      case (.removed, .removed):
        break
      case (nil, .added):
        insert(key, theirs[key]!, into: &result, after: theirs)
      case (.removed, .changed):
        if let kept = conflict(
          .removedByOurs, at: here, location: .entry(key), base: base[key], ours: nil, theirs: theirs[key])
        {
          insert(key, kept, into: &result, after: theirs)
        }
      case (.changed, .removed):
        let kept = conflict(
          .removedByTheirs, at: here, location: .entry(key), base: base[key], ours: ours[key], theirs: nil)
        result[key] = kept
      case (.changed(_, let oursInner), .changed(_, let theirsInner)):
        result[key] = merge(
          base: base[key]!, ours: ours[key]!, theirs: theirs[key]!, oursChange: oursInner, theirsChange: theirsInner,
          path: here, location: .entry(key))
      case (.added, .added):
        let (mine, other) = (ours[key]!, theirs[key]!)
        if !Self.equal(mine, other) {
          result[key] = conflict(
            .addedOnBothSides, at: here, location: .entry(key), base: nil, ours: mine, theirs: other)
        }
      default:
        // The base has the key or not; the remaining pairs (added against removed or changed)
        // cannot both come from diffs of one base.
        preconditionFailure("inconsistent changes for key \(here)")
      }
    }
    return result
  }

  /// Adds an entry theirs has after the nearest key before it in theirs that the result has
  /// (at the start when there is none).
  private func insert(
    _ key: String, _ value: PropertyList, into result: inout PropertyListDictionary,
    after theirs: PropertyListDictionary
  ) {
    guard result.position(of: key) == nil else {
      result[key] = value
      return
    }
    var position = 0
    if let mine = theirs.position(of: key) {
      for earlier in stride(from: mine - 1, through: 0, by: -1) {
        if let found = result.position(of: theirs.keys[earlier]) {
          position = found + 1
          break
        }
      }
    }
    result.insert(value, forKey: key, at: position)
  }
}
