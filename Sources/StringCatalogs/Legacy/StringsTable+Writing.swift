import PlistKit

/// The encodings a `.strings` file is written in.
public enum StringsFileEncoding: String, Sendable, Equatable, CaseIterable {
  /// UTF-8 without a byte-order mark, as Xcode writes new files.
  case utf8 = "utf-8"
  /// UTF-16, least significant byte first, after the byte-order mark `FF FE`: what older Xcode
  /// and `genstrings` wrote, and what `ibtool` still writes.
  case utf16 = "utf-16"
}

extension StringsTable {
  /// The table as a `.strings` file in Apple's layout: for each entry its comment as a
  /// `/* … */` line, then `"key" = "value";`, and a blank line between entries. Keys and values
  /// are always quoted, with `"` and `\` escaped and line breaks and tabs written `\n`, `\r`
  /// and `\t`; every other character is written as it is.
  public func bytes(encoding: StringsFileEncoding = .utf8) -> [UInt8] {
    var text = ""
    for (index, entry) in entries.enumerated() {
      if index > 0 { text += "\n" }
      if let comment = entry.comment { text += StringsComment.block(comment) + "\n" }
      text += Self.quoted(entry.key) + " = " + Self.quoted(entry.value) + ";\n"
    }
    switch encoding {
    case .utf8: return Array(text.utf8)
    case .utf16:
      var bytes: [UInt8] = [0xFF, 0xFE]
      bytes.reserveCapacity(2 + text.utf16.count * 2)
      for unit in text.utf16 {
        bytes.append(UInt8(unit & 0xFF))
        bytes.append(UInt8(unit >> 8))
      }
      return bytes
    }
  }

  /// `string` in double quotes, escaped as Apple's tools write `.strings` files.
  static func quoted(_ string: String) -> String {
    // A control character as the OpenStep reader reads it back: `\U` and four hex digits.
    string.backslashQuoted { "\\U" + ASCIIHex.string($0.value, width: 4, uppercase: false) }
  }
}
