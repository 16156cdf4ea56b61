import PlistDiff
import PlistKit

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

  /// `text` with every scalar that could break or forge a line escaped (see ``escape(_:)``).
  static func escaped(_ text: String) -> String {
    // Most text has nothing to escape: give it back without copying it scalar by scalar.
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
