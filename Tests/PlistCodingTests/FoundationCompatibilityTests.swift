import Foundation
import PlistCoding
import PlistKit
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
}
