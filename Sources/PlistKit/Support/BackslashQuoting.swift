/// The double-quoted strings of the C family (OpenStep, `.strings`, Xcode projects, Swift
/// literals), which agree on `\"`, `\\`, `\n`, `\r` and `\t` and differ only in how they write
/// the other control characters: each caller passes its format's way.
extension Array where Element == UInt8 {
  /// Appends `utf8` in double quotes: `"` and `\` after a backslash, line feed, carriage return
  /// and tab as `\n`, `\r`, `\t`, each other control character (below 0x20, and DEL) as
  /// `escapeControl` appends it, every other byte as it is.
  package mutating func appendBackslashQuoted(
    _ utf8: UnsafeBufferPointer<UInt8>, escapeControl: (UInt8, inout [UInt8]) -> Void
  ) {
    append(UInt8(ascii: "\""))
    for byte in utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): appendEscape(byte)
      case 0x0A: appendEscape(UInt8(ascii: "n"))
      case 0x0D: appendEscape(UInt8(ascii: "r"))
      case 0x09: appendEscape(UInt8(ascii: "t"))
      case 0..<0x20, 0x7F: escapeControl(byte, &self)
      default: append(byte)
      }
    }
    append(UInt8(ascii: "\""))
  }

  /// Appends a backslash and `letter`.
  package mutating func appendEscape(_ letter: UInt8) {
    append(UInt8(ascii: "\\"))
    append(letter)
  }
}

extension String {
  /// This text in double quotes, escaped as `appendBackslashQuoted(_:escapeControl:)`
  /// escapes bytes: `escapeControl` gives the text of each control character but line feed,
  /// carriage return and tab.
  package func backslashQuoted(escapeControl: (Unicode.Scalar) -> String) -> String {
    var result = "\""
    for scalar in unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{0}"..."\u{1F}", "\u{7F}": result += escapeControl(scalar)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
