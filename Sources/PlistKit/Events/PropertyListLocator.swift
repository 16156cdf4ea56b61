/// Tells a ``PropertyListEventSink`` where the value of the event being reported is: a line
/// and column for the text formats, a byte offset for the binary one.
///
/// A reader hands its sink one locator, in ``PropertyListEventSink/start(locator:)``. Asking
/// for ``position`` during an event is cheap (a load, or for XML two); turning a position into
/// a ``PropertyListError/Location`` may cost a scan of the text before it, so a sink that
/// needs places for errors it may never report keeps positions and resolves one only when it
/// makes the error. Both are valid only while the read runs.
///
/// The position of an event is where its value or key starts; for an end event, where the
/// container's closing mark is (the container's object, in a binary plist).
public struct PropertyListLocator {
  /// A place in the input, as cheap to keep as an integer.
  public struct Position: Sendable, Hashable, Comparable {
    let rawValue: Int

    /// Places compare in document order.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  enum Source {
    /// No input: events made from a value.
    case none
    /// A binary plist: the byte offset of the object being reported.
    case byteOffset(UnsafePointer<Int>)
    /// JSON or OpenStep text: the byte offset of the value in `text`, which starts at
    /// `textStart` (after a byte-order mark).
    case textOffset(UnsafePointer<Int>, text: UnsafeRawBufferPointer, textStart: Int)
    /// XML: the line and column libxml2 and the parser know, packed into one integer.
    case lineAndColumn(() -> Position)
  }

  let source: Source

  /// A locator for events that come from no input (every location is ``PropertyListError/Location/none``).
  public static var none: PropertyListLocator { PropertyListLocator(source: .none) }

  /// Where the value of the event being reported starts.
  public var position: Position {
    switch source {
    case .none: Position(rawValue: 0)
    case .byteOffset(let offset), .textOffset(let offset, _, _): Position(rawValue: offset.pointee)
    case .lineAndColumn(let current): current()
    }
  }

  /// `position` as an error location.
  public func location(of position: Position) -> PropertyListError.Location {
    switch source {
    case .none: .none
    case .byteOffset: .byteOffset(position.rawValue)
    case .textOffset(_, let text, let textStart):
      TextPosition.location(of: position.rawValue, in: text, from: textStart)
    case .lineAndColumn: Self.unpack(position)
    }
  }

  /// `position` as an error location, for positions asked for in document order: a text's
  /// lines are counted on from `cursor` (kept by the caller between calls, from nil) instead of
  /// from the start, so that locating every value of a document costs one pass over it.
  package func location(of position: Position, after cursor: inout TextPosition.Cursor?) -> PropertyListError.Location {
    guard case .textOffset(_, let text, let textStart) = source else { return location(of: position) }
    if cursor == nil || position.rawValue < cursor!.offset { cursor = TextPosition.Cursor(offset: textStart) }
    cursor!.advance(to: position.rawValue, in: text)
    return .text(line: cursor!.line, column: cursor!.column)
  }

  /// The locations of `positions`, in their order, found in one pass over the text however
  /// many there are and whatever their order (a check resolves the places it kept this way,
  /// once, while the read still runs).
  package func locations(of positions: [Position]) -> [PropertyListError.Location] {
    var cursor: TextPosition.Cursor?
    var locations = [PropertyListError.Location](repeating: .none, count: positions.count)
    for index in positions.indices.sorted(by: { positions[$0] < positions[$1] }) {
      locations[index] = location(of: positions[index], after: &cursor)
    }
    return locations
  }

  /// The location of the event being reported.
  public var location: PropertyListError.Location { location(of: position) }

  /// A line and a column as one position (lines and columns up to 2^31 each).
  static func pack(line: Int, column: Int) -> Position { Position(rawValue: line << 32 | column & 0xFFFF_FFFF) }

  private static func unpack(_ position: Position) -> PropertyListError.Location {
    .text(line: position.rawValue >> 32, column: position.rawValue & 0xFFFF_FFFF)
  }
}
