import PlistKit

/// Moving a value by key path: the reference (or inline value) moves, the objects stay.
extension ObjectGraph {
  /// Moves the value at `source` to `destination`: an NSArray element to another index (it
  /// counts after the removal, as `PropertyList.moveValue(from:to:)` counts), a value to a new
  /// field, NSDictionary entry or `$top` key anywhere, or, to another key of the same object,
  /// NSDictionary or `$top`, a rename that keeps the entry's position. What it refers to is
  /// not copied. Nothing changes when the move fails.
  ///
  /// - Throws: ``KeyedArchiveError`` of kind ``KeyedArchiveError/Kind/keyPath`` for a move from
  ///   the root or into the value itself, from a path that leads nowhere, to an index past the
  ///   end, or to a key that is already there.
  public mutating func moveValue(
    from source: PropertyListKeyPath, to destination: PropertyListKeyPath
  ) throws(KeyedArchiveError) {
    let newKey: String?
    do {
      newKey = try PropertyList.renamedKey(from: source, to: destination, arrayCount: arrayCount(at:))
      try PropertyList.checkMoveDestination(destination, source: source, arrayCount: arrayCount(at:))
    } catch {
      guard case .keyPath(let path) = error.location else { throw KeyedArchiveError(error) }
      throw KeyedArchiveError(.keyPath, at: path, error.message)
    }
    var copy = self
    let slot = try copy.slot(at: source, creating: false)
    guard let content = copy.content(of: slot) else {
      throw KeyedArchiveError(.keyPath, at: source.description, "no such key")
    }
    if let newKey, try copy.rename(slot, to: newKey, at: destination) {
      self = copy
      return
    }
    copy.remove(slot)
    let target = try copy.insertionSlot(at: destination, append: false)
    copy.store(content, in: target)
    self = copy
  }

  /// Renames the entry in `slot` where it is; false when `slot` is not a keyed entry.
  private mutating func rename(
    _ slot: ArchiveSlot, to newKey: String, at destination: PropertyListKeyPath
  ) throws(KeyedArchiveError) -> Bool {
    switch slot {
    case .top, .field, .entry: break
    default: return false
    }
    // Fails as an insert there fails when the key exists.
    _ = try insertionSlot(at: destination, append: false)
    switch slot {
    case .top(let key):
      top = Self.renaming(key, to: newKey, in: top)
    case .field(let id, let key):
      var instance = self[id].instance!
      instance.fields = Self.renaming(key, to: newKey, in: instance.fields)
      self[id] = .instance(instance)
    case .entry(let id, let index):
      let keyObject = add(.value(.string(newKey)))
      modifyList("NS.keys", of: id) { $0[index] = .uid(UInt64(keyObject)) }
    default:
      return false
    }
    return true
  }

  private static func renaming(
    _ key: String, to newKey: String, in dictionary: PropertyListDictionary
  ) -> PropertyListDictionary {
    var renamed = dictionary
    guard let position = renamed.position(of: key), let value = renamed.removeValue(forKey: key) else {
      return dictionary
    }
    _ = renamed.insert(value, forKey: newKey, at: position)
    return renamed
  }
}
