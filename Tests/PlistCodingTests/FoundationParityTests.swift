import BookModels
import Foundation
import PlistCoding
import PlistKit
import Testing

/// Cases where PlistCoding once differed from Foundation's coders, each with its exact input.
@Suite("Parity with Foundation's coders")
struct FoundationParityTests {
  /// The case, `decode(Employee.self as Person.Type, …)`, with the rich types' subclass
  /// (``Dog``, which encodes its superclass through `superEncoder()`).
  @Test(
    "decode(Dog.self as Animal.Type) decodes a Dog, as Foundation does", arguments: [PropertyListFormat.xml, .binary])
  func dynamicType(format: PropertyListFormat) throws {
    let bytes = try PlistEncoder(outputFormat: format).encode(Dog(name: "Rex", barks: 3))
    let type: Animal.Type = Dog.self
    let dog = try #require(try PlistDecoder().decode(type, from: bytes) as? Dog)
    #expect(dog.name == "Rex" && dog.barks == 3)
    #expect(try PropertyListDecoder().decode(type, from: Data(bytes)) is Dog)
  }

  @Test("a keyed archive decodes the dynamic type too")
  func dynamicTypeInArchive() throws {
    let bytes = try KeyedArchiveEncoder().encode(Dog(name: "Rex", barks: 3))
    let type: Animal.Type = Dog.self
    let dog = try #require(try KeyedArchiveDecoder().decode(type, from: bytes) as? Dog)
    #expect(dog.name == "Rex" && dog.barks == 3)
  }

  struct Edges: Codable, Equatable {
    var reals: [Double]
    var floats: [Float]
    var mixed: [Int]
    var flags: [Bool]
    var strings: [String]
  }

  @Test("binary output keeps -0.0, 1 and 1.0 and true, and NFC and NFD strings apart; Foundation reads them back")
  func binaryEdges() throws {
    let edges = Edges(
      reals: [0.0, -0.0, 1.0, -0.0], floats: [-0.0, 0.0], mixed: [1, 0], flags: [true, false],
      strings: ["\u{E9}", "e\u{301}", "\u{E9}"])
    let bytes = try PlistEncoder(outputFormat: .binary).encode(edges)
    let ours = try PlistDecoder().decode(Edges.self, from: bytes)
    let theirs = try PropertyListDecoder().decode(Edges.self, from: Data(bytes))
    for decoded in [ours, theirs] {
      #expect(decoded.reals.map(\.sign) == [.plus, .minus, .plus, .minus])
      #expect(decoded.floats.map(\.sign) == [.minus, .plus])
      #expect(decoded.strings.map { Array($0.unicodeScalars) } == edges.strings.map { Array($0.unicodeScalars) })
    }
    let value = try PropertyList(bytes: bytes, format: .binary)
    #expect(value["reals"]?[1]?.realValue?.sign == .minus)
    #expect(value["mixed"]?[0] == .integer(1))
    #expect(value["reals"]?[2] == .real(1))
    #expect(value["flags"]?[0] == .boolean(true))
  }

  /// True when `value` holds two scalars that Foundation's binary encoder shares and this one
  /// keeps apart (equal by `==` but not the same: `0.0` and `-0.0`, NaNs of other bits, a
  /// precomposed and a decomposed string): their bytes differ on purpose.
  static func holdsLookalikes(_ value: PropertyList) -> Bool {
    var reals: [Double: UInt64] = [:]
    var strings: [String: [Unicode.Scalar]] = [:]
    var nan: UInt64?
    var found = false
    func visit(real: Double) {
      if real.isNaN {
        if let bits = nan, bits != real.bitPattern { found = true }
        nan = real.bitPattern
      } else if let bits = reals.updateValue(real.bitPattern, forKey: real), bits != real.bitPattern {
        found = true
      }
    }
    func visit(_ value: PropertyList) {
      switch value {
      case .real(let real): visit(real: real)
      case .date(let date): visit(real: date.secondsSinceReferenceDate)
      case .string(let string):
        let scalars = Array(string.unicodeScalars)
        if let other = strings.updateValue(scalars, forKey: string), other != scalars { found = true }
      case .array(let elements): elements.forEach(visit)
      case .dictionary(let dictionary):
        for (key, element) in zip(dictionary.keys, dictionary.values) {
          visit(.string(key))
          visit(element)
        }
      default: break
      }
    }
    visit(value)
    return found
  }

  @Test("the binary is byte for byte Foundation's, for random Codable values (seed 15)")
  func sameBinary() throws {
    let theirs = PropertyListEncoder()
    theirs.outputFormat = .binary
    let ours = PlistEncoder(outputFormat: .binary)
    var compared = 0
    for (index, value) in FoundationCompatibilityTests.values().enumerated() {
      let written = try ours.encode(value)
      #expect(try PropertyListDecoder().decode(Everything.self, from: Data(written)) == value)
      if Self.holdsLookalikes(try PlistEncoder().encodeValue(value)) { continue }
      compared += 1
      #expect(written == [UInt8](try theirs.encode(value)), "seed \(FoundationCompatibilityTests.seed), value \(index)")
    }
    #expect(compared > FoundationCompatibilityTests.count / 2)
  }

  @Test("the binary of the book's models and of edge values is byte for byte Foundation's")
  func sameBinaryForModels() throws {
    let theirs = PropertyListEncoder()
    theirs.outputFormat = .binary
    let ours = PlistEncoder(outputFormat: .binary)
    let presidents = try KeyedArchiveDecoder().decode(
      [President].self, from: try Samples.bytes("Presidents.plist"), forKey: "Presidents")
    #expect(try ours.encode(presidents) == [UInt8](theirs.encode(presidents)))
    let names = ["b": ["Bea", "Bo"], "a": ["Al"], "é": [], "Z": ["Zed", "Al"]]
    #expect(try ours.encode(names) == [UInt8](theirs.encode(names)))
    let flags = [true, false, true, true]
    #expect(try ours.encode(flags) == [UInt8](theirs.encode(flags)))
    let unsigned: [UInt64] = [0, 5, 5, .max]
    #expect(try ours.encode(unsigned) == [UInt8](theirs.encode(unsigned)))
    let floats: [Float] = [1.5, 1.5, .infinity, 0.1]
    #expect(try ours.encode(floats) == [UInt8](theirs.encode(floats)))
    let optionals: [String?] = [nil, "x", nil]
    #expect(try ours.encode(optionals) == [UInt8](theirs.encode(optionals)))
    let many = (0..<300).map { "name \($0 % 150)" }
    #expect(try ours.encode(many) == [UInt8](theirs.encode(many)))
  }

  /// A value that needs a configuration to encode and decode: the unit its length is in.
  struct Length: EncodableWithConfiguration, DecodableWithConfiguration, Equatable {
    var meters: Double
    var label: String

    init(meters: Double, label: String) {
      self.meters = meters
      self.label = label
    }

    private enum CodingKeys: String, CodingKey { case value, unit, label }

    func encode(to encoder: any Encoder, configuration: String) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(configuration == "cm" ? meters * 100 : meters, forKey: .value)
      try container.encode(configuration, forKey: .unit)
      try container.encode(label, forKey: .label)
    }

    init(from decoder: any Decoder, configuration: String) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let value = try container.decode(Double.self, forKey: .value)
      meters = configuration == "cm" ? value / 100 : value
      label = try container.decode(String.self, forKey: .label)
    }
  }

  enum Centimeters: EncodingConfigurationProviding, DecodingConfigurationProviding {
    static let encodingConfiguration = "cm"
    static let decodingConfiguration = "cm"
  }

  @Test(
    "encode(_:configuration:) and decode(_:from:configuration:) write and read what Foundation's do",
    arguments: [PropertyListFormat.xml, .binary])
  func configuration(format: PropertyListFormat) throws {
    let length = Length(meters: 1.5, label: "rope")
    let theirs = PropertyListEncoder()
    theirs.outputFormat = format == .xml ? .xml : .binary
    let ours = PlistEncoder(outputFormat: format)
    let written = try ours.encode(length, configuration: "cm")
    #expect(written == [UInt8](try theirs.encode(length, configuration: "cm")))
    #expect(try ours.encode(length, configuration: Centimeters.self) == written)
    #expect(try PlistDecoder().decode(Length.self, from: written, configuration: "cm") == length)
    #expect(try PlistDecoder().decode(Length.self, from: Data(written), configuration: Centimeters.self) == length)
    #expect(try PlistDecoder().decode(Length.self, from: written, configuration: "m").meters == 150)
    #expect(try PropertyListDecoder().decode(Length.self, from: Data(written), configuration: "cm") == length)
  }
}
