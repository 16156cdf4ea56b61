/// Finds whether text goes into XML as it is, eight bytes at a time: most strings and keys
/// have nothing to escape, and looking at them a byte at a time costs more than copying them.
enum XMLTextScan {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// True when no byte of `utf8` is a control character (tab and line feed included), `&`,
  /// `<`, `>` or 0xEF (which starts U+FFFE and U+FFFF): the bytes that PlistKit's escaping
  /// changes or refuses, and a few it keeps, which then take the slower way.
  static func isPlain(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = utf8.count
    guard let base = utf8.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var offset = 0
    while offset + 8 <= count {
      if !isPlain(word: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return false }
      offset += 8
    }
    guard offset < count else { return true }
    // The last bytes over a word of a plain byte (`A`), so that the rest of it passes.
    var word = 0x41 &* ones
    withUnsafeMutableBytes(of: &word) { wordBytes in
      for index in 0..<(count - offset) { wordBytes[index] = base[offset + index] }
    }
    return isPlain(word: word)
  }

  /// True when no byte of `word` is one of those ``isPlain(_:)`` looks for. Each test is the
  /// classic "has a zero byte" (or "has a byte below n") trick, exact for whether any byte is.
  @inline(__always)
  private static func isPlain(word: UInt64) -> Bool {
    func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highBits != 0 }
    let control = (word &- 0x20 &* ones) & ~word & highBits != 0
    // `<` (0x3C) and `>` (0x3E) are the same byte with bit 1 set.
    let angle = hasZeroByte((word | 0x02 &* ones) ^ (0x3E &* ones))
    let ampersand = hasZeroByte(word ^ (0x26 &* ones))
    let special = hasZeroByte(word ^ (0xEF &* ones))
    return !(control || angle || ampersand || special)
  }
}
