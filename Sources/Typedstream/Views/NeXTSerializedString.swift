/// A string in NeXT's serialized property-list form (what `-[NSArchiver encodePropertyList:]`
/// writes, and NSFont its name with): a little-endian type number, 6 for UTF-16 with a byte-order
/// mark or 5 for 8-bit text, a length, the bytes, and zeros to a multiple of four.
struct NeXTSerializedString {
  let string: String

  init?(_ bytes: [UInt8]) {
    guard bytes.count >= 8 else { return nil }
    let type = Self.word(bytes, at: 0)
    let length = Int(Self.word(bytes, at: 4))
    guard length <= bytes.count - 8, bytes.count == 8 + (length + 3) / 4 * 4 else { return nil }
    let text = Array(bytes[8..<(8 + length)])
    switch type {
    case 6:
      guard text.count >= 2, text.count % 2 == 0 else { return nil }
      let bigEndian: Bool
      switch (text[0], text[1]) {
      case (0xFE, 0xFF): bigEndian = true
      case (0xFF, 0xFE): bigEndian = false
      default: return nil
      }
      var units: [UInt16] = []
      for index in stride(from: 2, to: text.count, by: 2) {
        let first = UInt16(text[index])
        let second = UInt16(text[index + 1])
        units.append(bigEndian ? first << 8 | second : second << 8 | first)
      }
      string = String(decoding: units, as: UTF16.self)
    case 5:
      // NeXTSTEP's 8-bit set is ASCII below 0x80; a name beyond it is left to the raw view.
      guard text.allSatisfy({ $0 < 0x80 }) else { return nil }
      string = String(decoding: text, as: UTF8.self)
    default:
      return nil
    }
  }

  private static func word(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
  }
}
