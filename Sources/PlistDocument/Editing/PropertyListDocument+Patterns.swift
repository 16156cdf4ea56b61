import PlistKit

extension PropertyListDocument {
  /// Removes every value `pattern` names (see `PropertyList.matches(of:)`), each
  /// as ``removeValue(at:)`` removes it, and returns their key paths in document order. Nothing
  /// changes when a removal fails.
  ///
  /// - Throws: `PropertyListError` of kind `keyPath` when nothing matches or the
  ///   path before the first wildcard leads nowhere.
  @discardableResult
  public mutating func removeValues(
    matching pattern: PropertyListKeyPattern
  ) throws(PropertyListError) -> [PropertyListKeyPath] {
    let current = try value
    let paths = try current.matches(of: pattern).map(\.path)
    // One batch: its passes over the text do not grow with the number of matches, where one
    // removal after another read the whole text again for each (quadratic).
    let targets = Self.outermost(paths)
    if targets.count == 1 {
      // One place (a path without wildcards): the batch's index of the container's keys would
      // cost more than the removal (a project's `objects`: 100,000 keys hashed for one).
      try removeValue(at: targets[0])
    } else {
      try apply(targets.map { .remove($0) }, currentValue: current)
    }
    return paths
  }

  /// The paths not inside another one of them (`a` and `a.b` both match `**`-like patterns;
  /// removing `a` removes `a.b`), which a batch requires. `paths` are in document order, so a
  /// path's ancestors come before it.
  static func outermost(_ paths: [PropertyListKeyPath]) -> [PropertyListKeyPath] {
    var kept: [PropertyListKeyPath] = []
    for path in paths {
      if let last = kept.last, path.components.count > last.components.count,
        path.components.starts(with: last.components, by: { $0.exactlyEquals($1) })
      {
        continue
      }
      kept.append(path)
    }
    return kept
  }
}
