import PlistKit

extension XcodeProjectOutput {
  /// True when Xcode writes `string` without quotes: it is not empty, every byte is one of
  /// `A–Z a–z 0–9 _ $ . /`, and it holds neither `//` (which would start a comment) nor `___`
  /// (which Xcode's templates use as placeholders).
  static func isBare(_ utf8: some Collection<UInt8>) -> Bool {
    guard !utf8.isEmpty else { return false }
    var previous: UInt8 = 0
    var underscores = 0
    for byte in utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "$"), UInt8(ascii: "."):
        underscores = 0
      case UInt8(ascii: "_"):
        underscores += 1
        if underscores == 3 { return false }
      case UInt8(ascii: "/"):
        if previous == byte { return false }
        underscores = 0
      default:
        return false
      }
      previous = byte
    }
    return true
  }

  /// Appends `string` as Xcode writes it: bare (see ``isBare(_:)``) or in double quotes with
  /// backslash escapes.
  static func appendQuoted(_ string: String, to bytes: inout [UInt8]) {
    var copy = string
    copy.withUTF8 { utf8 in
      guard !isBare(utf8) else {
        bytes.append(contentsOf: utf8)
        return
      }
      bytes.appendBackslashQuoted(utf8) { byte, bytes in
        switch byte {
        case 0x07: bytes.appendEscape(UInt8(ascii: "a"))
        case 0x08: bytes.appendEscape(UInt8(ascii: "b"))
        case 0x0B: bytes.appendEscape(UInt8(ascii: "v"))
        case 0x0C: bytes.appendEscape(UInt8(ascii: "f"))
        default:
          bytes.appendEscape(UInt8(ascii: "U"))
          bytes.append(contentsOf: [UInt8(ascii: "0"), UInt8(ascii: "0")])
          bytes.append(ASCIIHex.lowercaseDigits[Int(byte >> 4)])
          bytes.append(ASCIIHex.lowercaseDigits[Int(byte & 0xF)])
        }
      }
    }
  }
}
