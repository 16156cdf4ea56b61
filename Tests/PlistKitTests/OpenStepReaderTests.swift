import Testing

@testable import PlistKit

@Suite("OpenStep reader")
struct OpenStepReaderTests {
  static func read(_ text: String) throws(PropertyListError) -> PropertyList {
    try PropertyList(bytes: Array(text.utf8), format: .openStep)
  }

  @Test("dictionaries, arrays, quoted and unquoted strings, data, in order")
  func structure() throws {
    let value = try Self.read(
      """
      {
        name = "Abraham Lincoln";
        party = Republican;
        "from year" = 1861;
        tags = ( a, "b c", ( ), {}, );
        path = /usr/local/bin:/opt/x.y-z_1$;
        plus = "a+b";
        bytes = <0fbd 7A
                 00>;
        empty = <>;
        "" = '';
      }
      """)
    #expect(
      value.isIdentical(to: [
        "name": "Abraham Lincoln", "party": "Republican", "from year": "1861", "tags": ["a", "b c", [], [:]],
        "path": "/usr/local/bin:/opt/x.y-z_1$", "plus": "a+b", "bytes": .data([0x0F, 0xBD, 0x7A, 0x00]),
        "empty": .data([]), "": "",
      ]))
  }

  @Test("every escape CoreFoundation knows")
  func escapes() throws {
    let value = try Self.read(
      #"( "\a\b\f\n\r\t\v", "\"\'\\\q", "\012\0\101\1011", "\351\375\477", "\U00e9\u263A\UD83D\UDE00", "\U0041", 'it''s' )"#
        .replacingOccurrences(of: "'it''s'", with: #"'it\'s'"#))
    #expect(
      value.isIdentical(to: [
        "\u{7}\u{8}\u{C}\n\r\t\u{B}", "\"'\\q", "\n\u{0}A\u{41}1", "\u{D8}\u{FF}?", "é☺😀", "A", "it's",
      ]))
  }

  @Test("line breaks and non-ASCII characters may appear in quoted strings as they are")
  func rawContent() throws {
    #expect(try Self.read("(\"two\nlines\", \"café 😀\", \"\\é\")") == ["two\nlines", "café 😀", "é"])
  }

  @Test("comments of both kinds are skipped anywhere between tokens")
  func comments() throws {
    let value = try Self.read(
      """
      // !$*UTF8*$!
      { /* a */ key /* b */ = /* c */ value /* d */ ; // e
        list = ( x /* f */ , // g
        y );
      } // end
      /* trailing */
      """)
    #expect(value.isIdentical(to: ["key": "value", "list": ["x", "y"]]))
  }

  @Test(".strings files: entries without braces, the key; shorthand, empty files")
  func stringsFiles() throws {
    #expect(
      try Self.read("/* c */ \"a\" = \"1\";\nb = 2;\n\"c\";\n").isIdentical(to: ["a": "1", "b": "2", "c": "c"]))
    #expect(try Self.read("{ a; b = c; }").isIdentical(to: ["a": "a", "b": "c"]))
    #expect(try Self.read("  // only a comment\n") == [:])
    #expect(try Self.read("") == [:])
    #expect(try Self.read("\"lonely\"") == "lonely")
    #expect(try Self.read("bare") == "bare")
  }

  @Test("GNUstep's typed values")
  func gnustep() throws {
    let value = try Self.read(
      "(<*I-5>, <*I18446744073709551615>, <*R1.5>, <*BY>, <*BN>, <*D2001-01-01 00:00:01 +0000>)")
    #expect(
      value.isIdentical(to: [
        -5, .integer(UInt64.max), 1.5, true, false, .date(PropertyListDate(secondsSinceReferenceDate: 1)),
      ]))
  }

  @Test("a repeated key keeps its first position and its last value; exact keys stay apart")
  func keys() throws {
    let value = try Self.read("{ b = 1; a = 2; b = 3; \"\u{E9}\" = x; \"e\u{301}\" = y; }")
    #expect(value.dictionaryValue?.keys == ["b", "a", "\u{E9}", "e\u{301}"])
    #expect(value["b"] == "3")
  }

  @Test("the Xcode project sample reads, and matches what plutil reads")
  func pbxproj() throws {
    let bytes = try PropertyListFile.read(path: Fixtures.samples + "/project.pbxproj")
    #expect(PropertyListFormat.detect(bytes) == .openStep)
    let value = try PropertyList(bytes: bytes)
    #expect(value["archiveVersion"] == "1")
    #expect(value["rootObject"] == "4A1B2C3D2B00000600ABCDEF")
    let objects = try #require(value["objects"]?.dictionaryValue)
    #expect(objects.count == 7)
    #expect(objects.keys.first == "4A1B2C3D2B00000100ABCDEF")
    #expect(objects["4A1B2C3D2B00000500ABCDEF"]?["path"] == "Présidents.app")
    #expect(objects["4A1B2C3D2B00000600ABCDEF"]?["sourceTree"] == "<group>")
    let settings = objects["4A1B2C3D2B00000700ABCDEF"]?["buildSettings"]
    #expect(settings?["GCC_PREPROCESSOR_DEFINITIONS"] == ["DEBUG=1", "$(inherited)"])
    #expect(settings?["INFOPLIST_KEY_CFBundleDisplayName"] == "Presidents \"of\" the U.S.")
    #expect(settings?["SWIFT_VERSION"] == "5.0")
    if let peer = try Plutil.json(ofFile: Fixtures.samples + "/project.pbxproj") { #expect(value == peer) }
  }

  @Test("the UTF-16 .strings sample reads in both byte orders, and matches plutil")
  func utf16Strings() throws {
    let path = Fixtures.samples + "/Localizable.strings"
    let littleEndian = try PropertyListFile.read(path: path)
    #expect(littleEndian.starts(with: [0xFF, 0xFE]))
    #expect(PropertyListFormat.detect(littleEndian) == .openStep)
    let expected: PropertyList = [
      "presidents.title": "Presidents", "search.placeholder": "Search by name or party…",
      "quote": "She said \"hi\"\tthen\nleft é", "emoji": "Vote 🗳️", "Zoë": "keys may be non-ASCII",
      "shorthand": "shorthand",
    ]
    #expect(try PropertyList(bytes: littleEndian).isIdentical(to: expected))
    var bigEndian: [UInt8] = []
    for index in stride(from: 0, to: littleEndian.count, by: 2) {
      bigEndian += [littleEndian[index + 1], littleEndian[index]]
    }
    #expect(try PropertyList(bytes: bigEndian).isIdentical(to: expected))
    if let peer = try Plutil.json(ofFile: path) { #expect(peer == expected) }
  }

  @Test("a UTF-8 byte-order mark is skipped")
  func utf8BOM() throws {
    #expect(try PropertyList(bytes: [0xEF, 0xBB, 0xBF] + Array("{a=b;}".utf8), format: .openStep) == ["a": "b"])
  }

  @Test("nesting within the limit reads without recursion")
  func deep() throws {
    let depth = 3_000
    let text = String(repeating: "(", count: depth) + String(repeating: ")", count: depth)
    let value = try PropertyList(
      bytes: Array(text.utf8), format: .openStep, options: .init(limits: .init(maximumDepth: depth)))
    var current = value
    var levels = 1
    while case .array(let inner) = current, let first = inner.first {
      current = first
      levels += 1
    }
    #expect(levels == depth)
  }
}
