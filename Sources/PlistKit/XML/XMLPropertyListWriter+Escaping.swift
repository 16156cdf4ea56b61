/// Text content as XML 1.0 can carry it.
extension XMLPropertyListOutput {
  /// Appends `string` with `&`, `<` and `>` escaped as CoreFoundation does, and a carriage
  /// return as `&#13;` so that it survives a reader's line-end normalization.
  ///
  /// - Throws: ``PropertyListError/Kind/notRepresentable`` for a character XML 1.0 does
  ///   not allow (C0 controls other than tab, line feed and carriage return; U+FFFE; U+FFFF).
  mutating func appendEscaped(_ string: String) throws(PropertyListError) {
    var string = string
    if let refused = string.withUTF8({ utf8 in appendEscaped(utf8: utf8) }) {
      throw Self.unwritableCharacter(refused)
    }
  }

  /// Appends UTF-8 text escaped as ``appendEscaped(_:)`` escapes it; returns the first
  /// character XML 1.0 cannot carry (the output then holds part of the text), or nil.
  package mutating func appendEscaped(utf8: UnsafeBufferPointer<UInt8>) -> UInt32? {
    var runStart = 0
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      // Everything from `?` up is copied as is, but for the first byte of U+FFFE/U+FFFF.
      if byte > UInt8(ascii: ">") && byte != 0xEF {
        index += 1
        continue
      }
      var replacement: StaticString?
      switch byte {
      case UInt8(ascii: "<"): replacement = "&lt;"
      case UInt8(ascii: ">"): replacement = "&gt;"
      case UInt8(ascii: "&"): replacement = "&amp;"
      case 0x0D: replacement = "&#13;"
      case 0x09, 0x0A: break
      case 0x00..<0x20: return UInt32(byte)
      case 0xEF:
        if index + 2 < utf8.count, utf8[index + 1] == 0xBF, utf8[index + 2] & 0xFE == 0xBE {
          return 0xFFFE | UInt32(utf8[index + 2] & 1)
        }
      default: break
      }
      if let replacement {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        append(replacement)
        runStart = index + 1
      }
      index += 1
    }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    return nil
  }

  /// The error for character `scalar` in a string or key at the root (the text is written
  /// alone).
  static func unwritableCharacter(_ scalar: UInt32) -> PropertyListError {
    PropertyListError(.notRepresentable, format: .xml, at: .keyPath(""), refusal(ofCharacter: scalar))
  }

  /// Why a string holding `scalar` cannot be written in XML.
  static func refusal(ofCharacter scalar: UInt32) -> String {
    let hex = String(scalar, radix: 16, uppercase: true)
    return "U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex) cannot be written in XML 1.0"
  }
}
