import PlistKit

/// An `NSIndexSet` or `NSMutableIndexSet` as archived: its ranges in order.
public struct ArchivedIndexSet: Sendable, Hashable {
  /// The ranges, as the archive lists them.
  public var ranges: [ArchivedRange]

  /// Makes an index set of `ranges`.
  public init(ranges: [ArchivedRange]) { self.ranges = ranges }

  /// Reads the ranges: none for `NSRangeCount` 0, `NSLocation` and `NSLength` for one, and the
  /// packed pairs of `NSRangeData` for more; nil when the count and the ranges disagree.
  static func read<Objects: ArchiveObjectSource>(
    _ fields: ClassFields<Objects>, in objects: inout Objects
  ) throws(KeyedArchiveError)
    -> ArchivedIndexSet?
  {
    guard let count = try fields.integer("NSRangeCount", in: &objects) else { return nil }
    switch count {
    case 0: return ArchivedIndexSet(ranges: [])
    case 1 where !fields.has("NSRangeData"):
      guard let location = try fields.integer("NSLocation", in: &objects),
        let length = try fields.integer("NSLength", in: &objects)
      else { return nil }
      return ArchivedIndexSet(ranges: [ArchivedRange(location: location, length: length)])
    default:
      guard let bytes = try fields.data("NSRangeData", in: &objects), let numbers = PackedIntegers.decode(bytes),
        numbers.count == 2 * count
      else { return nil }
      return ArchivedIndexSet(
        ranges: stride(from: 0, to: numbers.count, by: 2).map {
          ArchivedRange(location: numbers[$0], length: numbers[$0 + 1])
        })
    }
  }

  /// The plain form: `[{"location": L, "length": N}, …]`.
  public var plainValue: PropertyList { .array(ranges.map(\.plainValue)) }
}
