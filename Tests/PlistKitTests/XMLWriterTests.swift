import Foundation
import Testing

@testable import PlistKit

@Suite("XML writer")
struct XMLWriterTests {
  @Test(
    "the book's files read and written back give the same bytes", arguments: ["sortednames.plist", "computers.plist"])
  func goldenRoundTrip(name: String) throws {
    let bytes = try PropertyListFile.read(path: Fixtures.samples + "/" + name)
    let value = try XML.read(bytes: bytes)
    #expect(try XML.write(value) == bytes)
  }

  @Test("Apple's layout: header, tabs, one element per line, empty containers, booleans")
  func layout() throws {
    let value: PropertyList = [
      "name": "Ada", "tags": ["a", [], [:]], "flags": [true, false], "empty": [:], "n": [1, 2.5],
    ]
    #expect(
      try XML.text(value)
        == XML.document(
          """
          <dict>
          \t<key>name</key>
          \t<string>Ada</string>
          \t<key>tags</key>
          \t<array>
          \t\t<string>a</string>
          \t\t<array/>
          \t\t<dict/>
          \t</array>
          \t<key>flags</key>
          \t<array>
          \t\t<true/>
          \t\t<false/>
          \t</array>
          \t<key>empty</key>
          \t<dict/>
          \t<key>n</key>
          \t<array>
          \t\t<integer>1</integer>
          \t\t<real>2.5</real>
          \t</array>
          </dict>

          """))
  }

  @Test("a scalar at the root is written at column 1")
  func scalarRoot() throws {
    #expect(try XML.text("hi") == XML.document("<string>hi</string>\n"))
    #expect(try XML.text([]) == XML.document("<array/>\n"))
  }

  @Test("byte for byte what Foundation writes: escapes, numbers, dates, booleans, data at every depth")
  func matchesFoundation() throws {
    var nested: PropertyList = .data(Array(0..<200).map { UInt8($0) })
    var depths: [PropertyList] = []
    for depth in 0..<12 {
      depths.append(nested)
      nested = [nested, .data(Array(repeating: UInt8(depth), count: depth * 7))]
    }
    // Foundation sorts keys; ASCII keys in order make the two writers agree.
    let value: PropertyList = [
      "a": "a<b>&c\"' é 😀\t\n",
      "b": ["x": .data([0, 1, 2, 3, 4, 5]), "y": [[.data(Array(repeating: 7, count: 100))]]],
      "c": .data([]),
      "d": [.date(.init(secondsSinceReferenceDate: 12.7)), .date(.init(secondsSinceReferenceDate: -1e9))],
      "deep": nested,
      "e": [[:], [], [[:]], .data([1])],
      "f": false,
      "i": [0, 1, -5, .integer(Int64.max), .integer(Int64.min), .integer(UInt64.max)],
      "r": [
        1.0, 0.1, 0.0, -2.5, .real(.nan), .real(.infinity), .real(-.infinity), 1e20, 1e-5, 123_456_789.123,
        .real(.leastNonzeroMagnitude), .real(.greatestFiniteMagnitude), .real(1.0 / 3.0),
      ],
      "t": true,
      "z": .array(depths),
    ]
    #expect(try XML.write(value, sortedKeys: true) == (try FoundationPeer.write(value, format: .xml)))
  }

  @Test("data is wrapped as CoreFoundation does: 76 characters less 8 per level, at most 8 levels")
  func dataWrapping() throws {
    let bytes = [UInt8](repeating: 0xFF, count: 60)  // 80 base64 characters
    #expect(
      try XML.text(.data(bytes))
        == XML.document(
          "<data>\n" + String(repeating: "/", count: 76) + "\n////\n</data>\n"))
    #expect(
      try XML.text([.data(bytes)])
        == XML.document(
          "<array>\n\t<data>\n\t" + String(repeating: "/", count: 68) + "\n\t" + String(repeating: "/", count: 12)
            + "\n\t</data>\n</array>\n"))
    var deep: PropertyList = .data(Array(bytes.prefix(9)))
    for _ in 0..<10 { deep = [deep] }
    let tabs = String(repeating: "\t", count: 10)
    #expect(
      try XML.text(deep).contains(
        "\(tabs)<data>\n\t\t\t\t\t\t\t\t////////////\n\(tabs)</data>\n"))
  }

  @Test("reals are written as Apple does, and -0.0 keeps its sign")
  func realSpelling() throws {
    let cases: [(Double, String)] = [
      (1, "1"), (0.1, "0.10000000000000001"), (-2.5, "-2.5"), (1e20, "1e+20"), (1e-5, "1.0000000000000001e-05"),
      (0, "0.0"), (-0.0, "-0.0"), (.nan, "nan"), (.infinity, "+infinity"), (-.infinity, "-infinity"),
      (.leastNonzeroMagnitude, "4.9406564584124654e-324"),
    ]
    for (real, spelling) in cases {
      #expect(try XML.text(.real(real)) == XML.document("<real>\(spelling)</real>\n"))
    }
  }

  @Test(
    "every value reads back exactly, reals bit for bit",
    arguments: [
      PropertyList.real(-0.0), .real(.nan), .real(.infinity), .real(-.infinity), .real(0.1), .real(1.0 / 3.0),
      .real(.leastNonzeroMagnitude), .real(.greatestFiniteMagnitude), .real(-1.5e-300), .real(123456789.123),
      .integer(UInt64.max), .integer(Int64.min), "a\r\nb\rc", "<&>]]>", "", .uid(0), .uid(UInt64.max),
      .date(.init(secondsSinceReferenceDate: -63_114_076_800)), .data(Array(0...255)),
    ])
  func roundTrip(value: PropertyList) throws {
    let back = try XML.read(bytes: try XML.write(["v": value, "in": [value]]))
    #expect(back.isIdentical(to: ["v": value, "in": [value]]))
  }

  @Test("UIDs are written as CF$UID dictionaries")
  func uid() throws {
    #expect(
      try XML.text([.uid(42)])
        == XML.document(
          """
          <array>
          \t<dict>
          \t\t<key>CF$UID</key>
          \t\t<integer>42</integer>
          \t</dict>
          </array>

          """))
  }

  @Test("&, < and > are escaped in strings and keys; a carriage return becomes &#13;")
  func escaping() throws {
    #expect(
      try XML.text(["<k&>": "a&b<c>d\"e'f\r\ng"])
        == XML.document(
          "<dict>\n\t<key>&lt;k&amp;&gt;</key>\n\t<string>a&amp;b&lt;c&gt;d\"e'f&#13;\ng</string>\n</dict>\n"))
  }

  @Test("keys keep their order unless sorting is asked for, by code point")
  func keyOrder() throws {
    let value: PropertyList = ["b": 1, "é": 2, "a": 3, "B": 4]
    let unsorted = try XML.read(bytes: try XML.write(value))
    #expect(unsorted.dictionaryValue?.keys == ["b", "é", "a", "B"])
    let sorted = try XML.read(bytes: try XML.write(value, sortedKeys: true))
    #expect(sorted.dictionaryValue?.keys == ["B", "a", "b", "é"])
  }

  @Test("dates are written in whole seconds, the fraction dropped toward the past")
  func dateFractions() throws {
    #expect(try XML.text(.date(.init(secondsSinceReferenceDate: 12.7))).contains("<date>2001-01-01T00:00:12Z</date>"))
    #expect(try XML.text(.date(.init(secondsSinceReferenceDate: -0.5))).contains("<date>2000-12-31T23:59:59Z</date>"))
  }

  static let unrepresentable: [(PropertyList, String)] = [
    (["a": ["ok", "x\u{1}y"]], "notRepresentable a.1: U+0001 cannot be written in XML 1.0"),
    (["a": ["k\u{0}": "v"]], "notRepresentable a.k\u{0}: U+0000 cannot be written in XML 1.0"),
    (["x\u{1F}": 1], "notRepresentable x\u{1F}: U+001F cannot be written in XML 1.0"),
    ("\u{FFFE}", "notRepresentable (root): U+FFFE cannot be written in XML 1.0"),
    (["q": [[], ["\u{FFFF}"]]], "notRepresentable q.1.0: U+FFFF cannot be written in XML 1.0"),
  ]

  @Test("characters XML 1.0 cannot hold fail with the key path", arguments: unrepresentable)
  func unrepresentableCharacters(value: PropertyList, expected: String) {
    #expect(throws: PropertyListError.self) { try XML.write(value) }
    do {
      _ = try XML.write(value)
    } catch {
      #expect(error.summary == expected)
      #expect(error.format == .xml)
    }
  }

  @Test("tab, line feed and the characters around the refused ones are written")
  func allowedCharacters() throws {
    let value: PropertyList = "\t\n\u{7F}\u{FFFD}\u{FFEF}\u{10FFFF}"
    #expect(try XML.read(bytes: try XML.write(value)) == value)
  }

  @Test("a date that is not finite cannot be written")
  func nonFiniteDate() {
    do {
      _ = try XML.write(["when": .date(.init(secondsSinceReferenceDate: .nan))])
      Issue.record("expected an error")
    } catch {
      #expect(
        error.summary == "notRepresentable when: a date of nan seconds cannot be written in XML (only finite dates can)"
      )
    }
  }

  @Test("a value nested a thousand deep is written without recursion")
  func deepValue() throws {
    let depth = 1000
    var value: PropertyList = "leaf"
    for _ in 0..<depth { value = [value] }
    var expected = XML.header
    for level in 0..<depth { expected += String(repeating: "\t", count: level) + "<array>\n" }
    expected += String(repeating: "\t", count: depth) + "<string>leaf</string>\n"
    for level in (0..<depth).reversed() { expected += String(repeating: "\t", count: level) + "</array>\n" }
    expected += "</plist>\n"
    let bytes = try XML.write(value)
    #expect(bytes == Array(expected.utf8))
    #expect(try XML.read(bytes: bytes, limits: PropertyListLimits(maximumDepth: depth)) == value)
  }

  @Test("PropertyList.serialized(as: .xml) writes XML")
  func dispatch() throws {
    #expect(try PropertyList.boolean(true).serialized(as: .xml) == Array(XML.document("<true/>\n").utf8))
  }
}

extension XMLWriterTests {
  @Test("a dictionary holding only CF$UID with an integer reads back as a UID, as in CoreFoundation")
  func uidLookalike() throws {
    let bytes = try XML.write(["CF$UID": 3])
    #expect(bytes == (try XML.write(.uid(3))))
    #expect(try XML.read(bytes: bytes) == .uid(3))
  }
}
