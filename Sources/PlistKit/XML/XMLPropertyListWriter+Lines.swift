/// Lines gathered before they are appended: every append to the output is a call that checks
/// and grows it, so a short line (its tabs, tags and text) is put together on the stack first
/// and added in one piece. The bytes are those the piecewise appends would give.
extension XMLPropertyListOutput {
  /// The longest line gathered on the stack; a longer one is appended piece by piece.
  private static let longestGatheredLine = 256

  /// Appends `depth` tabs and then `tag`.
  mutating func appendIndented(_ tag: StaticString, depth: Int) {
    let count = depth + tag.utf8CodeUnitCount
    guard count <= Self.longestGatheredLine else {
      indent(depth)
      append(tag)
      return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { line in
      let start = line.baseAddress!
      start.initialize(repeating: 0x09, count: depth)
      (start + depth).initialize(from: tag.utf8Start, count: tag.utf8CodeUnitCount)
      bytes.append(contentsOf: UnsafeBufferPointer(line))
    }
  }

  /// Appends `depth` tabs, `open`, the UTF-8 text escaped as ``appendEscaped(utf8:)`` escapes
  /// it, and `close`; returns the first character XML 1.0 cannot carry (the output then holds
  /// part of the line), or nil.
  mutating func appendTextLine(
    depth: Int, open: StaticString, _ utf8: UnsafeBufferPointer<UInt8>, close: StaticString
  ) -> UInt32? {
    let count = depth + open.utf8CodeUnitCount + utf8.count + close.utf8CodeUnitCount
    guard count <= Self.longestGatheredLine, !Self.needsEscaping(utf8) else {
      appendIndented(open, depth: depth)
      if let refused = appendEscaped(utf8: utf8) { return refused }
      append(close)
      return nil
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { line in
      var cursor = line.baseAddress!
      cursor.initialize(repeating: 0x09, count: depth)
      cursor += depth
      cursor.initialize(from: open.utf8Start, count: open.utf8CodeUnitCount)
      cursor += open.utf8CodeUnitCount
      if let text = utf8.baseAddress { cursor.initialize(from: text, count: utf8.count) }
      cursor += utf8.count
      cursor.initialize(from: close.utf8Start, count: close.utf8CodeUnitCount)
      bytes.append(contentsOf: UnsafeBufferPointer(line))
    }
    return nil
  }

  /// True when ``appendEscaped(utf8:)`` would change or refuse a byte of `utf8`: `<`, `>`, `&`,
  /// a control character other than tab and line feed, or the first byte of U+FFFE/U+FFFF
  /// (any 0xEF, to keep the test short).
  private static func needsEscaping(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in utf8 where byte <= UInt8(ascii: ">") || byte == 0xEF {
      switch byte {
      case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), 0xEF: return true
      case 0x09, 0x0A: continue
      case 0x00..<0x20: return true
      default: continue
      }
    }
    return false
  }
}
