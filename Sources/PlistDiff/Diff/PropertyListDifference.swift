import PlistKit

/// One difference between two property lists, as a line of `plistkit diff` shows it.
///
/// Paths name places in the old value, except for an addition, whose path is in the new
/// value; when an element moved (elements were inserted or removed before it), a change also
/// gives its ``newPath``.
public struct PropertyListDifference: Sendable, Equatable {
  /// What kind of difference.
  public enum Kind: String, Sendable, CaseIterable {
    /// A value only the new side has (`+`).
    case added
    /// A value only the old side has (`-`).
    case removed
    /// A value both sides have, different (`~`).
    case changed
    /// A dictionary's shared keys in another order (only with
    /// ``PropertyListDiffOptions/reportsKeyOrder``).
    case keyOrder = "key-order"
    /// The same differences as at ``repeatedPath``: both places hold one shared value.
    case repeated
  }

  /// The kind.
  public var kind: Kind
  /// Where: in the old value (in the new one for ``Kind/added``).
  public var path: PropertyListKeyPath
  /// Where in the new value, when that is not ``path`` (an element that moved).
  public var newPath: PropertyListKeyPath?
  /// The old value (removed, changed); for ``Kind/keyOrder`` the shared keys in the old order.
  public var oldValue: PropertyList?
  /// The new value (added, changed); for ``Kind/keyOrder`` the shared keys in the new order.
  public var newValue: PropertyList?
  /// For ``Kind/repeated``: the path whose differences repeat here.
  public var repeatedPath: PropertyListKeyPath?

  /// Makes a difference.
  public init(
    kind: Kind, path: PropertyListKeyPath, newPath: PropertyListKeyPath? = nil, oldValue: PropertyList? = nil,
    newValue: PropertyList? = nil, repeatedPath: PropertyListKeyPath? = nil
  ) {
    self.kind = kind
    self.path = path
    self.newPath = newPath.flatMap { $0 == path ? nil : $0 }
    self.oldValue = oldValue
    self.newValue = newValue
    self.repeatedPath = repeatedPath
  }
}

extension PropertyListChange {
  /// The change as a list of differences, one per changed value, in the order of the old
  /// value (additions where they go). `old` and `newPath` are the paths of the changed value
  /// in the old and the new value.
  public func differences(
    at old: PropertyListKeyPath = PropertyListKeyPath(components: []), newPath: PropertyListKeyPath? = nil
  ) -> [PropertyListDifference] {
    var result: [PropertyListDifference] = []
    // A work list, last first, so that nesting cannot overflow the stack.
    var pending: [FlatteningItem] = [.change(self, old, newPath ?? old)]
    while let item = pending.popLast() {
      switch item {
      case .difference(let difference):
        result.append(difference)
      case .change(.replaced(let before, let after), let oldPath, let newPath):
        result.append(
          PropertyListDifference(kind: .changed, path: oldPath, newPath: newPath, oldValue: before, newValue: after))
      case .change(.repeated(let original, _), let oldPath, let newPath):
        result.append(PropertyListDifference(kind: .repeated, path: oldPath, newPath: newPath, repeatedPath: original))
      case .change(.dictionary(let dictionary), let oldPath, let newPath):
        pending.append(contentsOf: Self.items(of: dictionary, oldPath, newPath).reversed())
      case .change(.array(let array), let oldPath, let newPath):
        pending.append(contentsOf: Self.items(of: array, oldPath, newPath).reversed())
      }
    }
    return result
  }

  private static func items(
    of dictionary: DictionaryChange, _ oldPath: PropertyListKeyPath, _ newPath: PropertyListKeyPath
  ) -> [FlatteningItem] {
    var items: [FlatteningItem] = []
    if let order = dictionary.keyOrder {
      items.append(
        .difference(
          PropertyListDifference(
            kind: .keyOrder, path: oldPath, newPath: newPath, oldValue: .array(order.old.map { .string($0) }),
            newValue: .array(order.new.map { .string($0) }))))
    }
    for entry in dictionary.entries {
      switch entry {
      case .removed(let key, let value):
        items.append(.difference(PropertyListDifference(kind: .removed, path: oldPath.appending(key), oldValue: value)))
      case .added(let key, let value, _):
        items.append(.difference(PropertyListDifference(kind: .added, path: newPath.appending(key), newValue: value)))
      case .changed(let key, let inner):
        items.append(.change(inner, oldPath.appending(key), newPath.appending(key)))
      }
    }
    return items
  }

  private static func items(
    of array: ArrayChange, _ oldPath: PropertyListKeyPath, _ newPath: PropertyListKeyPath
  ) -> [FlatteningItem] {
    var items: [FlatteningItem] = []
    for edit in array.edits {
      switch edit {
      case .changed(let oldIndex, let newIndex, let inner):
        items.append(.change(inner, oldPath.appending(index: oldIndex), newPath.appending(index: newIndex)))
      case .replaced(let oldRange, let newRange, let removed, let inserted):
        for (index, value) in zip(oldRange, removed) {
          items.append(
            .difference(PropertyListDifference(kind: .removed, path: oldPath.appending(index: index), oldValue: value)))
        }
        for (index, value) in zip(newRange, inserted) {
          items.append(
            .difference(PropertyListDifference(kind: .added, path: newPath.appending(index: index), newValue: value)))
        }
      }
    }
    return items
  }
}

/// A step of flattening a change: a difference made, or a change still to expand at its old
/// and new paths.
private enum FlatteningItem {
  case difference(PropertyListDifference)
  case change(PropertyListChange, PropertyListKeyPath, PropertyListKeyPath)
}
