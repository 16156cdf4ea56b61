/// An `NSOrderedSet` (or `NSMutableOrderedSet`): its members in order.
///
/// Foundation archives the members as `NS.object.0`, `NS.object.1`, …; an archive that holds
/// them as an `NS.objects` array reads too. The archiver writes Foundation's layout. The
/// members are not checked for uniqueness: an archive holds what its writer put there.
public struct ArchivedOrderedSet {
  /// The members, in order (`nil` members are not allowed in a collection).
  public var elements: [Any]

  /// Makes an ordered set of `elements`.
  public init(_ elements: [Any]) { self.elements = elements }
}

/// An `NSCountedSet`: each member with the number of times it was added.
///
/// Foundation archives it as `NS.count` (the number of members) and, for each member `N`,
/// `NS.objectN` (the member) and `NS.countN` (its count, at least 1). The archiver writes that
/// layout, members in the order given here.
public struct ArchivedCountedSet {
  /// The members and their counts, in archive order.
  public var entries: [(object: Any, count: Int)]

  /// Makes a counted set of members and their counts.
  public init(_ entries: [(object: Any, count: Int)]) { self.entries = entries }
}
