/// Finding the first byte of 0x80 or above, eight bytes at a time: most strings in property
/// lists are ASCII, and knowing it lets a writer copy them as they are.
enum ASCIIScan {
  /// The index of the first byte of 0x80 or above, or `utf8.count` when there is none.
  static func firstNonASCII(in utf8: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = utf8.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    var index = 0
    while index + 8 <= utf8.count {
      if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
      index += 8
    }
    while index < utf8.count {
      if utf8[index] >= 0x80 { return index }
      index += 1
    }
    return utf8.count
  }

  /// True when every byte is below 0x80.
  static func isASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool { firstNonASCII(in: utf8) == utf8.count }
}
