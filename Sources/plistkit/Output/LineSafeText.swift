import PlistDiff
import PlistKit
import XcodeProject

/// Keys and values in the CLI's line-oriented output (`textconv`, `get` lines, `print`,
/// `diff` and `merge` lines, `sections` and `filter` text, error lines) are escaped here, and
/// only here, so that no key or value can end its line early or forge another one: a key
/// `"x\nCFBundleVersion = \"1.0\""` must not show up in `git diff` as a line of its own.
///
/// Escaped are the C0 controls (line feed, carriage return and tab as `\n`, `\r`, `\t`, the
/// others as `\u{1b}`), DEL, the C1 controls (NEL, U+0085, ends a line for some readers), the
/// line and paragraph separators U+2028 and U+2029, and the bidirectional embeddings,
/// overrides and isolates (U+202A–U+202E, U+2066–U+2069), which reorder what a terminal shows.
/// A backslash is left as it is: where a backslash could be mistaken for an escape (quoted
/// strings, key paths) the caller escapes it as part of its own syntax.
enum LineSafeText {
  /// The escape for a scalar that could break or forge a line, or nil for any other scalar.
  static func escape(_ scalar: Unicode.Scalar) -> String? {
    switch scalar.value {
    case 0x0A: return "\\n"
    case 0x0D: return "\\r"
    case 0x09: return "\\t"
    case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
      return "\\u{" + String(scalar.value, radix: 16) + "}"
    default: return nil
    }
  }

  /// False when no scalar of `text` needs an escape, found from its UTF-8 bytes without
  /// decoding scalars (this runs on every line of large outputs): only bytes below 0x20 and DEL
  /// (C0 controls), a 0xC2 lead byte (C1 controls are U+0080–U+009F) and a 0xE2 lead byte
  /// (U+2028–U+2069) can start one. True may be a false alarm, which the scalar check settles.
  @inline(__always)
  static func mayNeedEscapes(_ text: String) -> Bool {
    text.utf8.withContiguousStorageIfAvailable(mayNeedEscapes) ?? true
  }

  /// ``mayNeedEscapes(_:)`` on UTF-8 bytes, eight at a time: a word has a byte below 0x20 when
  /// `(w - 0x20…) & ~w & 0x80…` is not zero, and a byte equal to `c` when `w ^ c…` has a zero
  /// byte, found the same way.
  private static func mayNeedEscapes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
    var index = 0
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while index + 8 <= bytes.count {
        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if (word &- 0x20 &* ones) & ~word & highs != 0 || hasZeroByte(word ^ (0x7F &* ones))
          || hasZeroByte(word ^ (0xC2 &* ones)) || hasZeroByte(word ^ (0xE2 &* ones))
        {
          return true
        }
        index += 8
      }
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 { return true }
      index += 1
    }
    return false
  }

  /// `text` with every scalar that could break or forge a line escaped (see ``escape(_:)``).
  @inline(__always)
  static func escaped(_ text: String) -> String {
    guard mayNeedEscapes(text) else { return text }
    return escapedScalars(text)
  }

  /// ``escaped(_:)`` once a byte said a scalar may need an escape.
  private static func escapedScalars(_ text: String) -> String {
    // A false alarm (an em dash, a C2 letter): give the text back without copying it.
    guard text.unicodeScalars.contains(where: { escape($0) != nil }) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      if let escape = escape(scalar) { result += escape } else { result.unicodeScalars.append(scalar) }
    }
    return result
  }
}

extension PropertyListKeyPath {
  /// The path as a line shows it: `(root)` for the empty path, in a project file with Xcode's
  /// comment after an object ID (`labels`; `inNew` says the path is in the new side), and
  /// escaped by ``LineSafeText``.
  func shown(labels: ProjectPathLabels? = nil, inNew: Bool = false) -> String {
    guard !components.isEmpty else { return "(root)" }
    return LineSafeText.escaped(labels?.label(self, inNew: inNew) ?? description)
  }
}
