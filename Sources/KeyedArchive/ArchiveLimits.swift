/// Limits that protect the archive layer from hostile archives. Each is checked before the
/// work it bounds, and exceeding one is a ``KeyedArchiveError/Kind/limitExceeded`` error.
public struct ArchiveLimits: Sendable, Equatable {
  /// The most entries `$objects` may have.
  public var maximumObjectCount: Int
  /// The deepest nesting of objects that decoding or a view will follow, and of arrays and
  /// dictionaries inside one field.
  public var maximumDepth: Int
  /// The most nodes a tree view (the plain view) may produce: shared objects are expanded
  /// there, so a small archive with much sharing could otherwise ask for an exponential tree.
  public var maximumExpandedNodes: Int

  /// Makes limits; the defaults fit any real archive and stop hostile ones early.
  public init(maximumObjectCount: Int = 10_000_000, maximumDepth: Int = 256, maximumExpandedNodes: Int = 5_000_000) {
    self.maximumObjectCount = maximumObjectCount
    self.maximumDepth = maximumDepth
    self.maximumExpandedNodes = maximumExpandedNodes
  }

  /// The defaults.
  public static let `default` = ArchiveLimits()
}
