extension PropertyList {
  /// How many values writing this value out in full produces (every array and dictionary
  /// counted each time it occurs, with its contents), or nil as soon as that passes `limit`.
  ///
  /// A binary plist can reference one container from many places, and its reader shares
  /// that container's storage instead of copying it, so sixty levels of a container holding
  /// its child twice are 61 objects in memory but 2^60 values in XML, JSON or OpenStep,
  /// which cannot share. This counts each distinct container once and reuses its count, so
  /// it takes time in proportion to the distinct containers, however often they repeat.
  package func expandedValueCount(upTo limit: Int) -> Int? {
    var counted: [ContainerStorage: Int] = [:]
    var stack: [ExpansionFrame] = []
    var rootCount = 0
    guard Self.count(self, into: &rootCount, counted: counted, stack: &stack, limit: limit) else { return nil }
    while !stack.isEmpty {
      let top = stack.count - 1
      if stack[top].next < stack[top].children.count {
        let child = stack[top].children[stack[top].next]
        stack[top].next += 1
        var total = stack[top].total
        guard Self.count(child, into: &total, counted: counted, stack: &stack, limit: limit) else { return nil }
        stack[top].total = total
        continue
      }
      let frame = stack.removeLast()
      counted[frame.identity] = frame.total
      if stack.isEmpty {
        rootCount = frame.total
      } else {
        stack[stack.count - 1].total += frame.total
        guard stack[stack.count - 1].total <= limit else { return nil }
      }
    }
    return rootCount
  }

  /// Adds `value`'s count to `total` when it is known (a scalar, an empty or already counted
  /// container), or opens a frame for it; false once `total` passes `limit`.
  private static func count(
    _ value: PropertyList, into total: inout Int, counted: [ContainerStorage: Int],
    stack: inout [ExpansionFrame], limit: Int
  ) -> Bool {
    let children: [PropertyList]
    let identity: ContainerStorage?
    switch value {
    case .array(let elements):
      children = elements
      identity = ContainerStorage(elements)
    case .dictionary(let dictionary):
      children = dictionary.values
      identity = ContainerStorage(dictionary)
    default:
      total += 1
      return total <= limit
    }
    // An empty container has no storage to share, and nothing to count but itself.
    guard let identity else {
      total += 1
      return total <= limit
    }
    if let known = counted[identity] {
      total += known
      return total <= limit
    }
    stack.append(ExpansionFrame(children: children, identity: identity, total: 1))
    return true
  }
}

/// A container being counted by ``PropertyList/expandedValueCount(upTo:)``.
private struct ExpansionFrame {
  let children: [PropertyList]
  let identity: ContainerStorage
  var next = 0
  /// The container itself and its children counted so far.
  var total: Int
}
