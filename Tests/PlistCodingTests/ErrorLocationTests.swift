import Foundation
import PlistCoding
import PlistKit
import Testing

/// The places errors name in text input, when a type fails many times and goes on (`try?`), as
/// a type for "any value" does: each failure names the place a failure alone names, and the
/// input is not read again for each (it was, once per failure, which made such a type's
/// decoding quadratic in the input's size).
@Suite("PlistDecoder's error places when a type goes on after failures")
struct ErrorLocationTests {
  /// Tries each element as an integer, keeps the error's description, then reads the string.
  struct Attempts: Decodable {
    var descriptions: [String] = []
    var strings: [String] = []

    init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      while !container.isAtEnd {
        do {
          _ = try container.decode(Int.self)
        } catch let error as DecodingError {
          guard case .typeMismatch(_, let context) = error else { throw error }
          descriptions.append(context.debugDescription)
        }
        strings.append(try container.decode(String.self))
      }
    }
  }

  /// Reads element `index` as an integer and nothing else: the error of that failure alone.
  struct One: Decodable {
    static let index = CodingUserInfoKey(rawValue: "index")!

    init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      for _ in 0..<(decoder.userInfo[Self.index] as! Int) { _ = try container.decode(String.self) }
      _ = try container.decode(Int.self)
    }
  }

  static let strings = (0..<300).map { index in index % 7 == 0 ? "é \(index)\r\nsecond line" : "value \(index)" }

  @Test("each failure names the place it names alone", arguments: [PropertyListFormat.xml, .json, .openStep])
  func manyFailures(format: PropertyListFormat) throws {
    let plist = PropertyList.array(Self.strings.map { .string($0) })
    let bytes = try plist.serialized(as: format)
    let attempts = try PlistDecoder().decode(Attempts.self, from: bytes)
    #expect(attempts.strings == Self.strings)
    #expect(attempts.descriptions.count == Self.strings.count)
    for index in [0, 1, 7, 150, 299] {
      let decoder = PlistDecoder()
      decoder.userInfo[One.index] = index
      #expect {
        try decoder.decode(One.self, from: bytes)
      } throws: { error in
        guard case DecodingError.typeMismatch(_, let context) = error else { return false }
        return context.debugDescription == attempts.descriptions[index]
      }
    }
    // A place is a line and column, different for every element.
    #expect(attempts.descriptions[150].hasPrefix("150 ("))
    let places = attempts.descriptions.map { $0.drop { $0 != "(" }.prefix { $0 != ")" } }
    #expect(Set(places).count == 300)
  }
}
