/// Writes the binary form (`bplist00`) as CoreFoundation does.
///
/// - Equal strings, numbers, dates and data are written once and shared; booleans, UIDs, arrays
///   and dictionaries are written where they occur, as CoreFoundation does. "Equal" means the
///   same encoded bytes: strings by their exact Unicode scalars, never by Swift's canonical
///   equivalence, so a precomposed and a decomposed "é" stay two objects; integers by value,
///   reals by bit pattern, so `-0.0` and `0.0` stay two objects and equal NaNs are one; an
///   integer and a real are never one object (the integer 1 and the real 1.0 stay apart, as
///   in CoreFoundation); dates by the bit pattern of their seconds, data by its bytes.
/// - An array or dictionary copied into several places of the value (as a binary plist's
///   shared references read back) is written once, so that writing stays linear for a value
///   that references one container from many places; equal containers built apart are written
///   once per occurrence, as CoreFoundation and `plistlib` write them.
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
    Self.write(PropertyListNodeTree(value, sortedKeys: options.sortedKeys), root: 0)
  }

  /// Writes the value of `tree` from `root`, in one walk straight into the output (the tree
  /// may come from another module of the package: the Codable encoder hands its arena here).
  /// Beyond a value's nodes, a tree may hold `nil` (written once as the string `$null`, apart
  /// from any string `$null`), reals and integers of other widths, uniquing scopes and shared
  /// booleans (see ``PropertyListNode``), and dictionaries that repeat a key (each key is
  /// written once, where it came first, with the value that came last).
  package static func write(_ tree: PropertyListNodeTree, root: Int32) -> [UInt8] {
    // The references' width depends on the count of objects, known at the end: the first
    // write takes it from a bound, and is done again in the rare case that the bound needs a
    // byte more than the count.
    let bound = tree.nodeCount + (tree.keys.count + 3) * (tree.uniquingScopeCount + 1)
    let width = BinaryPropertyListTrailer.byteCount(holding: bound)
    let (bytes, objectCount) = write(tree, root: root, referenceSize: width)
    let exactWidth = BinaryPropertyListTrailer.byteCount(holding: objectCount)
    return exactWidth == width ? bytes : write(tree, root: root, referenceSize: exactWidth).bytes
  }

  private static func write(
    _ tree: PropertyListNodeTree, root: Int32, referenceSize: Int
  ) -> (bytes: [UInt8], objectCount: Int) {
    var objectCount = 0
    let bytes = ChunkedOutput.collect(estimate: tree.binarySizeEstimate) { output in
      var writer = BinaryPropertyListTreeWriter(tree: tree, output: output, referenceSize: referenceSize)
      writer.output.append("bplist00")
      _ = writer.write(root)
      writer.finish()
      objectCount = writer.offsets.count
      return writer.output
    }
    return (bytes!, objectCount)
  }
}
