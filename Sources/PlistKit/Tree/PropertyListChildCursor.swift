/// Where a writer is among a container's children in a ``PropertyListNodeTree``: following
/// their links, or along a list of them that the writer made in an order of its own (keys
/// sorted, or each key once when a dictionary repeats one).
struct PropertyListChildCursor {
  /// The next child by its link (-1 at the end), or the next position in the list.
  private var next: Int32
  /// Where the list is in the writer's buffer of lists; `listEnd` is -1 for links.
  let listStart: Int
  private let listEnd: Int

  /// The children linked from `first`.
  init(links first: Int32) {
    next = first
    listStart = 0
    listEnd = -1
  }

  /// The children at `range` of the writer's buffer of lists.
  init(list range: Range<Int>) {
    next = Int32(range.lowerBound)
    listStart = range.lowerBound
    listEnd = range.upperBound
  }

  /// True when the children are followed by their links.
  var walksLinks: Bool { listEnd < 0 }

  /// The next child, or -1 after the last; `lists` is the writer's buffer of lists.
  @inline(__always)
  mutating func advance(in tree: PropertyListNodeTree, lists: [Int32]) -> Int32 {
    if walksLinks {
      let child = next
      if child >= 0 { next = tree.nodes[Int(child)].next }
      return child
    }
    guard Int(next) < listEnd else { return -1 }
    next += 1
    return lists[Int(next) - 1]
  }
}
