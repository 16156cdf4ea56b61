import Testing

@testable import PlistKit

@Suite("JSON writer")
struct JSONWriterTests {
  /// One value of every kind, with the strings and dictionaries that need care.
  static let everyKind: PropertyList = [
    "string": "a\"b\\c/é\n\u{1}", "integer": -42, "big": .integer(UInt64.max), "real": 1.0, "tenth": 0.1,
    "boolean": true, "date": .date(PropertyListDate(secondsSinceReferenceDate: 0)), "data": .data([0, 1, 2, 255]),
    "array": [1, "two", []], "uid": .uid(7), "empty": [:], "nan": .real(.nan), "tag": ["$data": "x"],
  ]

  static func text(_ value: PropertyList, _ options: PropertyListWritingOptions = .default) throws -> String {
    String(decoding: try value.serialized(as: .json, options: options), as: UTF8.self)
  }

  @Test("the plain form, pretty-printed")
  func plainPretty() throws {
    #expect(
      try Self.text(Self.everyKind) == """
        {
          "string": "a\\"b\\\\c/é\\n\\u0001",
          "integer": -42,
          "big": 18446744073709551615,
          "real": 1.0,
          "tenth": 0.1,
          "boolean": true,
          "date": "2001-01-01T00:00:00Z",
          "data": "AAEC/w==",
          "array": [
            1,
            "two",
            []
          ],
          "uid": {"CF$UID": 7},
          "empty": {},
          "nan": "NaN",
          "tag": {
            "$data": "x"
          }
        }

        """)
  }

  @Test("the plain form, compact")
  func plainCompact() throws {
    #expect(
      try Self.text(Self.everyKind, .init(prettyPrinted: false))
        == #"{"string":"a\"b\\c/é\n\u0001","integer":-42,"big":18446744073709551615,"real":1.0,"tenth":0.1,"#
        + #""boolean":true,"date":"2001-01-01T00:00:00Z","data":"AAEC/w==","array":[1,"two",[]],"uid":{"CF$UID":7},"#
        + #""empty":{},"nan":"NaN","tag":{"$data":"x"}}"#)
  }

  @Test("the typed form, pretty-printed: tags on one line, tag-like dictionaries wrapped")
  func typedPretty() throws {
    #expect(
      try Self.text(Self.everyKind, .init(jsonStyle: .typed)) == """
        {
          "string": "a\\"b\\\\c/é\\n\\u0001",
          "integer": -42,
          "big": 18446744073709551615,
          "real": 1.0,
          "tenth": 0.1,
          "boolean": true,
          "date": {"$date": "2001-01-01T00:00:00Z"},
          "data": {"$data": "AAEC/w=="},
          "array": [
            1,
            "two",
            []
          ],
          "uid": {"$uid": 7},
          "empty": {},
          "nan": {"$real": "NaN"},
          "tag": {
            "$dict": {
              "$data": "x"
            }
          }
        }

        """)
  }

  @Test("the typed form, compact")
  func typedCompact() throws {
    #expect(
      try Self.text(Self.everyKind, .init(jsonStyle: .typed, prettyPrinted: false))
        == #"{"string":"a\"b\\c/é\n\u0001","integer":-42,"big":18446744073709551615,"real":1.0,"tenth":0.1,"#
        + #""boolean":true,"date":{"$date":"2001-01-01T00:00:00Z"},"data":{"$data":"AAEC/w=="},"array":[1,"two",[]],"#
        + #""uid":{"$uid":7},"empty":{},"nan":{"$real":"NaN"},"tag":{"$dict":{"$data":"x"}}}"#)
  }

  @Test("reals are the shortest round-trip decimal with a '.' or an exponent")
  func reals() throws {
    let compact = PropertyListWritingOptions(prettyPrinted: false)
    let reals: [Double] = [1, -0.0, 0.1, 0.1 + 0.2, 1e16, 1e15, 1e-5, 1.7976931348623157e308, .leastNonzeroMagnitude]
    #expect(
      try Self.text(.array(reals.map(PropertyList.real)), compact)
        == "[1.0,-0.0,0.1,0.30000000000000004,1e+16,1000000000000000.0,1e-05,1.7976931348623157e+308,5e-324]")
    #expect(
      try Self.text([.real(.infinity), .real(-.infinity), .real(.nan)], compact) == #"["Infinity","-Infinity","NaN"]"#)
  }

  @Test("non-finite reals and unusual dates have typed forms")
  func typedEdges() throws {
    let typed = PropertyListWritingOptions(jsonStyle: .typed, prettyPrinted: false)
    let value: PropertyList = [
      .real(.infinity), .real(-.infinity), .real(Double(bitPattern: 0xFFF8_0000_0000_0001)),
      .date(PropertyListDate(secondsSinceReferenceDate: 0.5)),
      .date(PropertyListDate(secondsSinceReferenceDate: -0.0)),
      .date(PropertyListDate(secondsSinceReferenceDate: -63_113_904_000)),  // 0001-01-01
      .date(PropertyListDate(secondsSinceReferenceDate: -63_113_904_001)),  // the second before it
      .date(PropertyListDate(secondsSinceReferenceDate: 252_423_993_599)),  // 9999-12-31T23:59:59Z
      .date(PropertyListDate(secondsSinceReferenceDate: 252_423_993_600)),
      .date(PropertyListDate(secondsSinceReferenceDate: .infinity)),
      .integer(Int64.min), .uid(UInt64.max),
    ]
    #expect(
      try Self.text(value, typed)
        == #"[{"$real":"Infinity"},{"$real":"-Infinity"},{"$real":"NaN:0xfff8000000000001"},{"$date":0.5},"#
        + #"{"$date":-0.0},{"$date":"0001-01-01T00:00:00Z"},{"$date":-63113904001.0},"#
        + #"{"$date":"9999-12-31T23:59:59Z"},{"$date":252423993600.0},{"$date":"Infinity"},"#
        + #"-9223372036854775808,{"$uid":18446744073709551615}]"#)
  }

  @Test("every tag name alone in a dictionary is wrapped, other dictionaries are not")
  func escapes() throws {
    let typed = PropertyListWritingOptions(jsonStyle: .typed, prettyPrinted: false)
    let value: PropertyList = [
      ["$real": 1], ["$date": 1], ["$data": 1], ["$uid": 1], ["$dict": ["$uid": 1]], ["$uid": 1, "b": 2],
      ["$other": 1], ["CF$UID": 1],
    ]
    #expect(
      try Self.text(value, typed)
        == #"[{"$dict":{"$real":1}},{"$dict":{"$date":1}},{"$dict":{"$data":1}},{"$dict":{"$uid":1}},"#
        + #"{"$dict":{"$dict":{"$dict":{"$uid":1}}}},{"$uid":1,"b":2},{"$other":1},{"CF$UID":1}]"#)
  }

  @Test("control characters are escaped; '/' and non-ASCII are not")
  func stringEscapes() throws {
    let value: PropertyList = .string("\u{0}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}\u{7F}/\u{2028}😀\"\\")
    #expect(
      try Self.text(value, .init(prettyPrinted: false))
        == "\"\\u0000\\b\\t\\n\\f\\r\\u001f\u{7F}/\u{2028}😀\\\"\\\\\"")
  }

  @Test("sorted keys order by code point at every level; insertion order otherwise")
  func sortedKeys() throws {
    let value: PropertyList = ["b": 1, "a": ["z": 1, "é": 2, "Z": 3], "B": 2]
    #expect(try Self.text(value, .init(prettyPrinted: false)) == #"{"b":1,"a":{"z":1,"é":2,"Z":3},"B":2}"#)
    #expect(
      try Self.text(value, .init(prettyPrinted: false, sortedKeys: true)) == #"{"B":2,"a":{"Z":3,"z":1,"é":2},"b":1}"#)
  }

  @Test("a scalar at the top level")
  func topLevelScalar() throws {
    #expect(try Self.text("x") == "\"x\"\n")
    #expect(try Self.text(.integer(Int64.min), .init(prettyPrinted: false)) == "-9223372036854775808")
  }

  @Test(
    "plain JSON refuses a date it could only write as another date, with its key path",
    arguments: [Double.nan, .infinity, -.infinity, 1e20, -1e20])
  func plainRefusesUnwritableDates(seconds: Double) throws {
    let value: PropertyList = [
      "fine": .date(PropertyListDate(secondsSinceReferenceDate: 0)),
      "list": [1, ["when": .date(PropertyListDate(secondsSinceReferenceDate: seconds))]],
    ]
    #expect {
      try value.serialized(as: .json)
    } throws: { error in
      let error = error as! PropertyListError
      return error.kind == .notRepresentable && error.location == .keyPath("list.1.when")
        && error.message
          == "a date of \(seconds) seconds cannot be written in plain JSON (only finite dates in years "
          + "-99999999 to 99999999 can); the typed form keeps it"
    }
    let typed = try value.serialized(as: .json, options: PropertyListWritingOptions(jsonStyle: .typed))
    #expect(
      try PropertyList(bytes: typed, format: .json, options: PropertyListReadingOptions(jsonStyle: .typed)).isIdentical(
        to: value))
  }
}
