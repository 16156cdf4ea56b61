/// The bytes of a plain ASCII dictionary key and a signature of them: the length and the first
/// seven bytes in one word, so that two keys of different signatures differ, and keys of at most
/// seven bytes are equal exactly when their signatures are. What
/// ``BinaryPropertyListInPlaceObjects/asciiKey(_:)`` reads from the file, and what a key to be
/// found is made into, so that finding it among a dictionary's keys compares words.
@_spi(BinaryObjects)
public struct BinaryPropertyListKeyText {
  public var bytes: UnsafeRawBufferPointer
  public var signature: UInt64

  /// The text of `bytes` whose first (at most) seven bytes are `prefix`, as
  /// ``BinaryPropertyListInPlaceObjects/asciiKey(_:)`` reads them.
  @inlinable @inline(__always)
  init(bytes: UnsafeRawBufferPointer, prefix: UInt64) {
    self.bytes = bytes
    signature = prefix | UInt64(Swift.min(bytes.count, 255)) << 56
  }

  /// The text of `bytes`, its signature computed a byte at a time.
  @inlinable @inline(__always)
  public init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
    var word: UInt64 = 0
    for index in 0..<Swift.min(bytes.count, 7) { word |= UInt64(bytes[index]) << (8 * UInt64(index)) }
    signature = word | UInt64(Swift.min(bytes.count, 255)) << 56
  }

  /// True when both are the same bytes.
  @inlinable @inline(__always)
  public func equals(_ other: BinaryPropertyListKeyText) -> Bool {
    guard signature == other.signature else { return false }
    if bytes.count <= 7 { return true }
    return bytes.elementsEqual(other.bytes)
  }

  /// No key: a place for one before it is read.
  public static var empty: BinaryPropertyListKeyText {
    BinaryPropertyListKeyText(bytes: UnsafeRawBufferPointer(start: nil, count: 0), prefix: 0)
  }
}
