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
      if sortsKeys { order.sort(&children, in: self) }
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
/// in the same order, and are then put in order without comparing strings.
struct KeyOrder {
  private var lastKeys: [String] = []
  private var lastPermutation: [Int] = []
  private var lastRepeatsKey = false

  /// Puts `children` in key order; returns true when two of them have the same key (the same
  /// Unicode scalars: canonically equivalent keys are different keys).
  @discardableResult
  mutating func sort(_ children: inout [Int32], in arena: EncodingArena) -> Bool {
    let count = children.count
    guard count > 1 else { return false }
    if count == lastKeys.count {
      var same = true
      for position in 0..<count where !arena.key(of: children[position]).exactlyEquals(lastKeys[position]) {
        same = false
        break
      }
      if same {
        let original = children
        for position in 0..<count { children[position] = original[lastPermutation[position]] }
        return lastRepeatsKey
      }
    }
    let keys = children.map { arena.key(of: $0) }
    // Stable: a key encoded twice keeps its order, and so its last value.
    let permutation = keys.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
    let original = children
    for position in 0..<count { children[position] = original[permutation[position]] }
    lastKeys = keys
    lastPermutation = permutation
    // Equal keys sort next to each other; only then is it worth comparing every pair exactly.
    let mayRepeat = (1..<count).contains { keys[permutation[$0 - 1]] == keys[permutation[$0]] }
    lastRepeatsKey =
      mayRepeat && keys.indices.contains { first in keys[..<first].contains { $0.exactlyEquals(keys[first]) } }
    return lastRepeatsKey
  }
}
