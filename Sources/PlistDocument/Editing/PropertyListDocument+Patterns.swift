import PlistKit

extension PropertyListDocument {
  /// Removes every value `pattern` names (see ``PlistKit/PropertyList/matches(of:)``), each
  /// as ``removeValue(at:)`` removes it, and returns their key paths in document order. Nothing
  /// changes when a removal fails.
  ///
  /// - Throws: ``PlistKit/PropertyListError`` of kind `keyPath` when nothing matches or the
  ///   path before the first wildcard leads nowhere.
  @discardableResult
  public mutating func removeValues(
    matching pattern: PropertyListKeyPattern
  ) throws(PropertyListError) -> [PropertyListKeyPath] {
    let paths = try value.matches(of: pattern).map(\.path)
    var copy = self
    // The last match first: every earlier key path still names what it named.
    for path in paths.reversed() { try copy.removeValue(at: path) }
    self = copy
    return paths
  }
}
