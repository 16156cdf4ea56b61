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
    expandedWeight(upTo: limit, weights: .valueCount)
  }

  /// The sum of `weights` over this value written out in full (see
  /// ``expandedValueCount(upTo:)``), or nil as soon as it passes `limit`. Each distinct
  /// container is weighed once and its weight reused wherever it occurs again, and the sums
  /// stop at `limit`, so neither time nor arithmetic can run away on a sharing bomb.
  package func expandedWeight(upTo limit: Int, weights: ExpansionWeights) -> Int? {
    var counted: [ContainerStorage: Int] = [:]
    var stack: [ExpansionFrame] = []
    var rootCount = 0
    guard Self.count(self, into: &rootCount, counted: counted, stack: &stack, limit: limit, weights: weights) else {
      return nil
    }
    while !stack.isEmpty {
      let top = stack.count - 1
      if stack[top].next < stack[top].children.count {
        let child = stack[top].children[stack[top].next]
        stack[top].next += 1
        var total = stack[top].total
        guard Self.count(child, into: &total, counted: counted, stack: &stack, limit: limit, weights: weights) else {
          return nil
        }
        stack[top].total = total
        continue
      }
      let frame = stack.removeLast()
      counted[frame.identity] = frame.total
      if stack.isEmpty {
        rootCount = frame.total
      } else {
        guard Self.add(frame.total, to: &stack[stack.count - 1].total, limit: limit) else { return nil }
      }
    }
    return rootCount
  }

  /// Adds `value`'s weight to `total` when it is known (a scalar, an empty or already weighed
  /// container), or opens a frame for it; false once `total` passes `limit`.
  private static func count(
    _ value: PropertyList, into total: inout Int, counted: [ContainerStorage: Int],
    stack: inout [ExpansionFrame], limit: Int, weights: ExpansionWeights
  ) -> Bool {
    let children: [PropertyList]
    let identity: ContainerStorage?
    var own: Int
    switch value {
    case .array(let elements):
      children = elements
      identity = ContainerStorage(elements)
      own = weights.container
    case .dictionary(let dictionary):
      children = dictionary.values
      identity = ContainerStorage(dictionary)
      own = weights.container
      if identity != nil, let known = counted[identity!] { return add(known, to: &total, limit: limit) }
      if weights.keyOverhead >= 0 {
        for key in dictionary.keys {
          guard add(key.utf8.count + weights.keyOverhead, to: &own, limit: limit) else { return false }
        }
      }
    default:
      return add(weights.scalar(value), to: &total, limit: limit)
    }
    // An empty container has no storage to share, and nothing to weigh but itself.
    guard let identity else { return add(own, to: &total, limit: limit) }
    if let known = counted[identity] { return add(known, to: &total, limit: limit) }
    guard own <= limit else { return false }
    stack.append(ExpansionFrame(children: children, identity: identity, total: own))
    return true
  }

  /// Adds `weight` to `total` without overflowing; false once the sum passes `limit`.
  @inline(__always)
  private static func add(_ weight: Int, to total: inout Int, limit: Int) -> Bool {
    let (sum, overflow) = total.addingReportingOverflow(weight)
    total = overflow ? Int.max : sum
    return !overflow && sum <= limit
  }
}

/// What each part of a value weighs in ``PropertyList/expandedWeight(upTo:weights:)``: one
/// per value to count values, or the bytes a format's writer makes of it at least, to bound
/// its output.
package struct ExpansionWeights: Sendable {
  /// The weight of an array or dictionary, without its contents.
  package var container: Int
  /// Added to a key's UTF-8 length for each key of a dictionary; a negative value leaves keys out.
  package var keyOverhead: Int
  /// The weight of a scalar.
  package var scalar: @Sendable (PropertyList) -> Int

  /// Weights: `container` per array or dictionary, each key's UTF-8 length plus `keyOverhead`
  /// (none with a negative overhead), `scalar` of each other value.
  package init(container: Int, keyOverhead: Int, scalar: @escaping @Sendable (PropertyList) -> Int) {
    self.container = container
    self.keyOverhead = keyOverhead
    self.scalar = scalar
  }

  /// One per value, keys not counted.
  package static let valueCount = ExpansionWeights(container: 1, keyOverhead: -1) { _ in 1 }
}

/// A container being weighed by ``PropertyList/expandedWeight(upTo:weights:)``.
private struct ExpansionFrame {
  let children: [PropertyList]
  let identity: ContainerStorage
  var next = 0
  /// The container itself (with its keys) and its children weighed so far.
  var total: Int
}
