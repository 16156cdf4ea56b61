import PlistKit

extension PropertyList {
  /// True for arrays and dictionaries.
  var isContainer: Bool {
    switch self {
    case .array, .dictionary: true
    default: false
    }
  }

  /// `==` for two values of which at least one is not a container, without the work list
  /// that `==` sets up for containers: a diff compares millions of scalars.
  func isScalarEqual(to other: PropertyList) -> Bool {
    switch (self, other) {
    case (.string(let a), .string(let b)): a.exactlyEquals(b)
    case (.integer(let a), .integer(let b)): a == b
    case (.real(let a), .real(let b)): a.bitPattern == b.bitPattern
    case (.boolean(let a), .boolean(let b)): a == b
    case (.date(let a), .date(let b)): a == b
    case (.data(let a), .data(let b)): a == b
    case (.uid(let a), .uid(let b)): a == b
    case (.array(let a), .array(let b)): a.isEmpty && b.isEmpty
    case (.dictionary(let a), .dictionary(let b)): a.isEmpty && b.isEmpty
    default: false
    }
  }
}
