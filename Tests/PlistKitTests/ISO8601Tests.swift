import Testing

@testable import PlistKit

@Suite("ISO 8601 and base64")
struct ISO8601Tests {
  @Test("the reference date and well-known dates format as Apple does")
  func format() {
    #expect(PropertyListDate(secondsSinceReferenceDate: 0).iso8601 == "2001-01-01T00:00:00Z")
    #expect(PropertyListDate(secondsSince1970: 0).iso8601 == "1970-01-01T00:00:00Z")
    #expect(PropertyListDate(secondsSinceReferenceDate: -0.5).iso8601 == "2000-12-31T23:59:59Z")
    #expect(PropertyListDate(secondsSinceReferenceDate: 1.9).iso8601 == "2001-01-01T00:00:01Z")
    #expect(PropertyListDate(secondsSince1970: 951_782_400).iso8601 == "2000-02-29T00:00:00Z")
    #expect(PropertyListDate(secondsSince1970: -62_135_596_800).iso8601 == "0001-01-01T00:00:00Z")
  }

  @Test("parsing accepts Apple's form, fractions and offsets, and rejects the rest")
  func parse() {
    #expect(PropertyListDate(iso8601: "2001-01-01T00:00:00Z")?.secondsSinceReferenceDate == 0)
    #expect(PropertyListDate(iso8601: "2001-01-01T01:00:00+01:00")?.secondsSinceReferenceDate == 0)
    #expect(PropertyListDate(iso8601: "2001-01-01T00:00:00.25Z")?.secondsSinceReferenceDate == 0.25)
    #expect(PropertyListDate(iso8601: "2001-01-02")?.secondsSinceReferenceDate == 86_400)
    #expect(PropertyListDate(iso8601: "2001-02-29T00:00:00Z") == nil)
    #expect(PropertyListDate(iso8601: "2001-01-01T24:00:00Z") == nil)
    #expect(PropertyListDate(iso8601: "2001-01-01T00:00:00") == nil)
    #expect(PropertyListDate(iso8601: "01-01-01T00:00:00Z") == nil)
  }

  @Test("format and parse agree over four centuries")
  func roundTrip() {
    var seconds = -12_000_000_000.0
    while seconds < 12_000_000_000 {
      let date = PropertyListDate(secondsSinceReferenceDate: seconds)
      #expect(PropertyListDate(iso8601: date.iso8601) == date)
      seconds += 86_400 * 37 + 3_661
    }
  }

  @Test("base64 encodes with padding and decodes across white space")
  func base64() throws {
    #expect(Base64.encode(Array("Man".utf8)) == "TWFu")
    #expect(Base64.encode(Array("Ma".utf8)) == "TWE=")
    #expect(Base64.encode(Array("M".utf8)) == "TQ==")
    #expect(Base64.encode([]) == "")
    #expect(try Base64.decode(Array("TW\nFu\tTW E=".utf8)) == Array("ManMa".utf8))
    #expect(try Base64.decode(Array("TQ".utf8)) == Array("M".utf8))
    #expect(throws: Base64.DecodingFailure.invalidCharacter(offset: 2, byte: UInt8(ascii: "*"))) {
      try Base64.decode(Array("TW*u".utf8))
    }
    #expect(throws: Base64.DecodingFailure.invalidLength) { try Base64.decode(Array("TQ==TQ==".utf8)) }
    #expect(throws: Base64.DecodingFailure.invalidLength) { try Base64.decode(Array("T".utf8)) }
    var wrapped: [UInt8] = []
    Base64.append(Array(repeating: 0xFF, count: 9), to: &wrapped, lineLength: 4, linePrefix: [0x09])
    #expect(String(decoding: wrapped, as: UTF8.self) == "////\n\t////\n\t////")
  }

  @Test("base64 lines hold whole groups, the last one padded, for every length and line width")
  func base64Lines() {
    var generator = SystemRandomNumberGenerator()
    for count in 0..<200 {
      let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let whole = Array(Base64.encode(bytes).utf8)
      var unwrapped: [UInt8] = [0x2A]
      Base64.append(bytes, to: &unwrapped)
      #expect(unwrapped == [0x2A] + whole, "\(count) bytes")
      for lineLength in stride(from: 4, through: 76, by: 12) {
        var wrapped: [UInt8] = []
        Base64.append(bytes, to: &wrapped, lineLength: lineLength, linePrefix: [0x09, 0x09])
        let lines = stride(from: 0, to: whole.count, by: lineLength).map {
          whole[$0..<min($0 + lineLength, whole.count)]
        }
        #expect(
          wrapped == Array(lines.joined(separator: [0x0A, 0x09, 0x09])), "\(count) bytes, lines of \(lineLength)")
      }
    }
    // The scalar reference for the unbroken encoding: every byte value in every position of a group.
    let all = (0..<768).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 256) }
    #expect(Base64.encode(all) == Self.referenceBase64(all))
  }

  /// Base64 one character at a time, as RFC 4648 spells it out.
  static func referenceBase64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    var text = ""
    for start in stride(from: 0, to: bytes.count, by: 3) {
      let group = Array(bytes[start..<min(start + 3, bytes.count)])
      let value = group.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
      for place in 0..<4 {
        text.append(place <= group.count ? alphabet[value >> (18 - 6 * place) & 63] : "=")
      }
    }
    return text
  }
}
