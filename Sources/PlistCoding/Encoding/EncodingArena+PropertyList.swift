import PlistKit

extension EncodingArena {
  /// The value of `node` as a property list, dictionary keys in the order they were encoded
  /// or, with `sortsKeys`, in Swift's string order (as Foundation's XML encoder writes them).
  /// A key encoded twice keeps its first place and its last value.
  func propertyList(_ node: Int32, sortsKeys: Bool) -> PropertyList {
    var order = KeyOrder()
    return propertyList(node, sortsKeys: sortsKeys, order: &order)
  }

  private func propertyList(_ node: Int32, sortsKeys: Bool, order: inout KeyOrder) -> PropertyList {
    let value = nodes[Int(node)]
    switch value.kind {
    case .string: return .string(strings[Int(value.payload)])
    case .null: return .string(DecodingMap.null)
    case .integer: return .integer(Int64(bitPattern: value.payload))
    case .largeInteger: return .integer(value.payload)
    case .real: return .real(Double(bitPattern: value.payload))
    case .boolean: return .boolean(value.payload != 0)
    case .date: return .date(PropertyListDate(secondsSinceReferenceDate: Double(bitPattern: value.payload)))
    case .data: return .data([UInt8](data[Int(value.payload)]))
    case .uid: return .uid(value.payload)
    case .shared, .shadowed: preconditionFailure("an encoding shares and repeats nothing")
    case .array:
      var elements: [PropertyList] = []
      elements.reserveCapacity(Int(value.count))
      var child = value.first
      while child >= 0 {
        elements.append(propertyList(child, sortsKeys: sortsKeys, order: &order))
        child = nodes[Int(child)].next
      }
      return .array(elements)
    case .dictionary:
      var children = self.children(of: node)
      if sortsKeys { children.withUnsafeMutableBufferPointer { _ = order.sort($0, in: self) } }
      var keys: [String] = []
      var values: [PropertyList] = []
      keys.reserveCapacity(children.count)
      values.reserveCapacity(children.count)
      for child in children {
        keys.append(key(of: child))
        values.append(propertyList(child, sortsKeys: sortsKeys, order: &order))
      }
      return .dictionary(PropertyListDictionary(keys: keys, values: values))
    }
  }
}

/// Sorts dictionary children by key as Foundation's XML encoder does (Swift's `<` on
/// strings), remembering the last dictionary's keys: records of one type have the same keys
/// in the same order, and are then put in order without comparing strings (most often
/// without looking at them at all: the arena stores a type's keys once, so their indices are
/// the same from record to record).
struct KeyOrder {
  private var lastKeyIndices: [Int32] = []
  private var lastKeys: [String] = []
  private var lastPermutation: [Int] = []
  private var lastRepeatsKey = false
  private var original: [Int32] = []

  /// Puts `children` in key order; returns true when two of them have the same key (the same
  /// Unicode scalars: canonically equivalent keys are different keys).
  mutating func sort(_ children: UnsafeMutableBufferPointer<Int32>, in arena: EncodingArena) -> Bool {
    let count = children.count
    guard count > 1 else { return false }
    if count == lastKeys.count {
      if sameKeyIndices(children, in: arena) || sameKeys(children, in: arena) {
        permute(children)
        return lastRepeatsKey
      }
    }
    let keys = children.map { arena.key(of: $0) }
    // Stable: a key encoded twice keeps its order, and so its last value.
    let permutation = keys.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
    lastKeyIndices = children.map { arena.nodes[Int($0)].key }
    lastKeys = keys
    lastPermutation = permutation
    permute(children)
    // Equal keys sort next to each other; only then is it worth comparing every pair exactly.
    let mayRepeat = (1..<count).contains { keys[permutation[$0 - 1]] == keys[permutation[$0]] }
    lastRepeatsKey =
      mayRepeat && keys.indices.contains { first in keys[..<first].contains { $0.exactlyEquals(keys[first]) } }
    return lastRepeatsKey
  }

  /// True when the children's keys are the last dictionary's by their indices in the arena.
  private func sameKeyIndices(_ children: UnsafeMutableBufferPointer<Int32>, in arena: EncodingArena) -> Bool {
    for position in 0..<children.count where arena.nodes[Int(children[position])].key != lastKeyIndices[position] {
      return false
    }
    return true
  }

  /// True when the children's keys are the last dictionary's, compared as strings; the
  /// indices are then remembered for the next one.
  private mutating func sameKeys(_ children: UnsafeMutableBufferPointer<Int32>, in arena: EncodingArena) -> Bool {
    for position in 0..<children.count where !arena.key(of: children[position]).exactlyEquals(lastKeys[position]) {
      return false
    }
    for position in 0..<children.count { lastKeyIndices[position] = arena.nodes[Int(children[position])].key }
    return true
  }

  /// Puts the children in the last dictionary's order.
  private mutating func permute(_ children: UnsafeMutableBufferPointer<Int32>) {
    original.removeAll(keepingCapacity: true)
    original.append(contentsOf: children)
    for position in 0..<children.count { children[position] = original[lastPermutation[position]] }
  }
}
