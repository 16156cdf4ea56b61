import PlistKit

/// Compares two property list values by what they hold, not how they are written: an XML
/// file and its binary conversion are equal.
///
/// ```swift
/// let diff = PropertyListDiff()
/// for difference in diff.differences(from: old, to: new) {
///   print(difference.kind, difference.path)   // changed Presidents.3.Name
/// }
/// ```
///
/// - Dictionaries compare entry by entry, whatever their key order (see
///   ``PropertyListDiffOptions/reportsKeyOrder``).
/// - Arrays are aligned on a longest common subsequence of their elements (Myers' algorithm
///   on structural fingerprints), so one inserted row is one addition; removed and added
///   elements of one hunk that are versions of each other are compared inside, so a changed
///   field of a record is reported at the field.
/// - Values are compared exactly, as `PropertyList`'s `==` does: strings by their Unicode
///   scalars, integers and reals as different types, reals by bit pattern.
/// - Work is linear in the distinct containers: a value whose containers are shared (as a
///   binary plist's reader shares an object referenced from several places) is compared once
///   per pair of shared containers, and its change is reported once, then referred to as
///   ``PropertyListChange/repeated(of:_:)``. Nesting is walked without recursion, and the
///   alignment of hostile arrays is bounded (``PropertyListDiffOptions/alignmentBudget``).
public struct PropertyListDiff: Sendable {
  /// What the diff reports.
  public var options: PropertyListDiffOptions

  /// Makes a diff with options.
  public init(options: PropertyListDiffOptions = .default) {
    self.options = options
  }

  /// The change from `old` to `new`, or nil when they are equal (ignored paths aside).
  public func change(from old: PropertyList, to new: PropertyList) -> PropertyListChange? {
    var differ = ValueDiffer(old: old, new: new, options: options)
    return differ.change(from: old, to: new)
  }

  /// The differences from `old` to `new`, one per changed value; empty when they are equal.
  public func differences(from old: PropertyList, to new: PropertyList) -> [PropertyListDifference] {
    change(from: old, to: new)?.differences() ?? []
  }
}
