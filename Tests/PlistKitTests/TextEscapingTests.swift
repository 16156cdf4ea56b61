import Testing

@testable import PlistKit

/// The escaping the text writers share: hex digits, JSON strings, and the C family's
/// double-quoted strings, each with its format's way of writing control characters.
@Suite struct TextEscapingTests {
  @Test func hexDigitValues() {
    let values = Array("09afAFgG/:@`".utf8).map(ASCIIHex.value(of:))
    #expect(values == [0, 9, 10, 15, 10, 15, nil, nil, nil, nil, nil, nil])
  }

  @Test func hexStrings() {
    #expect(ASCIIHex.string(0x1F, width: 4) == "001F")
    #expect(ASCIIHex.string(0x1F, width: 4, uppercase: false) == "001f")
    #expect(ASCIIHex.string(0x12345, width: 4) == "12345")
    #expect(String(decoding: ASCIIHex.lowercaseDigits, as: UTF8.self) == "0123456789abcdef")
  }

  @Test func jsonStringEscapes() {
    var bytes: [UInt8] = []
    bytes.appendJSONString("a\"b\\c/\u{8}\u{9}\u{A}\u{C}\u{D}\u{1}\u{1F}\u{7F}é")
    #expect(String(decoding: bytes, as: UTF8.self) == #""a\"b\\c/\b\t\n\f\r\u0001\u001f"# + "\u{7F}é\"")
  }

  @Test func jsonStringWithoutEscapesIsCopied() {
    var bytes: [UInt8] = [UInt8(ascii: "[")]
    bytes.appendJSONString("plain text")
    bytes.appendJSONString("")
    #expect(String(decoding: bytes, as: UTF8.self) == "[\"plain text\"\"\"")
  }

  @Test func backslashQuotedBytes() {
    var bytes: [UInt8] = []
    let text = Array("q\"b\\\n\r\t\u{7}\u{7F}é".utf8)
    text.withUnsafeBufferPointer { utf8 in
      bytes.appendBackslashQuoted(utf8) { byte, bytes in bytes.append(contentsOf: Array("<\(byte)>".utf8)) }
    }
    #expect(String(decoding: bytes, as: UTF8.self) == #""q\"b\\\n\r\t<7><127>é""#)
  }

  @Test func backslashQuotedString() {
    let quoted = "q\"b\\\n\r\t\u{0}\u{1B}\u{7F}é".backslashQuoted { "<\($0.value)>" }
    #expect(quoted == #""q\"b\\\n\r\t<0><27><127>é""#)
  }
}
