extension PropertyList: Hashable {
  /// Exact equality; see ``PropertyList`` for the rules.
  public static func == (lhs: PropertyList, rhs: PropertyList) -> Bool {
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)): a.exactlyEquals(b)
    case (.integer(let a), .integer(let b)): a == b
    case (.real(let a), .real(let b)): a.bitPattern == b.bitPattern
    case (.boolean(let a), .boolean(let b)): a == b
    case (.date(let a), .date(let b)): a == b
    case (.data(let a), .data(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.dictionary(let a), .dictionary(let b)): a == b
    case (.uid(let a), .uid(let b)): a == b
    default: false
    }
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
    case .array(let value): hasher.combine(value)
    case .dictionary(let value): hasher.combine(value)
    case .uid(let value): hasher.combine(value)
    }
  }

  /// Like `==`, and dictionaries must also have their keys in the same order.
  public func isIdentical(to other: PropertyList) -> Bool {
    switch (self, other) {
    case (.array(let a), .array(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.isIdentical(to: $1) }
    case (.dictionary(let a), .dictionary(let b)): a.isIdentical(to: b)
    default: self == other
    }
  }
}
