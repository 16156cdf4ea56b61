import PlistKit

/// What a diff reports.
public struct PropertyListDiffOptions: Sendable, Equatable {
  /// Report a dictionary whose shared keys are in another order (key order is otherwise no
  /// difference: property lists compare dictionaries as sets of entries).
  public var reportsKeyOrder: Bool
  /// Values to leave out: a path matching one of these patterns (in the old value, or in the
  /// new one for an addition) is no difference, and neither is anything below it. Read them
  /// with `PropertyListKeyPattern.init(globbing:)` for a `*` inside a component
  /// (`*Date`), as `plistkit diff --ignore` does.
  public var ignoredPaths: [PropertyListKeyPattern]
  /// Steps the alignment of arrays may take in one diff, all arrays together, before it gives
  /// up matching what is left (see ``PropertyListDiff``); nil for a budget proportional to the
  /// size of the values.
  public var alignmentBudget: Int?
  /// Strings that stand for subtrees left out of the values (see ``BinaryDiffValues``).
  var standIns: StandIns?

  /// Makes options.
  public init(reportsKeyOrder: Bool = false, ignoredPaths: [PropertyListKeyPattern] = [], alignmentBudget: Int? = nil) {
    self.reportsKeyOrder = reportsKeyOrder
    self.ignoredPaths = ignoredPaths
    self.alignmentBudget = alignmentBudget
  }

  /// The defaults: key order is no difference, nothing is ignored.
  public static let `default` = PropertyListDiffOptions()
}
