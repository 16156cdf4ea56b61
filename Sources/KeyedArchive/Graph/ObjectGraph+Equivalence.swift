import PlistKit

extension ObjectGraph {
  /// True when both graphs describe the same objects from `$top` down: same top keys, same
  /// classes, same field values, and the same identity structure — an object shared (or in a
  /// cycle) in one is shared (or in the same cycle) in the other, and no two distinct objects
  /// of one are one object of the other. Node ids, field order and unreachable nodes do not
  /// matter; inline values (strings, numbers, data) compare by value, since archivers unique
  /// equal strings.
  ///
  /// Linear in the size of the graphs: a queue of node pairs, each pair visited once.
  public func isEquivalent(to other: ObjectGraph) -> Bool {
    guard archiver == other.archiver, version == other.version, top.count == other.top.count else { return false }
    var forward = [Int](repeating: -1, count: count)
    var backward = [Int](repeating: -1, count: other.count)
    var queue: [(Int, Int)] = []
    func pair(_ left: PropertyList, _ right: PropertyList) -> Bool {
      switch (left, right) {
      case (.uid(let a), .uid(let b)):
        let (a, b) = (Int(a), Int(b))
        guard a < count, b < other.count else { return false }
        switch (objects[a], other.objects[b]) {
        case (.null, .null): return true
        case (.value(let x), .value(let y)): return x == y
        case (.instance, .instance):
          if forward[a] == -1 && backward[b] == -1 {
            forward[a] = b
            backward[b] = a
            queue.append((a, b))
            return true
          }
          return forward[a] == b && backward[b] == a
        default: return false
        }
      case (.array(let a), .array(let b)):
        return a.count == b.count && zip(a, b).allSatisfy { pair($0, $1) }
      case (.dictionary(let a), .dictionary(let b)):
        return a.count == b.count && a.allSatisfy { entry in b[entry.key].map { pair(entry.value, $0) } ?? false }
      default:
        return left == right
      }
    }
    for (key, value) in top {
      guard let otherValue = other.top[key], pair(value, otherValue) else { return false }
    }
    var next = 0
    while next < queue.count {
      let (a, b) = queue[next]
      next += 1
      guard case .instance(let left) = objects[a], case .instance(let right) = other.objects[b],
        left.classChain == right.classChain, left.fields.count == right.fields.count
      else { return false }
      for (key, value) in left.fields {
        guard let otherValue = right.fields[key], pair(value, otherValue) else { return false }
      }
    }
    return true
  }
}
