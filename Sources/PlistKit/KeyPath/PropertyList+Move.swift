extension PropertyList {
  /// Moves the value at `source` to `destination`: it is removed, then inserted at
  /// `destination` as ``insertValue(_:at:append:)`` inserts (the key must be new there; an
  /// array index counts after the removal). Nothing changes when either step fails.
  public mutating func moveValue(
    from source: PropertyListKeyPath, to destination: PropertyListKeyPath
  ) throws(PropertyListError) {
    try Self.checkMoveSource(source)
    let moved = try value(at: source)
    try Self.checkMoveDestination(destination, source: source)
    var copy = self
    try copy.removeValue(at: source)
    try copy.insertValue(moved, at: destination)
    self = copy
  }

  /// The root cannot move: the error a move from it fails with.
  package static func checkMoveSource(_ source: PropertyListKeyPath) throws(PropertyListError) {
    guard !source.components.isEmpty else {
      throw PropertyListError(.keyPath, at: .keyPath(""), "cannot move the root")
    }
  }

  /// A value cannot move inside itself: the error a move there fails with.
  package static func checkMoveDestination(
    _ destination: PropertyListKeyPath, source: PropertyListKeyPath
  ) throws(PropertyListError) {
    if destination.components.count > source.components.count,
      destination.components.starts(with: source.components)
    {
      throw PropertyListError(.keyPath, at: .keyPath(destination.description), "cannot move a value into itself")
    }
  }
}
