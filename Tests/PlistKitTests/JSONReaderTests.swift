import Testing

@testable import PlistKit

@Suite("JSON reader")
struct JSONReaderTests {
  static func read(_ text: String, _ style: JSONStyle = .plain) throws(PropertyListError) -> PropertyList {
    try PropertyList(bytes: Array(text.utf8), format: .json, options: .init(jsonStyle: style))
  }

  @Test("objects keep key order; a repeated key keeps its first position and its last value")
  func keyOrder() throws {
    let value = try Self.read(#"{"b": 1, "a": 2, "c": 3, "a": 4}"#)
    #expect(value.dictionaryValue?.keys == ["b", "a", "c"])
    #expect(value.isIdentical(to: ["b": 1, "a": 4, "c": 3]))
  }

  @Test("integers and reals are told apart by '.', 'e' and 'E'")
  func numbers() throws {
    let value = try Self.read("[1, 1.0, 1e0, 1E2, -0, -0.0, 0.5e-3, 18446744073709551615, -9223372036854775808, 12e+2]")
    #expect(
      value.isIdentical(to: [
        1, .real(1), .real(1), .real(100), .integer(0), .real(-0.0), .real(0.0005), .integer(UInt64.max),
        .integer(Int64.min), .real(1200),
      ]))
    #expect(value[5]?.realValue?.sign == .minus)
  }

  @Test("reals convert exactly, on the fast path and off it")
  func realPrecision() throws {
    let texts = [
      "0.1", "0.30000000000000004", "1.7976931348623157e308", "5e-324", "2.2250738585072014e-308", "123456789012345678",
      "9007199254740993.0", "1e23", "8.98846567431158e307", "0.000001", "4.35", "1e-22", "1e22",
      "3.14159265358979323846",
    ]
    for text in texts {
      let expected = Double(text)!
      let value = try Self.read("[\(text.contains(".") || text.contains("e") ? text : text + ".0")]")
      #expect(value[0]?.realValue?.bitPattern == expected.bitPattern, "\(text)")
    }
  }

  @Test("every escape, surrogate pairs, and raw UTF-8")
  func escapes() throws {
    let value = try Self.read(#"["\"\\\/\b\f\n\r\t", "\u00e9\u0000", "\ud83d\ude00", "é😀", "a\u0041b"]"#)
    #expect(value.isIdentical(to: ["\"\\/\u{8}\u{C}\n\r\t", "é\u{0}", "😀", "é😀", "aAb"]))
  }

  @Test("precomposed and decomposed keys stay two keys")
  func exactKeys() throws {
    let value = try Self.read(#"{"\u00e9": 1, "e\u0301": 2, "é": 3}"#)
    #expect(value.dictionaryValue?.count == 2)
    #expect(value["\u{E9}"] == 3)
    #expect(value["e\u{301}"] == 2)
  }

  @Test("a byte-order mark and surrounding white space are skipped")
  func bom() throws {
    #expect(
      try PropertyList(bytes: [0xEF, 0xBB, 0xBF] + Array(" \r\n\t[true, false]\n ".utf8), format: .json) == [
        true, false,
      ])
  }

  @Test("the plain form keeps the typed form's tags as dictionaries when asked not to detect the typed form")
  func plainKeepsObjects() throws {
    let text = #"{"u": {"CF$UID": 3}, "d": {"$date": "2001-01-01T00:00:00Z"}}"#
    let value = try PropertyList(
      bytes: Array(text.utf8), format: .json, options: .init(jsonStyle: .plain, detectsTypedJSON: false))
    #expect(value["u"] == .uid(3))
    #expect(value["d"] == ["$date": "2001-01-01T00:00:00Z"])
  }

  /// One rule on every route: plain JSON's `{"CF$UID": n}` is a UID read as a value, converted
  /// to binary by events, and through XML, as the XML form's `<dict><key>CF$UID</key>…` is; in
  /// the typed form (which writes `$uid`) it is a dictionary. Only an object with that one
  /// member and a non-negative integer is a UID.
  @Test("plain JSON's {\"CF$UID\": n} is a UID on every route")
  func uidReferences() throws {
    let text =
      #"{"r": {"CF$UID": 1}, "s": { "CF$UID" : 0 }, "n": {"CF$UID": -1}, "m": {"CF$UID": 1, "x": 2}, "#
      + #""f": {"CF$UID": 1.5}, "e": {"CF\u0024UID": 4}}"#
    let expected: PropertyList = [
      "r": .uid(1), "s": .uid(0), "n": ["CF$UID": -1], "m": ["CF$UID": 1, "x": 2], "f": ["CF$UID": .real(1.5)],
      "e": .uid(4),
    ]
    let bytes = Array(text.utf8)
    #expect(try PropertyList(bytes: bytes, format: .json).isIdentical(to: expected))
    let streamed = try PropertyListConverter(to: .binary, from: .json).convert(bytes)
    #expect(try PropertyList(bytes: streamed).isIdentical(to: expected))
    var byValue = PropertyListConverter(to: .binary, from: .json)
    byValue.streamsBinaryOutput = false
    #expect(try PropertyList(bytes: try byValue.convert(bytes)).isIdentical(to: expected))
    let xml = try PropertyListConverter(to: .xml, from: .json).convert(bytes)
    #expect(try PropertyList(bytes: xml).isIdentical(to: expected))
    let typed = try PropertyList(bytes: bytes, format: .json, options: .init(jsonStyle: .typed))
    #expect(typed["r"] == ["CF$UID": 1])
  }

  @Test("a plain read of a document holding the typed form's tags reads it as typed")
  func plainDetectsTyped() throws {
    let typed = #"{"u": {"$uid": 3}, "x": [{"CF$UID": 3}, {"$dict": {"$uid": 1}}, 1.0, {"$real": "NaN"}]}"#
    #expect(
      try Self.read(typed).isIdentical(to: ["u": .uid(3), "x": [["CF$UID": 3], ["$uid": 1], 1.0, .real(.nan)]]))
    #expect(try Self.read(typed).isIdentical(to: try Self.read(typed, .typed)))
    // No tag with a payload it takes: plain, every object a dictionary.
    for text in [
      #"{"d": {"$date": "yesterday"}}"#, #"[{"$uid": 1, "b": 2}]"#, #"[{"$uid": -1}]"#, #"{"$data": "***"}"#,
      #"[{"$dict": 1}, {"$other": 1}]"#,
    ] {
      let plain = try PropertyList(
        bytes: Array(text.utf8), format: .json, options: .init(jsonStyle: .plain, detectsTypedJSON: false))
      #expect(try Self.read(text).isIdentical(to: plain), "\(text)")
    }
    // Once a tag shows the document is typed, a bad payload elsewhere is the typed error.
    #expect(
      throws: PropertyListError(
        .invalidValue, format: .json, at: .text(line: 1, column: 24), "$uid must not be negative, found -1")
    ) { try Self.read(#"[{"$uid": 1}, {"$uid": -1}]"#) }
  }

  @Test("the typed form decodes every tag and both date forms")
  func typedTags() throws {
    let value = try Self.read(
      #"[{"$real": "NaN"}, {"$real": "-Infinity"}, {"$real": 2}, {"$date": "2001-01-01T00:00:01Z"}, {"$date": -0.5}, "#
        + #"{"$date": 3}, {"$date": "2001-01-01T00:00:00.25+00:00"}, {"$data": "AAEC/w=="}, {"$uid": 18446744073709551615}, "#
        + #"{"$real": "NaN:0x7ff8000000000001"}]"#, .typed)
    let date = { (seconds: Double) in PropertyList.date(PropertyListDate(secondsSinceReferenceDate: seconds)) }
    #expect(
      value.isIdentical(to: [
        .real(.nan), .real(-.infinity), .real(2), date(1), date(-0.5), date(3), date(0.25), .data([0, 1, 2, 255]),
        .uid(UInt64.max), .real(Double(bitPattern: 0x7FF8_0000_0000_0001)),
      ]))
  }

  @Test("$dict unwraps one level, and tags inside a larger object are values")
  func typedEscapes() throws {
    let value = try Self.read(
      #"[{"$dict": {"$data": "not base64!"}}, {"$dict": {"$uid": 1}, "b": 2}, {"$dict": {"$dict": {"$dict": {"$uid": 1}}}}, "#
        + #"{"$dict": {"a": 1}}, {"$uid": 1, "b": 2}, {"$other": 1}, {"$dict": {}}]"#, .typed)
    #expect(
      value.isIdentical(to: [
        ["$data": "not base64!"], ["$dict": .uid(1), "b": 2], ["$dict": ["$uid": 1]], ["a": 1], ["$uid": 1, "b": 2],
        ["$other": 1], [:],
      ]))
  }

  @Test("deep nesting within the limit reads; the parser does not recurse")
  func deepNesting() throws {
    let depth = 5_000
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let options = PropertyListReadingOptions(limits: .init(maximumDepth: depth), jsonStyle: .plain)
    var value = try PropertyList(bytes: Array(text.utf8), format: .json, options: options)
    var levels = 1
    while case .array(let inner) = value, let first = inner.first {
      value = first
      levels += 1
    }
    #expect(levels == depth)
  }

  @Test("format detection picks JSON for what the JSON writer writes")
  func detection() throws {
    for value: PropertyList in ["x", 1, [1], ["a": 1], [:], true, .real(1.5), ["$dict": ["$uid": 1]]] {
      for style in JSONStyle.allCases {
        let bytes = try value.serialized(as: .json, options: .init(jsonStyle: style))
        #expect(PropertyListFormat.detect(bytes) == .json, "\(String(decoding: bytes, as: UTF8.self))")
      }
    }
  }

  @Test("many repeated keys are interned to the same strings")
  func internedKeys() throws {
    let record = #"{"a fairly long key name to intern": 1, "short": 2}"#
    let text = "[" + Array(repeating: record, count: 300).joined(separator: ",") + "]"
    let value = try Self.read(text)
    #expect(value.arrayValue?.count == 300)
    #expect(value[299]?["a fairly long key name to intern"] == 1)
    #expect(value[150]?.dictionaryValue?.keys == ["a fairly long key name to intern", "short"])
  }
}

@Suite("JSON reader, UTF-16")
struct JSONUTF16Tests {
  @Test("UTF-16 with a byte-order mark reads in both byte orders")
  func utf16() throws {
    let text = "{\"caf\u{E9}\": [\"\u{1F600}\", 1.5]}"
    var little: [UInt8] = [0xFF, 0xFE]
    var big: [UInt8] = [0xFE, 0xFF]
    for unit in text.utf16 {
      little += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
      big += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
    }
    for bytes in [little, big] {
      #expect(PropertyListFormat.detect(bytes) == .json)
      #expect(try PropertyList(bytes: bytes).isIdentical(to: ["caf\u{E9}": ["\u{1F600}", 1.5]]))
    }
    #expect(
      throws: PropertyListError(
        .invalidEncoding, format: .json, at: .text(line: 1, column: 3), "invalid UTF-16: unpaired surrogate 0xDE00")
    ) {
      try PropertyList(bytes: [0xFF, 0xFE, 0x5B, 0x00, 0x22, 0x00, 0x00, 0xDE, 0x22, 0x00, 0x5D, 0x00])
    }
  }
}
