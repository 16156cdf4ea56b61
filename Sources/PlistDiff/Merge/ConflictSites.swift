import PlistKit

/// Where the conflicts of a merge made with placeholders are, in the merged value that keeps
/// OURS' side of every conflict (what `PropertyListMerge(resolution: .ours)` merges to).
///
/// The placeholders say where each conflict is in the merge's own result, whichever way it
/// was reached (a value merged once and shared by several places holds its placeholder at
/// each); here each one is replaced by OURS' side, and its place is moved to where it is
/// once the placeholders before it in its array stand for OURS' elements.
struct ConflictSites {
  /// One place of one conflict.
  struct Site {
    /// What is at the place.
    enum Place: Equatable {
      /// The whole value.
      case root
      /// The entry of a key: absent from the merged value when OURS removed it.
      case entry(String)
      /// `count` elements from `index` (OURS' elements; none when OURS removed or inserted
      /// none).
      case elements(index: Int, count: Int)
    }

    /// The conflict's index in the merge result.
    let conflict: Int
    /// The path of the dictionary or array that holds the place, in the merged value.
    let container: PropertyListKeyPath
    let place: Place
    /// The path of the placeholder in the merge's result.
    fileprivate let placeholder: PropertyListKeyPath
  }

  /// The merged value with OURS' side at every conflict.
  private(set) var merged: PropertyList
  /// Every place of every conflict, in the order of the value.
  private(set) var sites: [Site] = []

  private let conflicts: [PropertyListConflict]
  private let prefix: String

  /// Finds the placeholders `prefix` + index in `result`, made by a merge with that
  /// placeholder prefix, and puts OURS' side in their place.
  ///
  /// - Throws: `PropertyListError` when a conflict has no placeholder in the value.
  init(_ result: PropertyListMergeResult, prefix: String) throws(PropertyListError) {
    merged = result.value
    conflicts = result.conflicts
    self.prefix = prefix
    let root = PropertyListKeyPath(components: [])
    if let index = conflictIndex(result.value) {
      sites.append(Site(conflict: index, container: root, place: .root, placeholder: root))
    } else {
      visit(result.value, at: root, placeholderPath: [])
    }
    let placed = Set(sites.map(\.conflict))
    guard placed.count == conflicts.count else {
      throw PropertyListError(
        .invalidValue, "could not place \(conflicts.count - placed.count) of the conflicts in the merged value")
    }
    // From the end, so that the placeholder paths before each one still lead to it.
    for site in sites.reversed() { try replacePlaceholder(of: site) }
  }

  /// The conflict a placeholder string stands for.
  private func conflictIndex(_ value: PropertyList) -> Int? {
    guard case .string(let string) = value, string.hasPrefix(prefix),
      let index = Int(string.dropFirst(prefix.count)), conflicts.indices.contains(index)
    else { return nil }
    return index
  }

  /// Records the sites in `value`, which is at `path` in the merged value.
  private mutating func visit(_ value: PropertyList, at path: PropertyListKeyPath, placeholderPath: [String]) {
    switch value {
    case .dictionary(let entries):
      for (key, element) in entries {
        let here = placeholderPath + [key]
        if let index = conflictIndex(element) {
          sites.append(
            Site(
              conflict: index, container: path, place: .entry(key), placeholder: PropertyListKeyPath(components: here)))
        } else {
          visit(element, at: path.appending(key), placeholderPath: here)
        }
      }
    case .array(let elements):
      var index = 0
      for (position, element) in elements.enumerated() {
        let here = placeholderPath + [String(position)]
        if let conflict = conflictIndex(element) {
          // A span of elements stands for OURS' elements of it; a single element for itself.
          let count = conflicts[conflict].elements == nil ? 1 : conflicts[conflict].ours?.arrayValue?.count ?? 0
          sites.append(
            Site(
              conflict: conflict, container: path, place: .elements(index: index, count: count),
              placeholder: PropertyListKeyPath(components: here)))
          index += count
        } else {
          visit(element, at: path.appending(index: index), placeholderPath: here)
          index += 1
        }
      }
    default:
      break
    }
  }

  /// Puts OURS' side where the site's placeholder is.
  private mutating func replacePlaceholder(of site: Site) throws(PropertyListError) {
    let conflict = conflicts[site.conflict]
    switch site.place {
    case .root:
      merged = conflict.ours ?? merged
    case .entry:
      if let ours = conflict.ours {
        try merged.setValue(ours, at: site.placeholder)
      } else {
        _ = try merged.removeValue(at: site.placeholder)
      }
    case .elements:
      guard conflict.elements != nil else {
        try merged.setValue(conflict.ours ?? .array([]), at: site.placeholder)
        return
      }
      _ = try merged.removeValue(at: site.placeholder)
      let array = PropertyListKeyPath(components: Array(site.placeholder.components.dropLast()))
      let start = Int(site.placeholder.components.last ?? "") ?? 0
      for (offset, element) in (conflict.ours?.arrayValue ?? []).enumerated() {
        try merged.insertValue(element, at: array.appending(index: start + offset))
      }
    }
  }
}
