extension JSONOutput {
  /// Appends a quoted string. Only `"`, `\` and control characters are escaped: `/` and
  /// non-ASCII characters are written as they are, in UTF-8.
  mutating func appendString(_ string: String) { bytes.appendJSONString(string) }

  /// Appends a quoted string given as UTF-8, escaped as ``appendString(_:)`` escapes it.
  mutating func appendString(utf8: UnsafeBufferPointer<UInt8>) { bytes.appendJSONString(utf8) }

  /// Appends an integer in decimal, the whole `Int64` and `UInt64` range.
  mutating func appendInteger(_ integer: PropertyListInteger) {
    var magnitude: UInt64
    if integer.isNegative {
      bytes.append(UInt8(ascii: "-"))
      magnitude = 0 &- integer.bitPattern
    } else {
      magnitude = integer.bitPattern
    }
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
    var count = 0
    withUnsafeMutableBytes(of: &digits) { raw in
      let buffer = raw.bindMemory(to: UInt8.self)
      repeat {
        buffer[23 - count] = UInt8(truncatingIfNeeded: magnitude % 10) + UInt8(ascii: "0")
        magnitude /= 10
        count += 1
      } while magnitude > 0
      // A typed buffer appends with one copy; a slice of raw bytes went element by element.
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[(24 - count)...]))
    }
  }

  /// Appends a finite real as the shortest decimal that reads back as the same bits, always
  /// with a `.` or an exponent so that it reads back as a real (`1.0`, `-0.0`, `1e+100`).
  mutating func appendReal(_ real: Double) {
    // The standard library's description is the shortest round-trip form (Errol/Ryu-style)
    // and already has a '.' or an 'e' for every finite value.
    var text = real.description
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }
}
