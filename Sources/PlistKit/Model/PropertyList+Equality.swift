extension PropertyList: Hashable {
  /// Exact equality; see ``PropertyList`` for the rules.
  ///
  /// Containers are compared with an explicit work list rather than by recursion, so that
  /// comparing deeply nested values cannot overflow a thread's stack (test and worker threads
  /// have far smaller stacks than the main thread).
  public static func == (lhs: PropertyList, rhs: PropertyList) -> Bool {
    compare(lhs, rhs, keyOrderMatters: false)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    switch self {
    case .string(let value): hasher.combine(ExactKey(value))
    case .integer(let value): hasher.combine(value)
    case .real(let value): hasher.combine(value.bitPattern)
    case .boolean(let value): hasher.combine(value)
    case .date(let value): hasher.combine(value)
    case .data(let value): hasher.combine(value)
    // Containers hash their size and their first few elements only: enough to spread real
    // documents, bounded in depth and work however large or deep the value is.
    case .array(let value):
      hasher.combine(value.count)
      for element in value.prefix(4) { hasher.combine(element.shallowHash) }
    case .dictionary(let value): hasher.combine(value)
    case .uid(let value): hasher.combine(value)
    }
  }

  /// A hash of the value without looking inside containers beyond their size.
  private var shallowHash: Int {
    var hasher = Hasher()
    hasher.combine(kind)
    switch self {
    case .array(let value): hasher.combine(value.count)
    case .dictionary(let value): hasher.combine(value.count)
    default: hasher.combine(self)
    }
    return hasher.finalize()
  }

  /// Like `==`, and dictionaries must also have their keys in the same order.
  public func isIdentical(to other: PropertyList) -> Bool {
    Self.compare(self, other, keyOrderMatters: true)
  }

  /// Compares two values with an explicit work list of pairs still to compare.
  private static func compare(_ lhs: PropertyList, _ rhs: PropertyList, keyOrderMatters: Bool) -> Bool {
    var pending: [(PropertyList, PropertyList)] = [(lhs, rhs)]
    while let (left, right) = pending.popLast() {
      switch (left, right) {
      case (.string(let a), .string(let b)): guard a.exactlyEquals(b) else { return false }
      case (.integer(let a), .integer(let b)): guard a == b else { return false }
      case (.real(let a), .real(let b)): guard a.bitPattern == b.bitPattern else { return false }
      case (.boolean(let a), .boolean(let b)): guard a == b else { return false }
      case (.date(let a), .date(let b)): guard a == b else { return false }
      case (.data(let a), .data(let b)): guard a == b else { return false }
      case (.uid(let a), .uid(let b)): guard a == b else { return false }
      case (.array(let a), .array(let b)):
        guard a.count == b.count else { return false }
        for index in a.indices.reversed() { pending.append((a[index], b[index])) }
      case (.dictionary(let a), .dictionary(let b)):
        guard a.count == b.count else { return false }
        for position in 0..<a.count {
          let key = a.keys[position]
          // Most dictionaries compared are in the same order: check in place first.
          if b.keys[position].exactlyEquals(key) {
            pending.append((a.values[position], b.values[position]))
          } else {
            guard !keyOrderMatters, let other = b.position(of: key) else { return false }
            pending.append((a.values[position], b.values[other]))
          }
        }
      default:
        return false
      }
    }
    return true
  }
}
