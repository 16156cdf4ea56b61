extension PropertyList {
  /// Moves the value at `source` to `destination`: it is removed, then inserted at
  /// `destination` as ``insertValue(_:at:append:)`` inserts (the key must be new there; an
  /// array index counts after the removal, a negative one from the end of what is left, so
  /// `-1` puts the value before the last element). A negative index in `source` counts from
  /// the end: `-1` moves the last element. Nothing changes when either step fails.
  public mutating func moveValue(
    from source: PropertyListKeyPath, to destination: PropertyListKeyPath
  ) throws(PropertyListError) {
    try Self.checkMoveSource(source)
    let moved = try value(at: source)
    try Self.checkMoveDestination(destination, source: source, arrayCount: arrayCount(at:))
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
    guard keepingPosition, let newKey = try Self.renamedKey(from: source, to: destination, arrayCount: arrayCount(at:)),
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
  /// `arrayCount` gives the element count of the array at a path of the value before the move
  /// (nil where there is none), so that `list.-1.key` and `list.3.key` name one container in
  /// an array of four.
  package static func renamedKey(
    from source: PropertyListKeyPath, to destination: PropertyListKeyPath,
    arrayCount: (PropertyListKeyPath) -> Int?
  ) throws(PropertyListError) -> String? {
    try checkMoveSource(source)
    let parentLength = source.components.count - 1
    guard destination.components.count == source.components.count,
      let last = destination.components.last, !last.exactlyEquals(source.components.last!)
    else { return nil }
    let sourceParent = source.prefix(parentLength).resolvingNegativeIndices(arrayCount: arrayCount)
    let destinationParent = destination.prefix(parentLength).resolvingNegativeIndices(arrayCount: arrayCount)
    guard zip(destinationParent.components, sourceParent.components).allSatisfy({ $0.exactlyEquals($1) }) else {
      return nil
    }
    return last
  }

  /// The root cannot move: the error a move from it fails with.
  package static func checkMoveSource(_ source: PropertyListKeyPath) throws(PropertyListError) {
    guard !source.components.isEmpty else {
      throw PropertyListError(.keyPath, at: .keyPath(""), "cannot move the root")
    }
  }

  /// A value cannot move inside itself: the error a move there fails with. `arrayCount` gives
  /// the element count of the array at a path of the value before the move (nil where there is
  /// none), so that a negative index names the element it names before the move: `list.-1`
  /// cannot move into `list.3.key` in an array of four.
  package static func checkMoveDestination(
    _ destination: PropertyListKeyPath, source: PropertyListKeyPath, arrayCount: (PropertyListKeyPath) -> Int?
  ) throws(PropertyListError) {
    let length = source.components.count
    guard destination.components.count > length else { return }
    let moved = source.resolvingNegativeIndices(arrayCount: arrayCount)
    if destination.prefix(length).resolvingNegativeIndices(arrayCount: arrayCount).components == moved.components {
      throw PropertyListError(.keyPath, at: .keyPath(destination.description), "cannot move a value into itself")
    }
  }

  /// The element count of the array at `path`; nil when the path leads nowhere or to another
  /// kind of value.
  package func arrayCount(at path: PropertyListKeyPath) -> Int? {
    guard case .array(let array)? = try? value(at: path) else { return nil }
    return array.count
  }
}
