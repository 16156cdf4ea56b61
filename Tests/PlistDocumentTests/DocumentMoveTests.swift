import PlistDocument
import PlistKit
import Testing

/// `PropertyListDocument.moveValue(from:to:)`, the edit a `move` command makes: exact bytes
/// for each way a value can move, the same value as the value's own move, and the same errors.
@Suite("Moving values in a document")
struct DocumentMoveTests {
  struct Example: Sendable, CustomTestStringConvertible {
    let name: String
    let input: String
    let source: PropertyListKeyPath
    let destination: PropertyListKeyPath
    let expected: String
    var testDescription: String { name }
  }

  static let examples: [Example] = [
    Example(
      name: "reorder an array: the index counts after the removal",
      input: "{\n\tlist = (\n\t\ta,\n\t\tb,\n\t\tc,\n\t);\n}\n", source: "list.0", destination: "list.2",
      expected: "{\n\tlist = (\n\t\tb,\n\t\tc,\n\t\ta,\n\t);\n}\n"),
    Example(
      name: "rename a key of a .strings file: its comment goes with it",
      input: "/* Title */\n\"title\" = \"Hello\";\n\n/* Button */\n\"ok\" = \"OK\";\n", source: "title",
      destination: "heading",
      expected: "/* Button */\n\"ok\" = \"OK\";\n/* Title */\n\"heading\" = \"Hello\";\n"),
    Example(
      name: "a value keeps its text, inner comments included, at the same indentation",
      input: "{\n\ta = {\n\t\tx = 1; // one\n\t};\n\tb = {\n\t\ty = 2;\n\t};\n}\n", source: "a", destination: "c",
      expected: "{\n\tb = {\n\t\ty = 2;\n\t};\n\tc = {\n\t\tx = 1; // one\n\t};\n}\n"),
    Example(
      name: "a value is written anew at another depth",
      input: "{\n\ta = {\n\t\tx = 1; // one\n\t};\n\tb = {\n\t\ty = 2;\n\t};\n}\n", source: "a", destination: "b.a",
      expected: "{\n\tb = {\n\t\ty = 2;\n\t\ta = {\n\t\t\tx = 1;\n\t\t};\n\t};\n}\n"),
    Example(
      name: "an XML entry's comment lines move into an array, indented for it",
      input: """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<!-- the name -->
        \t<key>name</key>
        \t<string>Demo</string>
        \t<key>list</key>
        \t<array>
        \t\t<integer>1</integer>
        \t</array>
        </dict>
        </plist>

        """,
      source: "name", destination: "list.0",
      expected: """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>list</key>
        \t<array>
        \t\t<!-- the name -->
        \t\t<string>Demo</string>
        \t\t<integer>1</integer>
        \t</array>
        </dict>
        </plist>

        """),
    Example(
      name: "a JSON element moves to the end of another array",
      input: "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": [\n    3\n  ]\n}\n", source: "a.0", destination: "b.1",
      expected: "{\n  \"a\": [\n    2\n  ],\n  \"b\": [\n    3,\n    1\n  ]\n}\n"),
    Example(
      name: "into a one-line container: on its line, without the comment lines",
      input: "{\n\t// the name\n\tname = Demo;\n\tflat = { k = v; };\n}\n", source: "name", destination: "flat.name",
      expected: "{\n\tflat = { k = v; name = Demo; };\n}\n"),
    Example(
      name: "stacked comment lines move together, indented for the new depth",
      input: "{\n\t// about\n\t/* the name */\n\tname = Demo;\n\tinner = {\n\t\tk = v;\n\t};\n}\n", source: "name",
      destination: "inner.name",
      expected: "{\n\tinner = {\n\t\tk = v;\n\t\t// about\n\t\t/* the name */\n\t\tname = Demo;\n\t};\n}\n"),
    Example(
      name: "a block comment over lines is not the entry's: it stays, as a removal leaves it",
      input: "{\n\t/* about\n\t   the name */\n\tname = Demo;\n\tinner = {\n\t\tk = v;\n\t};\n}\n", source: "name",
      destination: "inner.name",
      expected: "{\n\t/* about\n\t   the name */\n\tinner = {\n\t\tk = v;\n\t\tname = Demo;\n\t};\n}\n"),
  ]

  @Test(arguments: examples)
  func moveWritesExactlyTheExpectedBytes(_ example: Example) throws {
    for ending in [PropertyListDocument.LineEnding.lf, .crlf] {
      let eol = String(decoding: ending.bytes, as: UTF8.self)
      let input = Array(example.input.replacingAll("\n", with: eol).utf8)
      var document = try PropertyListDocument(bytes: input)
      try document.moveValue(from: example.source, to: example.destination)
      #expect(String(decoding: document.bytes, as: UTF8.self) == example.expected.replacingAll("\n", with: eol))
      var value = try PropertyList(bytes: input)
      try value.moveValue(from: example.source, to: example.destination)
      #expect(try PropertyList(bytes: document.bytes).isIdentical(to: value))
    }
  }

  @Test func aFailedMoveThrowsTheValuesErrorAndChangesNothing() throws {
    let input = Array("{\n\tlist = (\n\t\ta,\n\t\tb,\n\t);\n\tname = Demo;\n}\n".utf8)
    let moves: [(PropertyListKeyPath, PropertyListKeyPath, String)] = [
      ("", "x", "cannot move the root"),
      ("list", "list.0", "cannot move a value into itself"),
      ("nope", "x", "no such key"),
      ("name", "list", "the key already exists"),
      ("list.0", "list.2", "index 2 is out of range (the array has 1 element)"),
      ("name", "name.inner", "cannot move a value into itself"),
    ]
    for (source, destination, message) in moves {
      var value = try PropertyList(bytes: input)
      var document = try PropertyListDocument(bytes: input)
      let expected = #expect(throws: PropertyListError.self) { try value.moveValue(from: source, to: destination) }
      let actual = #expect(throws: PropertyListError.self) { try document.moveValue(from: source, to: destination) }
      #expect(actual == expected, "\(source) → \(destination)")
      #expect(actual?.message == message, "\(source) → \(destination)")
      #expect(document.bytes == input)
      #expect(!document.isEdited)
    }
  }

  @Test func keepingPositionChangesOnlyTheKeyBytes() throws {
    let cases: [(String, PropertyListKeyPath, PropertyListKeyPath, String)] = [
      (
        "/* Title */\n\"title\" = \"Hello\";\n\n/* Button */\n\"ok\" = \"OK\";\n", "title", "heading",
        "/* Title */\n\"heading\" = \"Hello\";\n\n/* Button */\n\"ok\" = \"OK\";\n"
      ),
      (
        "{\n\tinner = {\n\t\ta = 1; // one\n\t\tb = 2;\n\t};\n}\n", "inner.a", "inner.new key",
        "{\n\tinner = {\n\t\t\"new key\" = 1; // one\n\t\tb = 2;\n\t};\n}\n"
      ),
      (
        "<plist version=\"1.0\">\n<dict>\n\t<!-- about -->\n\t<key>a</key>\n\t<integer>1</integer>\n"
          + "\t<key>b</key>\n\t<true/>\n</dict>\n</plist>\n", "a", "z",
        "<plist version=\"1.0\">\n<dict>\n\t<!-- about -->\n\t<key>z</key>\n\t<integer>1</integer>\n"
          + "\t<key>b</key>\n\t<true/>\n</dict>\n</plist>\n"
      ),
      ("{\n  \"a\": 1,\n  \"b\": [2]\n}\n", "a", "c", "{\n  \"c\": 1,\n  \"b\": [2]\n}\n"),
    ]
    for (input, source, destination, expected) in cases {
      var document = try PropertyListDocument(bytes: Array(input.utf8))
      try document.moveValue(from: source, to: destination, keepingPosition: true)
      #expect(String(decoding: document.bytes, as: UTF8.self) == expected, "\(source) → \(destination)")
      var value = try PropertyList(bytes: Array(input.utf8))
      try value.moveValue(from: source, to: destination, keepingPosition: true)
      #expect(try PropertyList(bytes: document.bytes).isIdentical(to: value), "\(source) → \(destination)")
    }
  }

  @Test func keepingPositionElsewhereIsTheMoveAndFailsAsItFails() throws {
    let input = Array("{\n\tlist = (\n\t\ta,\n\t\tb,\n\t);\n\tname = Demo;\n}\n".utf8)
    var kept = try PropertyListDocument(bytes: input)
    var plain = try PropertyListDocument(bytes: input)
    try kept.moveValue(from: "list.0", to: "list.1", keepingPosition: true)
    try plain.moveValue(from: "list.0", to: "list.1")
    #expect(kept.bytes == plain.bytes)
    for (source, destination, message) in [
      ("nope", "other", "no such key"), ("name", "list", "the key already exists"), ("", "x", "cannot move the root"),
    ] as [(PropertyListKeyPath, PropertyListKeyPath, String)] {
      var document = try PropertyListDocument(bytes: input)
      let error = #expect(throws: PropertyListError.self) {
        try document.moveValue(from: source, to: destination, keepingPosition: true)
      }
      #expect(error?.message == message, "\(source) → \(destination)")
      #expect(document.bytes == input)
    }
  }
}
