import Testing

@testable import PlistKit

@Suite("JSON round trips")
struct JSONRoundTripTests {
  static func throughJSON(_ value: PropertyList, _ style: JSONStyle, pretty: Bool = true) throws -> PropertyList {
    let bytes = try value.serialized(as: .json, options: .init(jsonStyle: style, prettyPrinted: pretty))
    return try PropertyList(bytes: bytes, format: .json, options: .init(jsonStyle: style))
  }

  static func date(_ seconds: Double) -> PropertyList { .date(PropertyListDate(secondsSinceReferenceDate: seconds)) }

  @Test("typed JSON keeps every edge value exactly", arguments: [true, false])
  func typedEdges(pretty: Bool) throws {
    let value: PropertyList = [
      "integers": [.integer(UInt64.max), .integer(Int64.min), .integer(Int64.max), 0, -1, .integer(UInt64(1) << 63)],
      "reals": [
        .real(-0.0), .real(0.0), .real(.nan), .real(.infinity), .real(-.infinity), 1, .real(1.0), .real(0.1),
        .real(.leastNonzeroMagnitude), .real(.greatestFiniteMagnitude),
        .real(Double(bitPattern: 0xFFF8_0000_0000_0000)),
        .real(Double(bitPattern: 0x7FF0_0000_0000_0001)), .real(1e16), .real(123_456_789.125),
      ],
      "dates": [
        Self.date(0), Self.date(-0.0), Self.date(0.25), Self.date(-1.5), Self.date(1e-9), Self.date(-63_113_904_001),
        Self.date(-1e13), Self.date(252_423_993_600), Self.date(.nan), Self.date(-.infinity), Self.date(700_000_000),
      ],
      "data": [.data([]), .data([0]), .data([0, 1]), .data(Array(0...255))],
      "uids": [.uid(0), .uid(7), .uid(UInt64.max)],
      "tag-like": [
        ["$real": "NaN"], ["$date": 1], ["$data": .data([1])], ["$uid": .uid(1)], ["$dict": ["$dict": ["$uid": 2]]],
        ["$dict": ["$real": ["$date": ["$data": "x"]]]], ["$uid": 1, "$real": 2], ["CF$UID": 3], [:], ["$dict": [:]],
      ],
      "order": ["z": 1, "a": 2, "m": 3, "\u{E9}": 4, "e\u{301}": 5],
      "strings": ["", "\u{0}", "\"\\/", "\u{1F600}", "\u{FEFF}", "\u{7F}\u{9}\u{A}", "NaN", "$dict"],
      "booleans": [true, false],
    ]
    let back = try Self.throughJSON(value, .typed, pretty: pretty)
    #expect(back.isIdentical(to: value))
  }

  @Test("plain JSON keeps strings, numbers, booleans, arrays, dictionaries and order")
  func plainCore() throws {
    let value: PropertyList = [
      "b": [.integer(UInt64.max), .integer(Int64.min), 1, .real(1), .real(-0.0), .real(0.1), true, "x\u{0}y"],
      "a": ["z": [:], "e\u{301}": [], "\u{E9}": "two keys"],
    ]
    #expect(try Self.throughJSON(value, .plain).isIdentical(to: value))
  }

  @Test("plain JSON turns dates, data and non-finite reals into strings; UIDs come back as UIDs")
  func plainLossy() throws {
    let value: PropertyList = [Self.date(0.75), .data([1, 2, 3]), .uid(9), .real(.nan), .real(-.infinity)]
    #expect(
      try Self.throughJSON(value, .plain).isIdentical(to: [
        "2001-01-01T00:00:00Z", "AQID", .uid(9), "NaN", "-Infinity",
      ]))
  }

  @Test("1,000 random property lists survive typed JSON exactly")
  func randomTyped() throws {
    var generator = SeededGenerator(seed: 0x5EED_0001)
    for iteration in 0..<1_000 {
      let value = RandomPropertyList.allKinds.make(using: &generator)
      let pretty = iteration % 2 == 0
      let back = try Self.throughJSON(value, .typed, pretty: pretty)
      #expect(back.isIdentical(to: value), "iteration \(iteration)")
      if !back.isIdentical(to: value) { break }
    }
  }

  @Test(
    "the book's files survive typed JSON exactly",
    arguments: ["Presidents.plist", "sortednames.plist", "computers.plist"])
  func bookFiles(name: String) throws {
    let path = Fixtures.samples + "/" + name
    let bytes = try PropertyListFile.read(path: path)
    // The binary reader may not be in place yet: take the value from Foundation then.
    guard let value = (try? PropertyList(bytes: bytes)) ?? (try? FoundationPeer.read(bytes)) else {
      Issue.record("no reader could read \(name)")
      return
    }
    #expect(try Self.throughJSON(value, .typed).isIdentical(to: value))
  }
}
