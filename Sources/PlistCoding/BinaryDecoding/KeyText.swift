/// The bytes of a plain ASCII key and a signature of them: the length and the first seven
/// bytes in one word, so that two keys of different signatures differ, and keys of at most
/// seven bytes are equal exactly when their signatures are.
struct KeyText {
  var bytes: UnsafeRawBufferPointer
  var signature: UInt64

  init(bytes: UnsafeRawBufferPointer, signature: UInt64) {
    self.bytes = bytes
    self.signature = signature
  }

  /// The text of `bytes` whose first (at most) seven bytes are `prefix`, as
  /// `BinaryPropertyListObjects.inPlaceASCIIKey(_:)` reads them.
  @inline(__always)
  init(bytes: UnsafeRawBufferPointer, prefix: UInt64) {
    self.bytes = bytes
    signature = prefix | UInt64(Swift.min(bytes.count, 255)) << 56
  }

  /// The text of `bytes`, its signature computed a byte at a time.
  @inline(__always)
  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
    var word: UInt64 = 0
    for index in 0..<Swift.min(bytes.count, 7) { word |= UInt64(bytes[index]) << (8 * UInt64(index)) }
    signature = word | UInt64(Swift.min(bytes.count, 255)) << 56
  }

  /// True when both are the same bytes.
  @inline(__always)
  func equals(_ other: KeyText) -> Bool {
    guard signature == other.signature else { return false }
    if bytes.count <= 7 { return true }
    return bytes.elementsEqual(other.bytes)
  }
}
