/// The objects a decoding is inside, a bit per object of the file, shared by the decoders of one
/// decoding (the one ``PlistDecoder`` makes and those `superDecoder()` hands out).
///
/// A value that contains itself is found when decoding enters it again from inside, not at the
/// depth limit: a type that fails and goes on at every level (as a type for "any value" does)
/// would otherwise make an error at each of hundreds of levels, each costing the depth of its
/// coding path. The binary reader refuses such a file; the decoding then reports its error.
final class BinaryNesting {
  private let words: UnsafeMutablePointer<UInt64>

  /// Room for the objects of a file of `objectCount` objects (at most its size in bytes).
  init(objectCount: Int) {
    let count = Swift.max(1, (objectCount + 63) / 64)
    words = .allocate(capacity: count)
    words.initialize(repeating: 0, count: count)
  }

  deinit { words.deallocate() }

  /// Marks `object` (below the object count) as entered; false when it already is: the value
  /// contains itself.
  @inline(__always)
  func enter(_ object: Int) -> Bool {
    let bit: UInt64 = 1 &<< UInt64(object & 63)
    let word = words + (object &>> 6)
    guard word.pointee & bit == 0 else { return false }
    word.pointee |= bit
    return true
  }

  /// Marks `object` as left.
  @inline(__always)
  func leave(_ object: Int) {
    (words + (object &>> 6)).pointee &= ~(1 &<< UInt64(object & 63))
  }
}
