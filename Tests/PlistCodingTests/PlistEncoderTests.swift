import Foundation
import PlistCoding
import PlistKit
import Testing

/// PlistEncoder's output and errors.
@Suite("PlistEncoder")
struct PlistEncoderTests {
  struct Ordered: Codable {
    var zebra = 1
    var apple = "a"
    var middle: [Int?] = [1, nil]
  }

  @Test("encodeValue keeps the encoded key order; XML sorts as Foundation; nil in a container is $null")
  func values() throws {
    let value = try PlistEncoder().encodeValue(Ordered())
    #expect(value.isIdentical(to: ["zebra": 1, "apple": "a", "middle": [1, "$null"]]))
    let xml = String(decoding: try PlistEncoder(outputFormat: .xml).encode(Ordered()), as: UTF8.self)
    #expect(
      xml == """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>apple</key>
        \t<string>a</string>
        \t<key>middle</key>
        \t<array>
        \t\t<integer>1</integer>
        \t\t<string>$null</string>
        \t</array>
        \t<key>zebra</key>
        \t<integer>1</integer>
        </dict>
        </plist>

        """)
    let binary = try PlistEncoder().encode(Ordered())
    #expect(Array(binary.prefix(8)) == Array("bplist00".utf8))
    #expect(try PropertyList(bytes: binary).isIdentical(to: value))
  }

  @Test("a top-level scalar is written (Foundation refuses it); a value that encodes nothing is an error")
  func topLevel() throws {
    #expect(try PlistEncoder().encodeValue(5) == 5)
    #expect(
      try PlistEncoder().encodeValue(Date(timeIntervalSinceReferenceDate: 3))
        == .date(PropertyListDate(secondsSinceReferenceDate: 3)))
    struct Nothing: Encodable {
      func encode(to encoder: Encoder) throws {}
    }
    #expect {
      try PlistEncoder().encode(Nothing())
    } throws: { error in
      guard case EncodingError.invalidValue(_, let context) = error else { return false }
      return context.debugDescription == "top-level Nothing did not encode any values"
    }
    // Nested, a value that encodes nothing is an empty dictionary, as in Foundation.
    #expect(try PlistEncoder().encodeValue([Nothing()]) == [[:]])
  }

  @Test("a string XML cannot hold is an EncodingError with the writer's error and key path")
  func unwritable() throws {
    #expect {
      try PlistEncoder(outputFormat: .xml).encode(["key": "bell\u{7}"])
    } throws: { error in
      guard case EncodingError.invalidValue(_, let context) = error,
        let underlying = context.underlyingError as? PropertyListError
      else { return false }
      return underlying.kind == .notRepresentable && underlying.location == .keyPath("key")
    }
    // The binary form holds it.
    #expect(
      try PlistDecoder().decode([String: String].self, from: PlistEncoder().encode(["key": "bell\u{7}"])) == [
        "key": "bell\u{7}"
      ])
  }

  /// Encodes the key `b` twice.
  struct Twice: Encodable {
    func encode(to encoder: Encoder) throws {
      enum Keys: String, CodingKey { case b, a }
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(1, forKey: .b)
      try container.encode(2, forKey: .a)
      try container.encode(3, forKey: .b)
    }
  }

  @Test("a key encoded twice is written once, with its last value, in XML (as Foundation) and binary")
  func keyEncodedTwice() throws {
    let foundation = PropertyListEncoder()
    foundation.outputFormat = .xml
    let xml = try PlistEncoder(outputFormat: .xml).encode(Twice())
    #expect(xml == [UInt8](try foundation.encode(Twice())))
    #expect(try PropertyList(bytes: xml).isIdentical(to: ["a": 2, "b": 3]))
    let binary = try PlistEncoder(outputFormat: .binary).encode(Twice())
    #expect(try PropertyList(bytes: binary).isIdentical(to: ["b": 3, "a": 2]))
  }

  @Test("binary is Foundation's byte for byte through nested containers and super encoders")
  func binaryLayout() throws {
    let foundation = PropertyListEncoder()
    foundation.outputFormat = .binary
    #expect(try PlistEncoder(outputFormat: .binary).encode(Shapes()) == [UInt8](try foundation.encode(Shapes())))
    let shapes = [Shapes(), Shapes()]
    #expect(try PlistEncoder(outputFormat: .binary).encode(shapes) == [UInt8](try foundation.encode(shapes)))
  }

  /// A record whose strings, numbers and data repeat at long distances.
  struct Row: Codable, Equatable {
    var name: String
    var index: Int
    var score: Double
    var tags: [String]
    var blob: Data
    var created: Date

    init(_ number: Int) {
      name = "name \(number % 5_000)"
      index = number % 9_000
      score = Double(number % 300) / 4
      tags = ["t\(number % 7)", "u\(number)"]
      blob = Data((0..<(number % 50)).map { UInt8(truncatingIfNeeded: $0 &* number) })
      created = Date(timeIntervalSinceReferenceDate: Double(number % 6_000) * 60)
    }
  }

  @Test("a large encoding, its repeats far apart, is Foundation's byte for byte in binary and XML")
  func largeBinaryLayout() throws {
    let rows = (0..<12_000).map(Row.init)
    let written = try PlistEncoder(outputFormat: .binary).encode(rows)
    let foundation = PropertyListEncoder()
    foundation.outputFormat = .binary
    #expect(written == [UInt8](try foundation.encode(rows)))
    #expect(try PlistDecoder().decode([Row].self, from: written) == rows)
    let xml = try PlistEncoder(outputFormat: .xml).encode(rows)
    foundation.outputFormat = .xml
    #expect(xml == [UInt8](try foundation.encode(rows)))
  }

  /// Encodes through nested containers and super encoders, in every way Codable allows.
  struct Shapes: Encodable {
    func encode(to encoder: Encoder) throws {
      enum Keys: String, CodingKey { case inner, list, parent, again }
      enum InnerKeys: String, CodingKey { case value }
      var container = encoder.container(keyedBy: Keys.self)
      var inner = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
      var list = container.nestedUnkeyedContainer(forKey: .list)
      try list.encode(1)
      var nested = list.nestedUnkeyedContainer()
      try nested.encode("deep")
      try inner.encode(2, forKey: .value)  // after the list was started: the containers stay independent
      try "parent".encode(to: container.superEncoder(forKey: .parent))
      var superList = list.superEncoder().unkeyedContainer()
      try superList.encode(true)
      var again = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)  // the same container
      try again.encode(3, forKey: .value)
    }
  }

  @Test("nested containers and super encoders land where Codable says")
  func containers() throws {
    let value = try PlistEncoder().encodeValue(Shapes())
    #expect(value == ["inner": ["value": 3], "list": [1, ["deep"], [true]], "parent": "parent"])
  }
}
