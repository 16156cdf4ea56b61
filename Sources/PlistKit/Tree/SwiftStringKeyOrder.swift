/// Sorts dictionary children by key as Foundation's XML encoder does (Swift's `<` on
/// strings), remembering the last dictionary's keys: records of one type have the same keys
/// in the same order, and are then put in order without comparing strings (most often
/// without looking at them at all: a tree stores a type's keys once, so their indices are
/// the same from record to record).
struct SwiftStringKeyOrder {
  private var lastKeyIndices: [Int32] = []
  private var lastKeys: [String] = []
  private var lastPermutation: [Int] = []
  private var lastRepeatsKey = false
  private var original: [Int32] = []

  /// An order that remembers nothing yet.
  init() {}

  /// Puts `children` in key order; returns true when two of them have the same key (the same
  /// Unicode scalars: canonically equivalent keys are different keys).
  mutating func sort(_ children: UnsafeMutableBufferPointer<Int32>, in tree: PropertyListNodeTree) -> Bool {
    let count = children.count
    guard count > 1 else { return false }
    if count == lastKeys.count {
      if sameKeyIndices(children, in: tree) || sameKeys(children, in: tree) {
        permute(children)
        return lastRepeatsKey
      }
    }
    let keys = children.map { tree.key(of: $0) }
    // Stable: a key encoded twice keeps its order, and so its last value.
    let permutation = keys.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
    lastKeyIndices = children.map { tree.nodes[Int($0)].key }
    lastKeys = keys
    lastPermutation = permutation
    permute(children)
    // Equal keys sort next to each other; only then is it worth comparing every pair exactly.
    let mayRepeat = (1..<count).contains { keys[permutation[$0 - 1]] == keys[permutation[$0]] }
    lastRepeatsKey =
      mayRepeat && keys.indices.contains { first in keys[..<first].contains { $0.exactlyEquals(keys[first]) } }
    return lastRepeatsKey
  }

  /// True when the children's keys are the last dictionary's by their indices in the tree.
  private func sameKeyIndices(_ children: UnsafeMutableBufferPointer<Int32>, in tree: PropertyListNodeTree) -> Bool {
    for position in 0..<children.count where tree.nodes[Int(children[position])].key != lastKeyIndices[position] {
      return false
    }
    return true
  }

  /// True when the children's keys are the last dictionary's, compared as strings; the
  /// indices are then remembered for the next one.
  private mutating func sameKeys(_ children: UnsafeMutableBufferPointer<Int32>, in tree: PropertyListNodeTree) -> Bool {
    for position in 0..<children.count where !tree.key(of: children[position]).exactlyEquals(lastKeys[position]) {
      return false
    }
    for position in 0..<children.count { lastKeyIndices[position] = tree.nodes[Int(children[position])].key }
    return true
  }

  /// Puts the children in the last dictionary's order.
  private mutating func permute(_ children: UnsafeMutableBufferPointer<Int32>) {
    original.removeAll(keepingCapacity: true)
    original.append(contentsOf: children)
    for position in 0..<children.count { children[position] = original[lastPermutation[position]] }
  }
}
