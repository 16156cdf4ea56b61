/// Limits that protect the typedstream reader from hostile input. Each is checked before the
/// work it bounds, and exceeding one is a ``TypedstreamError/Kind/limitExceeded`` error.
public struct TypedstreamLimits: Sendable, Equatable {
  /// The deepest nesting of objects, arrays and structs the reader follows (it keeps its own
  /// stack, so the limit bounds memory, not the thread's stack).
  public var maximumDepth: Int
  /// The most entries the reference table (objects, classes and C strings) and the table of
  /// shared strings may hold, each.
  public var maximumReferences: Int
  /// The most elements one array value (`[N…]`) may declare, and the most members an
  /// Objective-C collection may declare, before any of them is read.
  public var maximumCount: Int
  /// The most nodes the plain view may produce: shared objects are expanded there, so a small
  /// stream with much sharing could otherwise ask for an exponential tree.
  public var maximumExpandedNodes: Int
  /// The most characters a type encoding may have.
  public var maximumEncodingLength: Int

  /// Makes limits; the defaults fit any real stream and stop hostile ones early.
  public init(
    maximumDepth: Int = 256, maximumReferences: Int = 10_000_000, maximumCount: Int = 100_000_000,
    maximumExpandedNodes: Int = 5_000_000, maximumEncodingLength: Int = 4096
  ) {
    self.maximumDepth = maximumDepth
    self.maximumReferences = maximumReferences
    self.maximumCount = maximumCount
    self.maximumExpandedNodes = maximumExpandedNodes
    self.maximumEncodingLength = maximumEncodingLength
  }

  /// The defaults.
  public static let `default` = TypedstreamLimits()
}
