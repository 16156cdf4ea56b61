import FoundationEssentials
import PlistKit

/// The `Encoder` that ``PlistEncoder`` hands to `encode(to:)`: one per encoding, moved from
/// value to value like ``MapDecoder``, writing into one ``EncodingArena``.
///
/// Each value being encoded has a level; a container requested at a level is pushed on
/// `stack`, and what is on top when the value's `encode(to:)` returns is its encoding.
final class ValueEncoder: Encoder {
  let arena: EncodingArena
  let userInfo: [CodingUserInfoKey: Any]
  let maximumDepth: Int
  /// How archives are written, when this encoder makes one (``KeyedArchiveEncoder``).
  let archiving: Bool
  /// Encode `[String: Value]` dictionaries with their keys sorted, as Foundation's binary
  /// encoder does (its XML encoder sorts every dictionary, as the XML writer here does).
  var sortsStringDictionaries = false
  /// The type asked about last, and whether it is a `[String: Value]`: a dynamic cast costs
  /// more than a record's scalars, and the values of an encoding are of a few types in a row.
  @exclusivity(unchecked) private var lastType: Any.Type = Never.self
  @exclusivity(unchecked) private var lastTypeIsStringDictionary = false
  @exclusivity(unchecked) private(set) var pathNode = CodingPath.root
  /// The encodings of the values in progress, at most one per level.
  @exclusivity(unchecked) private var stack: [Int32] = []
  /// How many values are being encoded (the innermost one's level).
  @exclusivity(unchecked) private var level = 0

  init(arena: EncodingArena, userInfo: [CodingUserInfoKey: Any], maximumDepth: Int, archiving: Bool = false) {
    self.arena = arena
    self.userInfo = userInfo
    self.maximumDepth = maximumDepth
    self.archiving = archiving
  }

  var codingPath: [any CodingKey] { pathNode.path }

  /// True when the value at the current level has no encoding yet.
  private var needsEncoding: Bool { stack.count < level }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let node: Int32
    if needsEncoding {
      node = arena.addDictionary()
      stack.append(node)
    } else {
      node = stack.last!
      precondition(
        arena.nodes[Int(node)].kind == .dictionary,
        "a keyed container was requested for a value already encoded another way at \(codingPath.keyPathDescription)")
    }
    return KeyedEncodingContainer(ValueKeyedContainer<Key>(encoder: self, node: node, path: pathNode))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let node: Int32
    if needsEncoding {
      node = arena.addArray()
      stack.append(node)
    } else {
      node = stack.last!
      precondition(
        arena.nodes[Int(node)].kind == .array,
        "an unkeyed container was requested for a value already encoded another way at \(codingPath.keyPathDescription)"
      )
    }
    return ValueUnkeyedContainer(encoder: self, node: node, path: pathNode)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { self }

  /// Sets the encoding of the current value (a single-value container's one value).
  func put(_ node: Int32) {
    precondition(
      needsEncoding, "a single value was encoded twice, or after a container, at \(codingPath.keyPathDescription)")
    stack.append(node)
  }

  /// Encodes `value` at `path` and returns its node: strings, numbers, booleans, dates and
  /// data directly, anything else through its `encode(to:)` with this encoder.
  func box<T: Encodable>(_ value: T, path: @autoclosure () -> CodingPath) throws -> Int32 {
    if let scalar = scalarNode(value) { return scalar }
    guard level < maximumDepth else {
      let codingPath = path().path
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: codingPath,
          debugDescription: "\(codingPath.keyPathDescription): values nested deeper than the limit of \(maximumDepth)"))
    }
    if !archiving, let array = scalarArrayNode(value) { return array }
    if sortsStringDictionaries, isStringDictionary(T.self), let dictionary = value as? any SortableStringDictionary {
      return try sortedDictionaryNode(dictionary, path: path())
    }
    let savedPath = pathNode
    pathNode = path()
    level += 1
    defer {
      level -= 1
      pathNode = savedPath
    }
    let height = stack.count
    try value.encode(to: self)
    // A value that encoded nothing is an empty dictionary, as Foundation encodes it.
    let node = stack.count > height ? stack.removeLast() : arena.addDictionary()
    if archiving { try annotate(node, for: value) }
    return node
  }

  /// The node of a value that needs no encoder: the standard scalars and Date and Data.
  private func scalarNode<T: Encodable>(_ value: T) -> Int32? {
    if T.self == String.self { return arena.add(string: unsafeBitCast(value, to: String.self)) }
    if T.self == Int.self { return arena.add(integer: Int64(unsafeBitCast(value, to: Int.self))) }
    if T.self == Double.self { return arena.add(real: unsafeBitCast(value, to: Double.self)) }
    if T.self == Bool.self { return arena.add(boolean: unsafeBitCast(value, to: Bool.self)) }
    if T.self == Date.self {
      return arena.add(date: unsafeBitCast(value, to: Date.self).timeIntervalSinceReferenceDate)
    }
    if T.self == Data.self { return arena.add(data: unsafeBitCast(value, to: Data.self)) }
    return nil
  }

  /// The node of an array of strings, integers, reals or booleans, which encode each element
  /// as a single value: made here without a container for each.
  private func scalarArrayNode<T: Encodable>(_ value: T) -> Int32? {
    // A loop for each element type: one generic over the element, with the node made by a
    // closure, cost several times as much per element.
    if T.self == [String].self {
      let node = arena.addArray()
      for element in unsafeBitCast(value, to: [String].self) { arena.append(arena.add(string: element), to: node) }
      return node
    }
    if T.self == [Int].self {
      let node = arena.addArray()
      for element in unsafeBitCast(value, to: [Int].self) { arena.append(arena.add(integer: Int64(element)), to: node) }
      return node
    }
    if T.self == [Double].self {
      let node = arena.addArray()
      for element in unsafeBitCast(value, to: [Double].self) { arena.append(arena.add(real: element), to: node) }
      return node
    }
    if T.self == [Bool].self {
      let node = arena.addArray()
      for element in unsafeBitCast(value, to: [Bool].self) { arena.append(arena.add(boolean: element), to: node) }
      return node
    }
    return nil
  }

  /// True when `type` is a `[String: Value]` (see ``SortableStringDictionary``).
  @inline(__always)
  private func isStringDictionary<T>(_ type: T.Type) -> Bool {
    if type == lastType { return lastTypeIsStringDictionary }
    lastType = type
    lastTypeIsStringDictionary = type is any SortableStringDictionary.Type
    return lastTypeIsStringDictionary
  }

  /// The node of a `[String: Value]` dictionary with its entries in key order (Swift's string
  /// order, as Foundation sorts them).
  private func sortedDictionaryNode(_ dictionary: any SortableStringDictionary, path: CodingPath) throws -> Int32 {
    let node = arena.addDictionary()
    level += 1
    defer { level -= 1 }
    for (key, element) in dictionary.sortedEntries() {
      arena.append(try box(element, path: path.appending(PlistCodingKey(stringValue: key))), to: node, key: key)
    }
    return node
  }

  /// The encoding of a top-level value, or nil when it encoded nothing (Foundation refuses
  /// those rather than write an empty dictionary).
  func topLevel<T: Encodable>(_ value: T) throws -> Int32? {
    if let scalar = scalarNode(value) { return scalar }
    if sortsStringDictionaries, let dictionary = value as? any SortableStringDictionary {
      return try sortedDictionaryNode(dictionary, path: .root)
    }
    level = 1
    defer { level = 0 }
    try value.encode(to: self)
    guard let node = stack.popLast() else { return nil }
    if archiving { try annotate(node, for: value) }
    return node
  }
}

extension ValueEncoder: SingleValueEncodingContainer, ArenaValueContainer {
  func encode<T: Encodable>(_ value: T) throws {
    precondition(
      needsEncoding, "a single value was encoded twice, or after a container, at \(codingPath.keyPathDescription)")
    // The same value and path: only its encoding is pushed.
    level -= 1
    defer { level += 1 }
    stack.append(try box(value, path: pathNode))
  }
}

/// A `[String: Value]` dictionary, whose entries Foundation's binary encoder writes sorted.
protocol SortableStringDictionary {
  /// The entries in key order.
  func sortedEntries() -> [(key: String, value: any Encodable)]
}

extension Dictionary: SortableStringDictionary where Key == String, Value: Encodable {
  func sortedEntries() -> [(key: String, value: any Encodable)] {
    sorted { $0.key < $1.key }.map { ($0.key, $0.value as any Encodable) }
  }
}
