extension PropertyList {
  /// Moves the value at `source` to `destination`: it is removed, then inserted at
  /// `destination` as ``insertValue(_:at:append:)`` inserts (the key must be new there; an
  /// array index counts after the removal). Nothing changes when either step fails.
  public mutating func moveValue(
    from source: PropertyListKeyPath, to destination: PropertyListKeyPath
  ) throws(PropertyListError) {
    guard !source.components.isEmpty else {
      throw PropertyListError(.keyPath, at: .keyPath(""), "cannot move the root")
    }
    let moved = try value(at: source)
    if destination.components.count > source.components.count,
      destination.components.starts(with: source.components)
    {
      throw PropertyListError(.keyPath, at: .keyPath(destination.description), "cannot move a value into itself")
    }
    var copy = self
    try copy.removeValue(at: source)
    try copy.insertValue(moved, at: destination)
    self = copy
  }
}
