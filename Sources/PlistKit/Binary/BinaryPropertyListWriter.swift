/// Writes the binary form (`bplist00`) as CoreFoundation does.
///
/// - Equal strings, numbers, dates and data are written once and shared (strings compared
///   by their exact scalars: see `BinaryPropertyListUniqueKey`); booleans, UIDs, arrays and
///   dictionaries are written where they occur, as CoreFoundation does.
/// - Objects are numbered as CoreFoundation and `plistlib` number them (the root first, then
///   depth-first, a dictionary's keys before its values), and object references and offsets
///   use the fewest bytes that CoreFoundation's reader accepts.
/// - Integers take 1, 2 or 4 bytes when non-negative and small enough, 8 bytes otherwise, and
///   16 bytes above `Int64.max`; reals always take 8 bytes; strings are ASCII when they can
///   be, UTF-16 big-endian otherwise; UIDs take 1, 2, 4 or 8 bytes (Foundation reads UIDs
///   only up to `UInt32.max`).
/// - ``PropertyListWritingOptions/sortedKeys`` writes dictionary entries in code-point order.
public struct BinaryPropertyListWriter: Sendable {
  /// The options in force.
  public var options: PropertyListWritingOptions

  /// Makes a writer.
  public init(options: PropertyListWritingOptions = .default) { self.options = options }

  /// Writes one property list. Every value can be written in the binary form, so this never
  /// throws today; the signature matches the other writers.
  public func write(_ value: PropertyList) throws(PropertyListError) -> [UInt8] {
    let table = BinaryPropertyListObjectTable(value, sortedKeys: options.sortedKeys)
    let referenceSize = BinaryPropertyListTrailer.byteCount(holding: table.objects.count)
    var out = BinaryPropertyListMarker.magic + BinaryPropertyListMarker.version
    var offsets: [Int] = []
    offsets.reserveCapacity(table.objects.count)
    for object in table.objects {
      offsets.append(out.count)
      out.appendBinaryObject(object, references: table.references, referenceSize: referenceSize)
    }
    let trailer = BinaryPropertyListTrailer(
      offsetSize: BinaryPropertyListTrailer.byteCount(holding: out.count), referenceSize: referenceSize,
      objectCount: table.objects.count, topObject: 0, offsetTableOffset: out.count)
    for offset in offsets { out.appendBigEndian(UInt64(offset), size: trailer.offsetSize) }
    trailer.append(to: &out)
    return out
  }
}
