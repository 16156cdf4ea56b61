internal import CLibXML2

/// Numbers and data as CoreFoundation writes them.
extension XMLPropertyListOutput {
  /// Decimal, with a sign when negative.
  mutating func appendInteger(_ integer: PropertyListInteger) {
    var magnitude: UInt64
    if let signed = integer.int64Value, signed < 0 {
      bytes.append(UInt8(ascii: "-"))
      magnitude = signed.magnitude
    } else {
      magnitude = integer.uint64Value!
    }
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
    let count = withUnsafeMutableBytes(of: &digits) { buffer in
      var count = 0
      repeat {
        buffer[23 - count] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30
        magnitude /= 10
        count += 1
      } while magnitude > 0
      return count
    }
    // A typed buffer appends with one copy; a slice of raw bytes goes element by element.
    withUnsafeBytes(of: &digits) { raw in
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[(24 - count)...]))
    }
  }

  /// `%.17g` as CoreFoundation writes reals (`1`, `0.10000000000000001`, `1e+20`), `nan`,
  /// `+infinity`, `-infinity`, `0.0`, and `-0.0` where CoreFoundation would lose the sign.
  package mutating func appendReal(_ real: Double) {
    if real.isNaN { return append("nan") }
    if real.isInfinite { return append(real < 0 ? "-infinity" : "+infinity") }
    if real == 0 { return append(real.sign == .minus ? "-0.0" : "0.0") }
    if SeventeenDigits.append(real, to: &bytes) { return }
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buffer in
      let count = plistkit_format_real(buffer.baseAddress, 32, real)
      let written = UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(max(0, min(count, 31))))
      bytes.append(contentsOf: written)
    }
  }

  /// How CoreFoundation lays out the base64 of a `<data>` element at `depth`: each line
  /// indented like the tag but by no more than 8 tabs, and 76 characters long less 8 for every
  /// tab (always a multiple of four).
  package static func base64Lines(depth: Int) -> (indent: Int, lineLength: Int) {
    let levels = min(depth, 8)
    return (levels, 76 - 8 * levels)
  }

  /// Base64 lines as CoreFoundation wraps them (see ``base64Lines(depth:)``).
  mutating func appendBase64(_ data: [UInt8], depth: Int) {
    guard !data.isEmpty else { return }
    let (levels, lineLength) = Self.base64Lines(depth: depth)
    let prefix = [UInt8](repeating: 0x09, count: levels)
    bytes.append(contentsOf: prefix)
    Base64.append(data, to: &bytes, lineLength: lineLength, linePrefix: prefix)
    bytes.append(0x0A)
  }
}
