import PlistKit

/// A place where both sides of a three-way merge changed the same thing differently.
public struct PropertyListConflict: Sendable, Equatable {
  /// What each side did.
  public enum Kind: String, Sendable, CaseIterable {
    /// Both changed the value, differently.
    case changedOnBothSides = "both-changed"
    /// Both added the key (or elements at one place), with different values.
    case addedOnBothSides = "both-added"
    /// Ours removed what theirs changed.
    case removedByOurs = "ours-removed"
    /// Theirs removed what ours changed.
    case removedByTheirs = "theirs-removed"
  }

  /// The kind.
  public var kind: Kind
  /// Where, in the base value (for keys both sides added, where they would go). For a span of
  /// array elements, the path of the array's first element of the span.
  public var path: PropertyListKeyPath
  /// For a span of array elements: the base indices it covers (empty when both sides
  /// inserted at one place). ``base``, ``ours`` and ``theirs`` are then arrays of the elements
  /// each side has for the span.
  public var elements: Range<Int>?
  /// The base value; nil when absent.
  public var base: PropertyList?
  /// Our value; nil when ours removed it.
  public var ours: PropertyList?
  /// Their value; nil when theirs removed it.
  public var theirs: PropertyList?

  /// Makes a conflict.
  public init(
    kind: Kind, path: PropertyListKeyPath, elements: Range<Int>? = nil, base: PropertyList?, ours: PropertyList?,
    theirs: PropertyList?
  ) {
    self.kind = kind
    self.path = path
    self.elements = elements
    self.base = base
    self.ours = ours
    self.theirs = theirs
  }
}

/// The result of a three-way merge.
public struct PropertyListMergeResult: Sendable {
  /// The merged value; at each conflict, the side the merge's resolution names.
  public var value: PropertyList
  /// The conflicts, in the order of the base value; empty for a clean merge.
  public var conflicts: [PropertyListConflict]

  /// Where each conflict sits in the merged value (for conflict markers).
  let locations: [ConflictLocation]

  /// True when the sides merged without a conflict.
  public var isClean: Bool { conflicts.isEmpty }
}

/// Where a conflict sits in the merged value: what holds it.
enum ConflictLocation: Equatable {
  /// It is the whole value.
  case root
  /// It is the value of a dictionary key.
  case entry(String)
  /// It is array elements (one element, or a span of them).
  case elements
}
