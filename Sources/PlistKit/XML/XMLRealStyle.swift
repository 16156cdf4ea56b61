/// How the XML writer spells reals (``PropertyListWritingOptions/xmlRealStyle``).
public enum XMLRealStyle: String, Sendable, CaseIterable {
  /// CoreFoundation's `%.17g`: `1`, `0.10000000000000001`, `1e+20`; `-0.0` keeps its sign. What
  /// `PropertyListSerialization` and `plutil` write.
  case coreFoundation
  /// The shortest decimal that reads back as the same bits, without a trailing `.0`: `1`,
  /// `0.1`, `1e+20`, `-0`. What Foundation's `PropertyListEncoder` writes.
  case shortest
}

extension XMLPropertyListOutput {
  /// Appends a real in the shortest style; `nan` and `±infinity` as in either style.
  package mutating func appendShortestReal(_ real: Double) {
    if real.isNaN { return append("nan") }
    if real.isInfinite { return append(real < 0 ? "-infinity" : "+infinity") }
    var text = real.description
    text.withUTF8 { utf8 in
      let trimmed = utf8.count > 2 && utf8[utf8.count - 2] == UInt8(ascii: ".") && utf8[utf8.count - 1] == 0x30
      bytes.append(contentsOf: trimmed ? UnsafeBufferPointer(rebasing: utf8.dropLast(2)) : utf8)
    }
  }
}
