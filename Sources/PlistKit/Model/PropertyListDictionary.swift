/// The dictionary of a property list: string keys in the order they were read or inserted,
/// with hashed lookup.
///
/// Keys are matched by their exact Unicode scalars (see ``PropertyList``): a precomposed and a
/// decomposed `"é"` are two keys, as they are in a plist file. Setting an existing key keeps
/// its position; new keys go at the end.
public struct PropertyListDictionary: Sendable {
  /// The keys, in order.
  public private(set) var keys: [String]
  /// The values, in the order of ``keys``.
  public private(set) var values: [PropertyList]
  /// Key → position, built once the dictionary is large enough for it to pay off.
  @usableFromInline var index: [ExactKey: Int]?

  /// Dictionaries up to this size are searched linearly: it is faster than hashing and keeps
  /// the many small dictionaries of a typical plist free of a hash table.
  private static let indexThreshold = 12

  /// Makes an empty dictionary.
  public init() {
    keys = []
    values = []
  }

  /// Makes a dictionary from pairs in order; a repeated key keeps its first position and its
  /// last value (as Apple's and Python's readers do).
  public init<S: Sequence>(_ entries: S) where S.Element == (String, PropertyList) {
    self.init()
    for (key, value) in entries { self[key] = value }
  }

  /// Makes a dictionary from keys and values in order, taking both arrays as they are when the
  /// keys are all different (the common case for a reader); a repeated key keeps its first
  /// position and its last value, as with ``init(_:)``.
  package init(keys: [String], values: [PropertyList]) {
    precondition(keys.count == values.count, "a value for every key")
    self.keys = keys
    self.values = values
    if keys.count > Self.indexThreshold {
      var table = [ExactKey: Int](minimumCapacity: keys.count)
      for (position, key) in keys.enumerated() {
        guard table.updateValue(position, forKey: ExactKey(key)) == nil else {
          self = Self(zip(keys, values))
          return
        }
      }
      index = table
      return
    }
    for position in keys.indices.dropFirst() {
      let key = keys[position]
      if keys[..<position].contains(where: { $0.exactlyEquals(key) }) {
        self = Self(zip(keys, values))
        return
      }
    }
  }

  /// The number of entries.
  public var count: Int { keys.count }

  /// True when there are no entries.
  public var isEmpty: Bool { keys.isEmpty }

  /// The position of `key`, if present.
  ///
  /// Inlinable, as the lookup under ``subscript(_:)-(String)``: the layers above look keys up in
  /// every object of a large file (an Xcode project's writer and comments ask each object for its
  /// `isa`, `name`, `path`…), and a call for each look-up cost the project writer, in a module of
  /// its own, 0.8 % more instructions.
  @inlinable
  public func position(of key: String) -> Int? {
    if let index { return index[ExactKey(key)] }
    return keys.firstIndex { $0.exactlyEquals(key) }
  }

  /// The value for `key`; setting nil removes the entry.
  @inlinable
  public subscript(key: String) -> PropertyList? {
    get { position(of: key).map { values[$0] } }
    set {
      if let newValue { updateValue(newValue, forKey: key) } else { removeValue(forKey: key) }
    }
  }

  /// Sets the value for `key` (appending the key if new) and returns the old value.
  @discardableResult
  public mutating func updateValue(_ value: PropertyList, forKey key: String) -> PropertyList? {
    if let position = position(of: key) {
      let old = values[position]
      values[position] = value
      return old
    }
    append(key: key, value: value)
    return nil
  }

  /// Inserts a new entry at `position`; returns false (and changes nothing) when the key exists.
  @discardableResult
  public mutating func insert(_ value: PropertyList, forKey key: String, at position: Int) -> Bool {
    guard self.position(of: key) == nil else { return false }
    keys.insert(key, at: position)
    values.insert(value, at: position)
    rebuildIndex()
    return true
  }

  /// Removes the entry for `key` and returns its value.
  @discardableResult
  public mutating func removeValue(forKey key: String) -> PropertyList? {
    guard let position = position(of: key) else { return nil }
    keys.remove(at: position)
    let old = values.remove(at: position)
    rebuildIndex()
    return old
  }

  /// Replaces the value at a position (from ``position(of:)`` or ``keys``).
  public mutating func setValue(_ value: PropertyList, atPosition position: Int) {
    values[position] = value
  }

  /// The value at a position, moved out (`false` is left there until ``setValue(_:atPosition:)``
  /// puts one back), so that the caller holds the only reference to it and can edit it in place.
  package mutating func takeValue(atPosition position: Int) -> PropertyList {
    values[position].take()
  }

  /// Reorders the entries by key, using `areInIncreasingOrder`.
  public mutating func sortKeys(by areInIncreasingOrder: (String, String) -> Bool) {
    let order = keys.indices.sorted { areInIncreasingOrder(keys[$0], keys[$1]) }
    keys = order.map { keys[$0] }
    values = order.map { values[$0] }
    rebuildIndex()
  }

  private mutating func append(key: String, value: PropertyList) {
    keys.append(key)
    values.append(value)
    if index != nil {
      index![ExactKey(key)] = keys.count - 1
    } else if keys.count > Self.indexThreshold {
      rebuildIndex()
    }
  }

  private mutating func rebuildIndex() {
    guard keys.count > Self.indexThreshold else {
      index = nil
      return
    }
    var table = [ExactKey: Int](minimumCapacity: keys.count)
    for (position, key) in keys.enumerated() { table[ExactKey(key)] = position }
    index = table
  }
}

extension PropertyListDictionary: RandomAccessCollection {
  /// An entry: a key and its value.
  public typealias Element = (key: String, value: PropertyList)

  public var startIndex: Int { 0 }
  public var endIndex: Int { keys.count }
  public subscript(position: Int) -> Element { (keys[position], values[position]) }
}

extension PropertyListDictionary: ExpressibleByDictionaryLiteral {
  /// Makes a dictionary from a literal, in the literal's order.
  public init(dictionaryLiteral elements: (String, PropertyList)...) {
    self.init(elements)
  }
}

extension PropertyListDictionary: Hashable {
  /// Same entries, whatever their order (compared without recursion, see ``PropertyList``).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    PropertyList.dictionary(lhs) == PropertyList.dictionary(rhs)
  }

  /// The size and the set of keys, whatever their order, so that it agrees with `==`; values
  /// are left out so that hashing is bounded in depth however deeply the value nests.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    var sum = 0
    for key in keys {
      var keyHasher = Hasher()
      keyHasher.combine(ExactKey(key))
      sum &+= keyHasher.finalize()
    }
    hasher.combine(sum)
  }

  /// True when both have the same entries in the same order, compared with
  /// ``PropertyList/isIdentical(to:)`` all the way down.
  public func isIdentical(to other: Self) -> Bool {
    PropertyList.dictionary(self).isIdentical(to: .dictionary(other))
  }
}
