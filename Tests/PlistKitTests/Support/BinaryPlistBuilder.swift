/// Assembles binary plists byte by byte from hand-written objects, so tests can make files
/// that no writer would produce: odd sizes, bad offsets, cycles, hostile lengths.
struct BinaryPlistBuilder {
  /// The encoded objects, in order; object `i` is `objects[i]`.
  var objects: [[UInt8]]
  var offsetSize = 1
  var referenceSize = 1
  var topObject: UInt64 = 0
  /// Overrides the object count written in the trailer (the offset table still has one
  /// entry per object).
  var objectCountOverride: UInt64? = nil
  /// Overrides offsets in the offset table, by object index.
  var offsetOverrides: [Int: UInt64] = [:]
  var version: [UInt8] = Array("00".utf8)

  init(_ objects: [[UInt8]]) { self.objects = objects }

  /// The byte offset at which object `index` starts.
  func offset(of index: Int) -> Int { 8 + objects[..<index].reduce(0) { $0 + $1.count } }

  /// The whole file.
  var bytes: [UInt8] {
    var out = Array("bplist".utf8) + version
    var offsets: [UInt64] = []
    for object in objects {
      offsets.append(UInt64(out.count))
      out += object
    }
    let tableOffset = UInt64(out.count)
    for (index, offset) in offsets.enumerated() {
      out += Self.bigEndian(offsetOverrides[index] ?? offset, size: offsetSize)
    }
    out += [0, 0, 0, 0, 0, 0, UInt8(truncatingIfNeeded: offsetSize), UInt8(truncatingIfNeeded: referenceSize)]
    out += Self.bigEndian(objectCountOverride ?? UInt64(objects.count), size: 8)
    out += Self.bigEndian(topObject, size: 8)
    out += Self.bigEndian(tableOffset, size: 8)
    return out
  }

  /// `value` as `size` big-endian bytes (the low ones).
  static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
    (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(size - 1 - $0))) }
  }
}
