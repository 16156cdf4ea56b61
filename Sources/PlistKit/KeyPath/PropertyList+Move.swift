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

  /// Moves the value at `source` to `destination` as ``moveValue(from:to:)`` does, except that
  /// a move to another key of the same dictionary renames the entry where it is: it keeps its
  /// position among the dictionary's keys. Nothing changes when the move fails.
  public mutating func moveValue(
    from source: PropertyListKeyPath, to destination: PropertyListKeyPath, keepingPosition: Bool
  ) throws(PropertyListError) {
    guard keepingPosition, let newKey = try Self.renamedKey(from: source, to: destination),
      case .dictionary(var dictionary) = try value(at: source.prefix(source.components.count - 1))
    else {
      try moveValue(from: source, to: destination)
      return
    }
    guard let position = dictionary.position(of: source.components.last!) else {
      throw PropertyListError(.keyPath, at: .keyPath(source.description), "no such key")
    }
    guard dictionary.position(of: newKey) == nil else {
      throw PropertyListError(.keyPath, at: .keyPath(destination.description), "the key already exists")
    }
    let moved = dictionary.values[position]
    dictionary.removeValue(forKey: source.components.last!)
    _ = dictionary.insert(moved, forKey: newKey, at: position)
    try setValue(.dictionary(dictionary), at: source.prefix(source.components.count - 1))
  }

  /// The new key when `destination` names another key of `source`'s container (a rename),
  /// nil for any other move; a move from the root fails as ``moveValue(from:to:)`` fails.
  package static func renamedKey(
    from source: PropertyListKeyPath, to destination: PropertyListKeyPath
  ) throws(PropertyListError) -> String? {
    try checkMoveSource(source)
    guard destination.components.count == source.components.count,
      zip(destination.components.dropLast(), source.components.dropLast()).allSatisfy({ $0.exactlyEquals($1) }),
      let last = destination.components.last, !last.exactlyEquals(source.components.last!)
    else { return nil }
    return last
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
