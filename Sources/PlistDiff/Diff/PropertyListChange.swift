import PlistKit

/// How one property list value became another: the structured result of a diff, which a
/// patch applies and a merge combines.
///
/// Containers that changed inside are described entry by entry, so that a change deep in a
/// large value stays small. Paths are not stored: each change sits where it applies.
public indirect enum PropertyListChange: Sendable, Equatable {
  /// The value was replaced as a whole: a scalar changed, or the kind of value changed.
  case replaced(old: PropertyList, new: PropertyList)
  /// A dictionary's entries changed.
  case dictionary(DictionaryChange)
  /// An array's elements changed.
  case array(ArrayChange)
  /// The same change as the one reported at `path` (a path in the old value), because both
  /// places hold one shared value in both files (a binary plist's reader shares an object
  /// referenced from several places).
  case repeated(of: PropertyListKeyPath, PropertyListChange)

  /// The path a ``repeated(of:_:)`` change repeats, nil for other changes.
  public var repeatedPath: PropertyListKeyPath? {
    if case .repeated(let path, _) = self { return path }
    return nil
  }

  /// The paths the ``repeated(of:_:)`` changes inside this one repeat, found without entering
  /// the changes they wrap (so in time linear in the change, however much it repeats).
  var repeatedOriginals: Set<PropertyListKeyPath> {
    var paths: Set<PropertyListKeyPath> = []
    var pending = [self]
    while let next = pending.popLast() {
      switch next {
      case .replaced: break
      case .repeated(let path, _): paths.insert(path)
      case .dictionary(let dictionary):
        for case .changed(_, let inner) in dictionary.entries { pending.append(inner) }
      case .array(let array):
        for case .changed(_, _, let inner) in array.edits { pending.append(inner) }
      }
    }
    return paths
  }

  /// The change with any ``repeated(of:_:)`` wrappers taken off.
  public var underlying: PropertyListChange {
    if case .repeated(_, let change) = self { return change.underlying }
    return self
  }
}

/// The changed entries of a dictionary.
public struct DictionaryChange: Sendable, Equatable {
  /// The changes, in the old dictionary's key order, then added keys in the new one's order.
  public var entries: [DictionaryEntryChange]
  /// The order of the keys both dictionaries have, when it differs and the diff was asked to
  /// report key order (``PropertyListDiffOptions/reportsKeyOrder``).
  public var keyOrder: KeyOrderChange?

  /// Makes a dictionary change.
  public init(entries: [DictionaryEntryChange], keyOrder: KeyOrderChange? = nil) {
    self.entries = entries
    self.keyOrder = keyOrder
  }
}

/// One entry of a ``DictionaryChange``.
public enum DictionaryEntryChange: Sendable, Equatable {
  /// A key only the old dictionary has.
  case removed(key: String, old: PropertyList)
  /// A key only the new dictionary has, at `position` among the new dictionary's keys.
  case added(key: String, new: PropertyList, position: Int)
  /// A key both have, with different values.
  case changed(key: String, PropertyListChange)

  /// The key of the entry.
  public var key: String {
    switch self {
    case .removed(let key, _), .added(let key, _, _), .changed(let key, _): key
    }
  }
}

/// The keys two dictionaries share, in the old and in the new order.
public struct KeyOrderChange: Sendable, Equatable {
  /// The shared keys in the old dictionary's order.
  public var old: [String]
  /// The shared keys in the new dictionary's order.
  public var new: [String]

  /// Makes a key order change.
  public init(old: [String], new: [String]) {
    self.old = old
    self.new = new
  }
}

/// The changed elements of an array, aligned so that an inserted element is one insertion,
/// not a change of every element after it.
public struct ArrayChange: Sendable, Equatable {
  /// The number of elements before.
  public var oldCount: Int
  /// The number of elements after.
  public var newCount: Int
  /// The edits in increasing order of position (both old and new positions increase).
  public var edits: [ArrayEdit]

  /// Makes an array change.
  public init(oldCount: Int, newCount: Int, edits: [ArrayEdit]) {
    self.oldCount = oldCount
    self.newCount = newCount
    self.edits = edits
  }
}

/// One edit of an ``ArrayChange``.
public enum ArrayEdit: Sendable, Equatable {
  /// The element at `oldIndex` is, changed, the element at `newIndex`.
  case changed(oldIndex: Int, newIndex: Int, PropertyListChange)
  /// The old elements in `old` were replaced by the new elements in `new` (one of the two
  /// ranges may be empty: a pure removal or insertion). `removed` and `inserted` are those
  /// elements.
  case replaced(old: Range<Int>, new: Range<Int>, removed: [PropertyList], inserted: [PropertyList])

  /// The old positions the edit covers (empty for an insertion, at the place it goes).
  public var oldRange: Range<Int> {
    switch self {
    case .changed(let index, _, _): index..<index + 1
    case .replaced(let old, _, _, _): old
    }
  }

  /// The new positions the edit covers.
  public var newRange: Range<Int> {
    switch self {
    case .changed(_, let index, _): index..<index + 1
    case .replaced(_, let new, _, _): new
    }
  }
}
