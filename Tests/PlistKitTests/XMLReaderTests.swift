import Foundation
import Testing

@testable import PlistKit

@Suite("XML reader")
struct XMLReaderTests {
  @Test("reads the book's sorted names: 26 sections A to Z in order")
  func sortedNames() throws {
    let bytes = try PropertyListFile.read(path: Fixtures.samples + "/sortednames.plist")
    let value = try XML.read(bytes: bytes)
    let sections = try #require(value.dictionaryValue)
    #expect(sections.keys == (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) })
    #expect(sections["A"]?[0] == "Aaliyah")
    #expect(sections.values.reduce(0) { $0 + ($1.arrayValue?.count ?? 0) } == 2000)
    #expect(value == (try FoundationPeer.read(bytes)))
  }

  @Test("reads the book's computers: an array of strings")
  func computers() throws {
    let bytes = try PropertyListFile.read(path: Fixtures.samples + "/computers.plist")
    let value = try XML.read(bytes: bytes)
    let computers = try #require(value.arrayValue)
    #expect(computers.first == "Apple I")
    #expect(computers.allSatisfy { $0.kind == .string })
    #expect(value == (try FoundationPeer.read(bytes)))
  }

  @Test("reads every element kind")
  func everyKind() throws {
    let value = try XML.read(
      plist: """
        <dict>
        \t<key>string</key><string>héllo 😀</string>
        \t<key>integer</key><integer>-42</integer>
        \t<key>real</key><real>2.5</real>
        \t<key>true</key><true/>
        \t<key>false</key><false/>
        \t<key>date</key><date>2001-01-02T03:04:05Z</date>
        \t<key>data</key><data>AAH/</data>
        \t<key>array</key><array><integer>1</integer><array/></array>
        \t<key>dict</key><dict><key>k</key><string>v</string></dict>
        \t<key>uid</key><dict><key>CF$UID</key><integer>7</integer></dict>
        </dict>
        """)
    let expected: PropertyList = [
      "string": "héllo 😀", "integer": -42, "real": 2.5, "true": true, "false": false,
      "date": .date(PropertyListDate(secondsSinceReferenceDate: 86_400 + 3 * 3600 + 4 * 60 + 5)),
      "data": .data([0, 1, 255]), "array": [1, []], "dict": ["k": "v"], "uid": .uid(7),
    ]
    #expect(value.isIdentical(to: expected))
  }

  @Test("empty elements are empty values, and <true></true> is a boolean")
  func emptyElements() throws {
    let value = try XML.read(
      plist: """
        <dict><key/><string/><key>s</key><string></string><key>a</key><array/><key>d</key><dict/>\
        <key>x</key><data/><key>y</key><data></data><key>t</key><true></true><key>f</key><false></false></dict>
        """)
    let expected: PropertyList = [
      "": "", "s": "", "a": [], "d": [:], "x": .data([]), "y": .data([]), "t": true, "f": false,
    ]
    #expect(value.isIdentical(to: expected))
  }

  @Test("comments, processing instructions and white space are skipped anywhere")
  func comments() throws {
    let value = try XML.read(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!-- before -->
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0"><!-- in plist -->
      <array>
      \t<!-- in array --><string>a<!-- in a string -->b</string>
      \t<?target data?>
      \t<dict><!-- in dict --><key>k<!-- in a key --></key><!-- between --><integer>1<!-- in --></integer></dict>
      </array>
      </plist>
      <!-- after -->
      """)
    #expect(value.isIdentical(to: ["ab", ["k": 1]]))
  }

  @Test("CDATA sections are text, in strings and keys, mixed with characters and entities")
  func cdata() throws {
    let value = try XML.read(
      plist: "<dict><key><![CDATA[<k>]]></key><string>a<![CDATA[ <b> & ]]]]>&amp;<![CDATA[]]></string></dict>")
    #expect(value.isIdentical(to: ["<k>": "a <b> & ]]&"]))
  }

  @Test("the predefined entities and character references are replaced")
  func predefinedEntities() throws {
    let value = try XML.read(plist: "<string>&lt;&gt;&amp;&apos;&quot;&#65;&#x1F600;&#13;</string>")
    #expect(value == "<>&'\"A😀\r")
  }

  @Test("UTF-16 documents with a byte-order mark read, little- and big-endian", arguments: [false, true])
  func utf16(bigEndian: Bool) throws {
    let text = """
      <?xml version="1.0" encoding="UTF-16"?>
      <plist version="1.0"><dict><key>clé</key><string>日本 😀</string></dict></plist>
      """
    var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
    for unit in text.utf16 {
      let pair = bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
      bytes.append(contentsOf: pair)
    }
    #expect(try XML.read(bytes: bytes).isIdentical(to: ["clé": "日本 😀"]))
  }

  @Test(
    "UTF-32 documents with a byte-order mark read, little- and big-endian, with or without a declaration",
    arguments: [false, true], [false, true])
  func utf32(bigEndian: Bool, declared: Bool) throws {
    let text =
      (declared ? "<?xml version=\"1.0\" encoding=\"UTF-32\"?>\n" : "")
      + "<plist version=\"1.0\"><dict><key>clé</key><string>日本 😀</string></dict></plist>"
    let bytes = XML.utf32(text, bigEndian: bigEndian)
    #expect(PropertyListFormat.detect(bytes) == .xml)
    #expect(try PropertyList(bytes: bytes).isIdentical(to: ["clé": "日本 😀"]))
  }

  @Test("UTF-32 errors: positions in characters, a code unit that is no scalar, a cut-off unit")
  func utf32Errors() {
    let misplaced = XML.utf32("<plist>\n<array>\n\t<string>é</string><key>k</key></array></plist>", bigEndian: false)
    #expect(XML.error(bytes: misplaced)?.summary == "syntax 3:20: expected a value element inside <array>, found <key>")
    var surrogate = XML.utf32("<plist>\n<string>ab", bigEndian: true)
    surrogate += [0x00, 0x00, 0xD8, 0x00] + XML.utf32("</string></plist>", bigEndian: true).dropFirst(4)
    #expect(
      XML.error(bytes: surrogate)?.summary == "invalidEncoding 2:11: invalid UTF-32: 0x0000D800 is not a Unicode scalar"
    )
    let cut = XML.utf32("<plist><true/></plist>", bigEndian: false).dropLast(2)
    #expect(
      XML.error(bytes: Array(cut))?.summary
        == "invalidEncoding 1:22: invalid UTF-32: the text ends in the middle of a code unit")
  }

  @Test("UTF-8 with a byte-order mark reads")
  func utf8ByteOrderMark() throws {
    #expect(try XML.read(bytes: [0xEF, 0xBB, 0xBF] + Array("<plist><string>é</string></plist>".utf8)) == "é")
  }

  @Test("<data> takes white space and line breaks anywhere, as Apple and others wrap it")
  func dataWhitespace() throws {
    let value = try XML.read(plist: "<data>\n\tAAEC\r\n\tAw Q\tF\n  Bg==\n</data>")
    #expect(value == .data([0, 1, 2, 3, 4, 5, 6]))
  }

  @Test(
    "<data> reads as CoreFoundation reads it: other ASCII characters skipped, '=' a zero digit, a last partial group dropped",
    arguments: [
      ("AAEC!", [0, 1, 2]), ("*", []), ("A-A.E_C", [0, 1, 2]), ("AAECA", [0, 1, 2]), ("QQ", []),
      ("QQ==QQ==", [0x41, 0x41]), ("QU=JD", [0x41, 0x40, 0x09]), ("=QUJD", [0x01, 0x05, 0x09]),
      ("Q===", [0x40]), ("QUI=", [0x41, 0x42]), ("QUI= ", [0x41, 0x42]), ("QQ= =", [0x41]),
    ] as [(String, [UInt8])])
  func dataLikeCoreFoundation(text: String, expected: [UInt8]) throws {
    #expect(try XML.read(plist: "<data>\(text)</data>") == .data(expected))
  }

  @Test(
    "integers: decimal, signed, hexadecimal, the whole Int64 and UInt64 range, white space before them",
    arguments: [
      ("0", PropertyListInteger(0)), ("-0", PropertyListInteger(0)), ("+17", PropertyListInteger(17)),
      ("007", PropertyListInteger(7)), (" \n\t42", PropertyListInteger(42)), ("0x1F", PropertyListInteger(31)),
      ("0XfF", PropertyListInteger(255)), ("-0x10", PropertyListInteger(-16)),
      ("-9223372036854775808", PropertyListInteger(Int64.min)),
      ("9223372036854775807", PropertyListInteger(Int64.max)),
      ("9223372036854775808", PropertyListInteger(UInt64(1) << 63)),
      ("18446744073709551615", PropertyListInteger(UInt64.max)),
      ("0xFFFFFFFFFFFFFFFF", PropertyListInteger(UInt64.max)),
    ])
  func integers(text: String, expected: PropertyListInteger) throws {
    #expect(try XML.read(plist: "<integer>\(text)</integer>") == .integer(expected))
  }

  @Test(
    "reals: what CoreFoundation accepts, correctly rounded",
    arguments: [
      ("1", 1.0), ("-0.0", -0.0), ("0.0", 0.0), ("2.5", 2.5), (".5", 0.5), ("5.", 5.0), ("+.5e-3", 0.0005),
      ("1e+20", 1e20), ("2.5E-3", 0.0025), ("0.10000000000000001", 0.1), ("123456789.123", 123_456_789.123),
      ("4.9406564584124654e-324", Double.leastNonzeroMagnitude),
      ("1.7976931348623157e+308", Double.greatestFiniteMagnitude),
      ("123456789012345678901234567890", 1.2345678901234568e29), ("1e400", Double.infinity),
      ("-1e-400", -0.0), ("inf", Double.infinity), ("+inf", Double.infinity), ("-inf", -Double.infinity),
      ("infinity", Double.infinity), ("+infinity", Double.infinity), ("-Infinity", -Double.infinity),
      ("NaN", Double.nan), ("nan", Double.nan), (" \n3", 3.0),
    ])
  func reals(text: String, expected: Double) throws {
    let value = try XML.read(plist: "<real>\(text)</real>")
    #expect(value.realValue?.bitPattern == expected.bitPattern)
  }

  @Test("dates: Apple's form, fractions and offsets, negative years")
  func dates() throws {
    #expect(try XML.read(plist: "<date>2001-01-01T00:00:00Z</date>") == .date(.init(secondsSinceReferenceDate: 0)))
    #expect(
      try XML.read(plist: "<date>1970-01-01T00:00:00Z</date>")
        == .date(.init(secondsSinceReferenceDate: -978_307_200)))
    #expect(
      try XML.read(plist: "<date>2001-01-01T01:00:00.5+01:00</date>")
        == .date(.init(secondsSinceReferenceDate: 0.5)))
    // Julian before 1582-10-15, as Foundation reads it: two days after the ISO 8601 date.
    #expect(try XML.read(plist: "<date>-0001-01-01T00:00:00Z</date>").dateValue?.iso8601 == "-0002-12-30T00:00:00Z")
  }

  @Test("a dictionary whose only key is CF$UID with a non-negative integer is a UID; others stay dictionaries")
  func uids() throws {
    #expect(try XML.read(plist: "<dict><key>CF$UID</key><integer>0</integer></dict>") == .uid(0))
    #expect(
      try XML.read(plist: "<dict><key>CF$UID</key><integer>18446744073709551615</integer></dict>")
        == .uid(UInt64.max))
    #expect(try XML.read(plist: "<dict><key>CF$UID</key><integer>-1</integer></dict>") == ["CF$UID": -1])
    #expect(try XML.read(plist: "<dict><key>CF$UID</key><string>1</string></dict>") == ["CF$UID": "1"])
    #expect(
      try XML.read(plist: "<dict><key>CF$UID</key><integer>1</integer><key>x</key><true/></dict>")
        == ["CF$UID": 1, "x": true])
  }

  @Test("a repeated key keeps its first position and its last value")
  func duplicateKeys() throws {
    let value = try XML.read(
      plist:
        "<dict><key>a</key><integer>1</integer><key>b</key><integer>2</integer><key>a</key><integer>3</integer></dict>"
    )
    #expect(value.isIdentical(to: ["a": 3, "b": 2]))
  }

  @Test("keys that differ only by Unicode normalization stay apart")
  func exactKeys() throws {
    let value = try XML.read(
      plist: "<dict><key>\u{E9}</key><integer>1</integer><key>e\u{301}</key><integer>2</integer></dict>")
    #expect(value.dictionaryValue?.count == 2)
    #expect(value.dictionaryValue?.keys == ["\u{E9}", "e\u{301}"])
  }

  @Test("many long keys, repeated across records, read back exactly")
  func longKeys() throws {
    let keys = (0..<300).map { "a fairly long dictionary key number \($0)" }
    var body = "<array>"
    for record in 0..<3 {
      body += "<dict>"
      for (index, key) in keys.enumerated() { body += "<key>\(key)</key><integer>\(index + record)</integer>" }
      body += "</dict>"
    }
    body += "</array>"
    let records = try #require(try XML.read(plist: body).arrayValue)
    #expect(records.count == 3)
    for (record, value) in records.enumerated() {
      let dictionary = try #require(value.dictionaryValue)
      #expect(dictionary.keys == keys)
      #expect(dictionary.values == keys.indices.map { .integer($0 + record) })
    }
  }

  @Test("a bare value without <plist> reads, as CoreFoundation accepts it")
  func bareRoot() throws {
    #expect(try XML.read("<?xml version=\"1.0\"?><array><string>a</string></array>") == ["a"])
    #expect(try XML.read("<string>just text</string>") == "just text")
  }

  @Test("PropertyList(bytes:) detects and reads XML")
  func dispatch() throws {
    let bytes = Array("<?xml version=\"1.0\"?><plist><true/></plist>".utf8)
    let read = try bytes.withRawBytes { (buffer) throws(PropertyListError) in try PropertyList.read(bytes: buffer) }
    #expect(read.value == true)
    #expect(read.format == .xml)
    #expect(try PropertyList(bytes: bytes) == true)
  }
}
