import PlistKit
import Testing

/// ``PropertyList/lint(bytes:format:options:)``: a key a dictionary repeats, with both places,
/// in every format; the same errors as ``PropertyList/check(bytes:format:options:)`` otherwise.
@Suite("lint: repeated keys")
struct RepeatedKeyLintTests {
  static func lint(_ text: String, format: PropertyListFormat? = nil) throws -> PropertyListLintReport {
    try Array(text.utf8).withUnsafeBytes { try PropertyList.lint(bytes: $0, format: format) }
  }

  static func repeated(_ key: String, _ first: (Int, Int), _ again: (Int, Int)) -> PropertyListRepeatedKey {
    PropertyListRepeatedKey(
      key: key, first: .text(line: first.0, column: first.1), repeated: .text(line: again.0, column: again.1))
  }

  @Test("OpenStep: each repetition, nested ones too, in document order")
  func openStep() throws {
    let report = try Self.lint("{\n  a = 1;\n  b = { x = 1; x = 2; };\n  a = 3;\n  a = 4;\n}\n")
    #expect(report.format == .openStep)
    #expect(
      report.repeatedKeys == [
        Self.repeated("x", (3, 9), (3, 16)), Self.repeated("a", (2, 3), (4, 3)), Self.repeated("a", (2, 3), (5, 3)),
      ])
    #expect(
      report.repeatedKeys[0].message == "key 'x' repeats (first at line 3, column 9); the last value is kept")
  }

  @Test("XML: the places of the <key> elements")
  func xml() throws {
    let text =
      "<plist version=\"1.0\">\n<dict>\n\t<key>k</key>\n\t<string>1</string>\n\t<key>k</key>\n\t<true/>\n</dict>\n</plist>\n"
    let report = try Self.lint(text)
    #expect(report.format == .xml)
    #expect(report.repeatedKeys == [Self.repeated("k", (3, 2), (5, 2))])
  }

  @Test("JSON, plain and with a typed tag's name among its keys")
  func json() throws {
    #expect(try Self.lint("{\"a\": 1,\n \"a\": 2}").repeatedKeys == [Self.repeated("a", (1, 2), (2, 2))])
    // A key that names a typed tag sends the check through the value; the keys are still found.
    let typed = try Self.lint("{\"$date\": \"x\",\n \"b\": [{\"c\": 1, \"c\": 2}]}")
    #expect(typed.repeatedKeys == [Self.repeated("c", (2, 9), (2, 17))])
  }

  @Test("keys are told apart byte for byte: canonically equal keys are two keys")
  func exactKeys() throws {
    #expect(try Self.lint("{ \"\u{E9}\" = 1; \"e\u{301}\" = 2; }").repeatedKeys == [])
  }

  @Test("the same key in sibling dictionaries is no repetition; a large dictionary is checked too")
  func siblingsAndLarge() throws {
    #expect(try Self.lint("( { a = 1; }, { a = 2; } )").repeatedKeys == [])
    let keys = (0..<100).map { "k\($0) = 1;" }.joined(separator: " ")
    #expect(try Self.lint("{ \(keys) k7 = 2; }").repeatedKeys == [Self.repeated("k7", (1, 59), (1, 893))])
  }

  @Test("dictionaries inside a large one keep their own keys, before and after it gets its table")
  func nestedInLarge() throws {
    // One entry per line: entry N is on line N + 2, its inner key `x` at columns 8 and 15 (one
    // more for two-digit N).
    let entries = (0..<20).map { "k\($0) = { x = 1; x = 2; };" }.joined(separator: "\n")
    let report = try Self.lint("{\n\(entries)\nk3 = 0;\n}")
    let inner = (0..<20).map { index in
      Self.repeated("x", (index + 2, index < 10 ? 8 : 9), (index + 2, index < 10 ? 15 : 16))
    }
    #expect(report.repeatedKeys == inner + [Self.repeated("k3", (5, 1), (22, 1))])
  }

  @Test("a binary plist reports byte offsets")
  func binary() throws {
    // The value model keeps one key, so the binary form is written by hand: a dictionary of two
    // equal keys, both the one string object.
    let bytes: [UInt8] =
      Array("bplist00".utf8) + [0xD2, 0x01, 0x01, 0x02, 0x03, 0x51, 0x6B, 0x10, 0x01, 0x10, 0x02]
      + [0x08, 0x0D, 0x0F, 0x11] + [UInt8](repeating: 0, count: 6) + [0x01, 0x01]
      + [0, 0, 0, 0, 0, 0, 0, 4] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 0x13]
    let report = try bytes.withUnsafeBytes { try PropertyList.lint(bytes: $0) }
    #expect(report.format == .binary)
    #expect(
      report.repeatedKeys == [PropertyListRepeatedKey(key: "k", first: .byteOffset(13), repeated: .byteOffset(13))])
  }

  @Test("an invalid file gets the same error as check")
  func sameErrors() throws {
    let text = "{ a = 1; a = 2"
    let checked = try #require(throws: PropertyListError.self) {
      try Array(text.utf8).withUnsafeBytes { try PropertyList.check(bytes: $0) }
    }
    let linted = try #require(throws: PropertyListError.self) { try Self.lint(text) }
    #expect(linted == checked)
  }
}
