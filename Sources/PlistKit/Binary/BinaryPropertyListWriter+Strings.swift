extension [UInt8] {
  /// Appends a string object: the one binary string encoder, over the string's UTF-8 bytes, so
  /// the value writer and the stream writer write the same string identically.
  mutating func appendBinaryString(_ string: String) {
    var string = string
    string.withUTF8 { appendBinaryString(utf8: $0) }
  }

  /// Appends a string object from its UTF-8 bytes (valid UTF-8), as CoreFoundation writes it:
  /// ASCII when every byte is below 0x80 (the count in bytes), else UTF-16 big-endian (the
  /// count in code units).
  package mutating func appendBinaryString(utf8: UnsafeBufferPointer<UInt8>) {
    if ASCIIScan.isASCII(utf8) {
      appendBinaryMarker(BinaryPropertyListMarker.asciiStringNibble, count: utf8.count)
      append(contentsOf: utf8)
      return
    }
    // Every scalar has one lead byte (not 10xxxxxx); a 4-byte one (11110xxx) takes two units.
    var unitCount = 0
    for byte in utf8 where byte & 0xC0 != 0x80 { unitCount += byte >= 0xF0 ? 2 : 1 }
    appendBinaryMarker(BinaryPropertyListMarker.utf16StringNibble, count: unitCount)
    reserveCapacity(count + 2 * unitCount)
    var index = 0
    while index < utf8.count {
      let lead = UInt32(utf8[index])
      var scalar: UInt32
      if lead < 0x80 {
        scalar = lead
        index += 1
      } else if lead < 0xE0 {
        scalar = (lead & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F)
        index += 2
      } else if lead < 0xF0 {
        scalar = (lead & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F)
        index += 3
      } else {
        scalar =
          (lead & 0x07) << 18 | UInt32(utf8[index + 1] & 0x3F) << 12 | UInt32(utf8[index + 2] & 0x3F) << 6
          | UInt32(utf8[index + 3] & 0x3F)
        index += 4
      }
      if scalar >= 0x10000 {
        scalar -= 0x10000
        appendUTF16Unit(0xD800 | scalar >> 10)
        appendUTF16Unit(0xDC00 | scalar & 0x3FF)
      } else {
        appendUTF16Unit(scalar)
      }
    }
  }

  private mutating func appendUTF16Unit(_ unit: UInt32) {
    append(UInt8(truncatingIfNeeded: unit >> 8))
    append(UInt8(truncatingIfNeeded: unit))
  }
}
