import Testing

@testable import PlistKit

/// Every kind of XML error: its kind, line:column and message, exactly.
@Suite("XML reader errors")
struct XMLReaderErrorTests {
  static let cases: [(String, String)] = [
    // Structure: what may appear where.
    (
      "<plist>\n<array>\n\t<foo/>\n</array>\n</plist>",
      "syntax 3:2: unknown element <foo> inside <array>"
    ),
    ("<foo/>", "syntax 1:1: unknown element <foo> as the root element"),
    ("<plist><x:string xmlns:x='urn:x'>a</x:string></plist>", "syntax 1:8: unknown element <x:string> inside <plist>"),
    (
      "<plist>\n  <array>\n\t<key>x</key>\n  </array>\n</plist>",
      "syntax 3:2: expected a value element inside <array>, found <key>"
    ),
    (
      "<plist><dict>\n  <string>a</string>\n</dict></plist>",
      "syntax 2:3: expected <key> inside <dict>, found <string>"
    ),
    (
      "<plist><dict><key>a</key><key>b</key></dict></plist>",
      "syntax 1:26: expected a value for key 'a' inside <dict>, found <key>"
    ),
    (
      "<plist><dict><key>a</key></dict></plist>",
      "syntax 1:26: expected a value for key 'a' inside <dict>, found '</dict>'"
    ),
    ("<plist><key>a</key></plist>", "syntax 1:8: expected a value element inside <plist>, found <key>"),
    ("<key>a</key>", "syntax 1:1: expected <plist> or a value element, found <key>"),
    ("<plist><array><plist/></array></plist>", "syntax 1:15: expected a value element inside <array>, found <plist>"),
    (
      "<plist>\n<true/>\n<false/>\n</plist>",
      "syntax 3:1: expected '</plist>' after the value (a plist holds one value), found <false>"
    ),
    ("<plist>\n</plist>", "syntax 2:1: expected a value element inside <plist>, found '</plist>'"),
    ("<plist><string>a<b/></string></plist>", "syntax 1:17: expected text inside <string>, found <b>"),
    // Text where only elements belong.
    ("<plist><array>\n  hello</array></plist>", "syntax 2:3: unexpected text 'hello' inside <array>"),
    ("<plist><dict> é <key>a</key></dict></plist>", "syntax 1:15: unexpected text 'é ' inside <dict>"),
    ("<plist>x<true/></plist>", "syntax 1:8: unexpected text 'x' inside <plist>"),
    ("<plist><true>yes</true></plist>", "syntax 1:8: <true/> must be empty, found 'yes'"),
    ("<plist><false>0</false></plist>", "syntax 1:8: <false/> must be empty, found '0'"),
    // Values.
    ("<plist>\n\t<integer>abc</integer>\n</plist>", "invalidValue 2:2: <integer> 'abc' is not an integer"),
    ("<plist><integer>1.5</integer></plist>", "invalidValue 1:8: <integer> '1.5' is not an integer"),
    ("<plist><integer>0x</integer></plist>", "invalidValue 1:8: <integer> '0x' is not an integer"),
    ("<plist><integer>- -1</integer></plist>", "invalidValue 1:8: <integer> '- -1' is not an integer"),
    (
      "<plist><integer>18446744073709551616</integer></plist>",
      "invalidValue 1:8: <integer> '18446744073709551616' is out of range (-9223372036854775808 to 18446744073709551615)"
    ),
    (
      "<plist><integer>-9223372036854775809</integer></plist>",
      "invalidValue 1:8: <integer> '-9223372036854775809' is out of range (-9223372036854775808 to 18446744073709551615)"
    ),
    ("<plist><integer/></plist>", "invalidValue 1:8: <integer> is empty"),
    ("<plist><integer> </integer></plist>", "invalidValue 1:8: <integer> is empty"),
    ("<plist><real>1.2.3</real></plist>", "invalidValue 1:8: <real> '1.2.3' is not a real number"),
    ("<plist><real>1e</real></plist>", "invalidValue 1:8: <real> '1e' is not a real number"),
    ("<plist><real>-nan</real></plist>", "invalidValue 1:8: <real> '-nan' is not a real number"),
    ("<plist><real>0x1p3</real></plist>", "invalidValue 1:8: <real> '0x1p3' is not a real number"),
    ("<plist><real/></plist>", "invalidValue 1:8: <real> is empty"),
    (
      "<plist><date>2001-1-01T00:00:00Z</date></plist>",
      "invalidValue 1:8: <date> '2001-1-01T00:00:00Z' is not an ISO 8601 date"
    ),
    ("<plist><date>yesterday</date></plist>", "invalidValue 1:8: <date> 'yesterday' is not an ISO 8601 date"),
    ("<plist><date/></plist>", "invalidValue 1:8: <date> is empty"),
    // CoreFoundation skips ASCII characters outside base64, but not other characters.
    ("<plist><data>AAE\u{E9}</data></plist>", "invalidValue 1:8: <data> is not base64: unexpected byte 0xc3"),
    // White space inside scalars, where CoreFoundation does not allow it.
    (
      "<plist><integer> 12 </integer></plist>",
      "invalidValue 1:8: <integer> ' 12 ' ends in white space: expected the number to end the element"
    ),
    (
      "<plist>\n<integer>12\n</integer></plist>",
      "invalidValue 2:1: <integer> '12\n' ends in white space: expected the number to end the element"
    ),
    (
      "<plist><real>1.5\t</real></plist>",
      "invalidValue 1:8: <real> '1.5\t' ends in white space: expected the number to end the element"
    ),
    ("<plist><false> </false></plist>", "syntax 1:8: <false/> must be empty, found white space"),
    ("<plist><true>\n</true></plist>", "syntax 1:8: <true/> must be empty, found white space"),
    (
      "<plist><date> 2001-01-01T00:00:00Z</date></plist>",
      "invalidValue 1:8: <date> ' 2001-01-01T00:00:00Z' has white space: expected YYYY-MM-DDTHH:MM:SSZ"
    ),
    (
      "<plist><date>2001-01-01T00:00:00Z </date></plist>",
      "invalidValue 1:8: <date> '2001-01-01T00:00:00Z ' has white space: expected YYYY-MM-DDTHH:MM:SSZ"
    ),
    (
      "<plist><array>\n  <date>1970-01-01</date></array></plist>",
      "invalidValue 2:3: <date> '1970-01-01' has no time: expected YYYY-MM-DDTHH:MM:SSZ"
    ),
    (
      "<plist><date>1970-01-01T10:00Z</date></plist>",
      "invalidValue 1:8: <date> '1970-01-01T10:00Z' has no seconds: expected YYYY-MM-DDTHH:MM:SSZ"
    ),
    // Well-formedness, reported by libxml2.
    ("<plist>\n<string>a</string>", "unexpectedEnd 2:19: expected '</plist>', found the end of the input"),
    ("<plist>\n<array>\n", "unexpectedEnd 3:1: expected '</array>', found the end of the input"),
    (
      "<plist><string>a</integer></plist>",
      "syntax 1:17: expected '</string>' (opened at line 1), found '</integer>'"
    ),
    ("<plist><true/></plist>\n<x/>", "syntax 2:1: extra content after the root element"),
    ("", "unexpectedEnd 1:1: no XML element found"),
    (" \n ", "unexpectedEnd 2:2: no XML element found"),
    ("text", "syntax 1:1: expected an element, found text"),
    ("<plist><integer>1\u{1}</integer></plist>", "syntax 1:18: character U+0001 is not allowed in XML 1.0"),
    ("<plist><string>&#0;</string></plist>", "syntax 1:20: character U+0000 is not allowed in XML 1.0"),
    (
      "<?xml version=\"1.0\" encoding=\"bogus\"?><plist/>",
      "invalidEncoding 1:37: Unsupported encoding bogus"
    ),
  ]

  @Test("each error names its kind, line:column, what was expected and what was found", arguments: cases)
  func errors(document: String, expected: String) {
    let error = XML.error(document)
    #expect(error?.summary == expected)
    #expect(error?.format == .xml)
  }

  @Test("bytes that are not UTF-8 are an encoding error with the bytes")
  func invalidUTF8() {
    let bytes = Array("<plist><string>a".utf8) + [0xC3] + Array("</string></plist>".utf8)
    #expect(
      XML.error(bytes: bytes)?.summary
        == "invalidEncoding 1:17: the input is not valid UTF-8 (bytes 0xC3 0x3C 0x2F 0x73)")
  }

  @Test("columns count characters, not bytes")
  func columnsCountCharacters() {
    #expect(
      XML.error("<plist><array><string>日本語</string><foo/></array></plist>")?.summary
        == "syntax 1:35: unknown element <foo> inside <array>")
  }

  @Test("positions in UTF-16 documents are in characters too")
  func utf16Positions() {
    let text = "<plist>\n<array>\n\t<string>é</string><key>k</key></array></plist>"
    let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    #expect(
      XML.error(bytes: bytes)?.summary == "syntax 3:20: expected a value element inside <array>, found <key>")
  }

  @Test("errors describe themselves as LINE:COLUMN: message")
  func description() {
    #expect(XML.error("<plist><integer>x</integer></plist>")?.description == "1:8: <integer> 'x' is not an integer")
  }
}
