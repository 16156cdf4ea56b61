import Foundation
import PlistCoding
import PlistKit
import PropertyListRoutes
import Testing

/// PlistCoding against Foundation's own `PropertyListEncoder` and `PropertyListDecoder`, on
/// random values of a rich set of types (``Everything``), in both directions and both formats
/// Foundation writes.
@Suite("Compatibility with Foundation's PropertyListEncoder and PropertyListDecoder")
struct FoundationCompatibilityTests {
  /// Random values per test; `PLISTCODING_COMPATIBILITY_COUNT` and `…_SEED` change them.
  static let count = ProcessInfo.processInfo.environment["PLISTCODING_COMPATIBILITY_COUNT"].flatMap { Int($0) } ?? 200
  static let seed = ProcessInfo.processInfo.environment["PLISTCODING_COMPATIBILITY_SEED"].flatMap { UInt64($0) } ?? 15

  static func values() -> [Everything] {
    var random = RandomEverything(seed: seed)
    return (0..<count).map { _ in random.everything() }
  }

  static let formats: [(PropertyListSerialization.PropertyListFormat, PropertyListFormat)] = [
    (.xml, .xml), (.binary, .binary),
  ]

  @Test("what Foundation writes, PlistDecoder decodes to what Foundation's decoder gives", arguments: formats)
  func foundationWrites(format: (PropertyListSerialization.PropertyListFormat, PropertyListFormat)) throws {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = format.0
    for (index, value) in Self.values().enumerated() {
      let data = try encoder.encode(value)
      let theirs = try PropertyListDecoder().decode(Everything.self, from: data)
      let ours = try PlistDecoder().decode(Everything.self, from: data)
      #expect(ours == theirs, "seed \(Self.seed), value \(index)")
      #expect(try PlistDecoder().decode(Everything.self, from: [UInt8](data), format: format.1) == theirs)
    }
  }

  @Test("what PlistEncoder writes, Foundation's decoder reads back equal", arguments: formats)
  func weWrite(format: (PropertyListSerialization.PropertyListFormat, PropertyListFormat)) throws {
    let encoder = PlistEncoder()
    encoder.outputFormat = format.1
    for (index, value) in Self.values().enumerated() {
      let bytes = try encoder.encode(value)
      #expect(
        try PropertyListDecoder().decode(Everything.self, from: Data(bytes)) == value,
        "seed \(Self.seed), value \(index)")
      #expect(try PlistDecoder().decode(Everything.self, from: bytes) == value)
    }
  }

  @Test("the XML is byte for byte Foundation's")
  func sameXML() throws {
    let theirs = PropertyListEncoder()
    theirs.outputFormat = .xml
    let ours = PlistEncoder()
    ours.outputFormat = .xml
    for (index, value) in Self.values().enumerated() {
      let expected = try theirs.encode(value)
      let written = try ours.encode(value)
      #expect(
        written == [UInt8](expected),
        "seed \(Self.seed), value \(index):\n\(String(decoding: written, as: UTF8.self))\nFoundation:\n\(String(decoding: expected, as: UTF8.self))"
      )
    }
  }

  @Test("the XML of edge reals and strings is Foundation's")
  func edgeXML() throws {
    let theirs = PropertyListEncoder()
    theirs.outputFormat = .xml
    let ours = PlistEncoder(outputFormat: .xml)
    let reals: [Double] = [
      0, -0.0, 1, -1, 0.1, 1e16, 1e-7, 123_456_789_012_345_680, .leastNonzeroMagnitude, .nan, .infinity, -.infinity,
      100,
    ]
    #expect(try ours.encode(reals) == [UInt8](theirs.encode(reals)))
    let floats: [Float] = [0.1, 1e30, -0.0, .nan, .infinity, 16_777_216]
    #expect(try ours.encode(floats) == [UInt8](theirs.encode(floats)))
    let strings = ["<&>", "a\tb\nc", "é", "😀", "]]>", "", "$null"]
    #expect(try ours.encode(strings) == [UInt8](theirs.encode(strings)))
    let keys = ["b": 1, "a": 2, "B": 3, "é": 4, "ab": 5, "": 6, "Z": 7]
    #expect(try ours.encode(keys) == [UInt8](theirs.encode(keys)))
    let dates = [
      Date(timeIntervalSinceReferenceDate: -0.5), Date(timeIntervalSinceReferenceDate: 12.75),
      Date(timeIntervalSince1970: 0),
    ]
    #expect(try ours.encode(dates) == [UInt8](theirs.encode(dates)))
    let data = [Data(), Data([1]), Data(repeating: 7, count: 100)]
    #expect(try ours.encode(data) == [UInt8](theirs.encode(data)))
    let nested = [[[["deep": [Data(repeating: 1, count: 90)]]]]]
    #expect(try ours.encode(nested) == [UInt8](theirs.encode(nested)))
    let optionals: [Int?] = [1, nil, 3]
    #expect(try ours.encode(optionals) == [UInt8](theirs.encode(optionals)))
  }

  @Test("what PlistEncoder writes in JSON and OpenStep reads back", arguments: [PropertyListFormat.json, .openStep])
  func textForms(format: PropertyListFormat) throws {
    let encoder = PlistEncoder(outputFormat: format)
    for (index, value) in Self.values().prefix(50).enumerated() {
      let bytes = try encoder.encode(value)
      #expect(try PlistDecoder().decode(Everything.self, from: bytes) == value, "seed \(Self.seed), value \(index)")
    }
  }

  @Test("encodeValue gives the value PlistDecoder decodes back")
  func valueRoundTrip() throws {
    for value in Self.values().prefix(50) {
      #expect(try PlistDecoder().decode(Everything.self, from: PlistEncoder().encodeValue(value)) == value)
    }
  }

  // MARK: - Edges

  /// Random values with the edges (±0.0, NaN and ±∞ reals, `Int64.min` and `UInt64.max`, dates
  /// with fractions, empty containers, `$null`, control characters, shared containers) of every
  /// kind a Codable type stands for (no UIDs), as ``CodablePropertyList`` encodes them. Values
  /// with canonically equivalent keys side by side or a `CF$UID` look-alike have tests of their
  /// own (Foundation's decoder merges the keys; XML reads the look-alike as a UID).
  static func edgeValues() -> [PropertyList] {
    var generator = SeededGenerator(seed: seed)
    var random = RandomPropertyList.routes
    random.kinds.remove(.uid)
    return (0..<count).map { _ in random.make(using: &generator) }.filter {
      !holds(
        $0,
        where: { dictionary in
          dictionary.count == 1 && dictionary.keys[0] == "CF$UID" || Set(dictionary.keys).count != dictionary.count
        })
    }
  }

  /// True when `value` holds a dictionary for which `test` holds.
  static func holds(_ value: PropertyList, where test: (PropertyListDictionary) -> Bool) -> Bool {
    switch value {
    case .array(let elements): return elements.contains { holds($0, where: test) }
    case .dictionary(let dictionary): return test(dictionary) || dictionary.values.contains { holds($0, where: test) }
    default: return false
    }
  }

  /// `value` as Foundation's decoder gives it back: every NaN real the standard NaN (it keeps
  /// no real NaN's sign or payload; a date's it keeps).
  static func foundationNaNs(_ value: PropertyList) -> PropertyList {
    switch value {
    case .real(let real) where real.isNaN: return .real(.nan)
    case .array(let elements): return .array(elements.map(foundationNaNs))
    case .dictionary(let dictionary):
      return .dictionary(
        PropertyListDictionary(
          dictionary.keys.indices.map { (dictionary.keys[$0], foundationNaNs(dictionary.values[$0])) }))
    default: return value
    }
  }

  /// 0000-01-01T00:00:00Z in the Julian calendar, which XML dates before 1582-10-15 are in
  /// (see `AppleCompatibilityTests`): Foundation's decoder drops the sign of an earlier,
  /// negative year, and its encoder writes far dates clamped.
  static let yearZero = -63_145_699_200.0
  /// 9999-12-31T23:59:59Z: Foundation writes later XML dates clamped to another.
  static let lastFourDigitSecond = 252_423_993_599.0

  /// True when Foundation's coders handle `value` in `format` as PlistKit does, apart from
  /// NaNs' bits (``foundationNaNs(_:)``) and the sharing of its binary encoder; the values they
  /// do not, each a documented limit of Foundation on Linux:
  /// - its decoder reads a key `$null` as nil, and fails;
  /// - its decoder reads an XML date of a negative year as a positive one;
  /// - when it writes: its binary encoder traps on a NaN (a NaN breaks the `Hashable` rules of
  ///   its table of shared objects), its XML encoder writes a carriage return and the
  ///   characters XML 1.0 lacks raw (a carriage return reads back as a line feed, the others
  ///   not at all) and dates beyond the year 9999 clamped, and the top level must be an array
  ///   or a dictionary.
  static func foundationHandles(_ value: PropertyList, in format: PropertyListFormat, writing: Bool) -> Bool {
    if writing, !value.isContainer { return false }
    return holdsOnly(value) { scalar in
      switch scalar {
      case .real(let real): return !(writing && real.isNaN && format == .binary)
      case .date(let date):
        let seconds = date.secondsSinceReferenceDate
        if format == .binary { return !(writing && seconds.isNaN) }
        return seconds >= yearZero && (!writing || seconds <= lastFourDigitSecond)
      case .string(let string): return !(writing && format == .xml && !foundationWritesXML(string))
      default: return true
      }
    } keys: { key in
      key != "$null" && !(writing && format == .xml && !foundationWritesXML(key))
    }
  }

  /// True when Foundation's XML encoder writes `string` so that it reads back.
  static func foundationWritesXML(_ string: String) -> Bool {
    RouteWriter.xmlHolds(string) && !string.unicodeScalars.contains("\r")
  }

  /// True when every scalar of `value` passes `scalar` and every key `keys`.
  static func holdsOnly(
    _ value: PropertyList, _ scalar: (PropertyList) -> Bool, keys: (String) -> Bool
  ) -> Bool {
    switch value {
    case .array(let elements): return elements.allSatisfy { holdsOnly($0, scalar, keys: keys) }
    case .dictionary(let dictionary):
      return dictionary.keys.allSatisfy(keys) && dictionary.values.allSatisfy { holdsOnly($0, scalar, keys: keys) }
    default: return scalar(value)
    }
  }

  @Test("what PlistEncoder writes with the edges, Foundation's decoder reads as PlistKit reads it", arguments: formats)
  func edgesWeWrite(format: (PropertyListSerialization.PropertyListFormat, PropertyListFormat)) throws {
    var decoded = 0
    for (index, value) in Self.edgeValues().enumerated()
    where Self.foundationHandles(value, in: format.1, writing: false) {
      // XML has no form for some characters and dates: PlistEncoder refuses them (the route
      // tests hold the refusal to the XML writer's).
      guard let bytes = try? PlistEncoder(outputFormat: format.1).encode(CodablePropertyList(value)) else {
        #expect(format.1 == .xml, "seed \(Self.seed), value \(index)")
        continue
      }
      let writer = format.1 == .xml ? RouteWriter.xmlShortest : RouteWriter.binary
      guard case .value(let expected) = writer.expectedReadBack(of: value) else {
        Issue.record("seed \(Self.seed), value \(index): PlistEncoder wrote what the XML writer refuses")
        continue
      }
      // XML in Swift's key order, binary in the order encoded.
      let read = try PropertyList(bytes: bytes)
      #expect(read == expected, "seed \(Self.seed), value \(index)")
      let decoder = PropertyListDecoder()
      decoder.userInfo[CodablePropertyList.guideKey] = read
      let theirs = try decoder.decode(CodablePropertyList.self, from: Data(bytes)).value
      #expect(
        theirs.isIdentical(to: Self.foundationNaNs(read)),
        "seed \(Self.seed), value \(index): \(RouteText.describe(theirs)) for \(RouteText.describe(read))")
      decoded += 1
    }
    #expect(decoded > Self.count / 3)
  }

  @Test(
    "what Foundation's encoder writes with the edges, PlistDecoder decodes as PlistKit reads it", arguments: formats)
  func edgesFoundationWrites(format: (PropertyListSerialization.PropertyListFormat, PropertyListFormat)) throws {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = format.0
    var compared = 0
    for (index, value) in Self.edgeValues().enumerated()
    where Self.foundationHandles(value, in: format.1, writing: true) {
      let data = try encoder.encode(CodablePropertyList(value))
      let read = try PropertyList(bytes: [UInt8](data), format: format.1)
      let decoder = PlistDecoder(userInfo: [CodablePropertyList.guideKey: read])
      let ours = try decoder.decode(CodablePropertyList.self, from: data).value
      #expect(ours.isIdentical(to: read), "seed \(Self.seed), value \(index): \(RouteText.describe(ours))")
      // What Foundation wrote: XML as the XML writer's documentation says of the value, binary
      // the value itself where Foundation shares nothing that is not the same (-0.0 after 0.0).
      if format.1 == .xml {
        guard case .value(let expected) = RouteWriter.xmlShortest.expectedReadBack(of: value) else {
          Issue.record("seed \(Self.seed), value \(index): Foundation wrote what the XML writer refuses")
          continue
        }
        #expect(read == expected, "seed \(Self.seed), value \(index): \(RouteText.describe(read))")
      } else if !FoundationParityTests.holdsLookalikes(value) {
        #expect(read.isIdentical(to: value), "seed \(Self.seed), value \(index): \(RouteText.describe(read))")
      }
      compared += 1
    }
    #expect(compared > Self.count / 4)
  }

  @Test(
    "canonically equivalent keys: PlistEncoder and PlistDecoder keep both; Foundation's decoder sees one, its encoder writes one",
    arguments: formats)
  func equivalentKeys(format: (PropertyListSerialization.PropertyListFormat, PropertyListFormat)) throws {
    struct Keys: Decodable {
      var keys: [[Unicode.Scalar]]
      var values: [Int]
      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NameKey.self)
        keys = container.allKeys.map { Array($0.stringValue.unicodeScalars) }
        values = try ["\u{E9}", "e\u{301}"].map { try container.decode(Int.self, forKey: NameKey(stringValue: $0)) }
      }
    }
    let value: PropertyList = ["\u{E9}": 1, "e\u{301}": 2]
    let bytes = try PlistEncoder(outputFormat: format.1).encode(CodablePropertyList(value))
    #expect(try PropertyList(bytes: bytes).isIdentical(to: value))
    let ours = try PlistDecoder().decode(Keys.self, from: bytes)
    #expect(ours.keys == [["\u{E9}"], ["e", "\u{301}"]] && ours.values == [1, 2])
    // Foundation on Linux keys its dictionaries by Swift's `==`: one of the two is lost.
    let theirs = try PropertyListDecoder().decode(Keys.self, from: Data(bytes))
    #expect(theirs.keys.count == 1 && theirs.values[0] == theirs.values[1])
    // Its encoder keeps the first key's spelling with the last value.
    let encoder = PropertyListEncoder()
    encoder.outputFormat = format.0
    let written = try encoder.encode(CodablePropertyList(value))
    #expect(try PropertyList(bytes: [UInt8](written)).isIdentical(to: ["\u{E9}": 2]))
    let reversed: PropertyList = ["e\u{301}": 1, "\u{E9}": 2]
    #expect(
      try PropertyList(bytes: [UInt8](encoder.encode(CodablePropertyList(reversed)))).isIdentical(to: ["e\u{301}": 2]))
  }
}

extension PropertyList {
  /// True for an array or a dictionary.
  fileprivate var isContainer: Bool {
    switch self {
    case .array, .dictionary: true
    default: false
    }
  }
}
