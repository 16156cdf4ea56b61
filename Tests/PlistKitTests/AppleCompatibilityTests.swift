import Foundation
import Testing

@testable import PlistKit

/// What Apple's readers take and PlistKit once refused or read otherwise: each case is the
/// exact input, with Foundation's `PropertyListSerialization` as the peer where it agrees.
@Suite("Reading what Apple's tools write and read")
struct AppleCompatibilityTests {
  // MARK: - Control characters in XML text

  @Test("control characters other than NUL in <string> and <key> text read as CoreFoundation reads them")
  func controlCharacters() throws {
    let text = XML.document("<dict>\n\t<key>k\u{8}</key>\n\t<string>a\u{1}b\u{1F}c\u{B}\u{C}</string>\n</dict>\n")
    let expected: PropertyList = ["k\u{8}": "a\u{1}b\u{1F}c\u{B}\u{C}"]
    #expect(try XML.read(text) == expected)
    #expect(try FoundationPeer.read(Array(text.utf8)) == expected)
    // Every one of them, each alone and all together (a carriage return reads as a line feed,
    // as XML requires).
    let codes = (1..<0x20 as Range<UInt8>).filter { $0 != 0x0D }
    for code in codes {
      let scalar = Character(Unicode.Scalar(code))
      #expect(try XML.read(plist: "<string>\(scalar)</string>") == .string(String(scalar)), "U+\(code)")
    }
    let all = String(codes.map { Character(Unicode.Scalar($0)) })
    #expect(
      try XML.read(plist: "<array><string>\(all)x\(all)</string><string/></array>") == [.string(all + "x" + all), ""])
  }

  @Test("a control character keeps the positions of the errors after it")
  func controlCharacterPositions() {
    #expect(
      XML.error("<plist version=\"1.0\"><array><string>a\u{8}b</string><integer>x</integer></array></plist>")
        == PropertyListError(
          .invalidValue, format: .xml, at: .text(line: 1, column: 49), "<integer> 'x' is not an integer"))
  }

  @Test("control characters stay an error outside <string> and <key> text, and NUL everywhere")
  func controlCharactersElsewhere() {
    #expect(
      XML.error("<plist version=\"1.0\"><integer>4\u{8}</integer></plist>")
        == PropertyListError(
          .syntax, format: .xml, at: .text(line: 1, column: 32), "character U+0008 is not allowed in XML 1.0"))
    #expect(
      XML.error("<plist version=\"1.0\"><array>\u{8}</array></plist>")
        == PropertyListError(
          .syntax, format: .xml, at: .text(line: 1, column: 29), "character U+0008 is not allowed in XML 1.0"))
    #expect(XML.error("<plist version=\"1.0\"><string><![CDATA[a\u{8}]]></string></plist>") != nil)
    #expect(
      XML.error("<plist version=\"1.0\"><string>a\u{0}b</string></plist>")
        == PropertyListError(.syntax, format: .xml, at: .byteOffset(30), "character U+0000 is not allowed in XML 1.0"))
  }

  @Test("the writer still refuses control characters: its output stays well-formed XML")
  func writerRefusesControlCharacters() {
    #expect(
      throws: PropertyListError(
        .notRepresentable, format: .xml, at: .keyPath("0"), "U+0008 cannot be written in XML 1.0")
    ) { try XML.write(["a\u{8}"]) }
  }

  // MARK: - The internal DTD subset

  @Test("an internal DTD subset is refused with its place, as Foundation refuses it")
  func internalSubset() throws {
    let text =
      "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [<!ELEMENT plist ANY>]>\n<plist version=\"1.0\"><string>a</string></plist>"
    #expect(
      XML.error(text)
        == PropertyListError(
          .syntax, format: .xml, at: .text(line: 2, column: 17),
          "an internal DTD subset ('<!DOCTYPE plist [') is not allowed: a property list's DOCTYPE only names the DTD"))
    #expect(throws: (any Error).self) { try FoundationPeer.read(Array(text.utf8)) }
    // The usual DOCTYPE, and none, still read.
    #expect(try XML.read(XML.document("<string>a</string>\n")) == "a")
    #expect(try XML.read("<!DOCTYPE plist>\n<plist version=\"1.0\"><true/></plist>") == true)
  }

  // MARK: - Integers with white space after the sign

  @Test(
    "white space after an integer's sign reads as Foundation reads it",
    arguments: [
      ("<integer> +\t42</integer>", 42), ("<integer>- 99</integer>", -99), ("<integer>-\n7</integer>", -7),
      ("<integer>\t-\t0x1F</integer>", -31), ("<integer>+42</integer>", 42),
    ] as [(String, Int64)])
  func integerSign(text: String, expected: Int64) throws {
    let document = XML.document("<array>\(text)</array>\n")
    #expect(try XML.read(document) == [.integer(PropertyListInteger(expected))])
    #expect(try FoundationPeer.read(Array(document.utf8)) == [.integer(PropertyListInteger(expected))])
  }

  @Test("a sign alone, two signs and white space after the number stay errors, as in Foundation")
  func integerSignErrors() {
    for text in [
      "<integer>+ -3</integer>", "<integer>--3</integer>", "<integer>- </integer>", "<integer>42 </integer>",
    ] {
      let document = XML.document("<array>\(text)</array>\n")
      #expect(XML.error(document) != nil, "\(text)")
      #expect(throws: (any Error).self) { try FoundationPeer.read(Array(document.utf8)) }
    }
    #expect(
      XML.error("<plist version=\"1.0\"><integer>- x</integer></plist>")
        == PropertyListError(
          .invalidValue, format: .xml, at: .text(line: 1, column: 22), "<integer> '- x' is not an integer"))
  }

  // MARK: - Dates out of range

  @Test(
    "dates out of range read rolled over, to the instant Foundation reads",
    arguments: [
      ("2024-01-32T20:43:14Z", 728_512_994), ("2023-02-30T00:00:00Z", 699_408_000),
      ("2023-13-01T00:00:00Z", 725_760_000),
      ("2024-13-01T00:00:00Z", 757_382_400), ("2023-01-01T24:00:00Z", 694_310_400),
      ("2023-01-01T23:60:00Z", 694_310_400),
      ("2023-01-01T23:59:60Z", 694_310_400), ("2023-00-01T00:00:00Z", 694_224_000),
      ("2023-01-00T00:00:00Z", 694_137_600),
      ("2024-14-05T00:00:00Z", 726_105_600), ("2024-12-99T99:99:99Z", 763_533_639),
    ] as [(String, Int64)])
  func outOfRangeDates(text: String, expected: Int64) throws {
    let document = XML.document("<array><date>\(text)</date></array>\n")
    let date = PropertyList.date(PropertyListDate(secondsSinceReferenceDate: Double(expected)))
    #expect(try XML.read(document) == [date])
    #expect(try FoundationPeer.read(Array(document.utf8)) == [date])
  }

  @Test(
    "dates of the wrong shape stay errors, as in Foundation",
    arguments: [
      "2024-1-01T00:00:00Z", "2024-01-01T00:00Z", "2024-01-01", "2024-01-01T00:00:00", "2024-01-01T0:00:00Z",
    ])
  func malformedDates(text: String) {
    let document = XML.document("<array><date>\(text)</date></array>\n")
    #expect(XML.error(document) != nil)
    #expect(throws: (any Error).self) { try FoundationPeer.read(Array(document.utf8)) }
  }

  // MARK: - Old dates

  /// Dates across the whole range CoreFoundation writes with four-digit years, and around
  /// the Gregorian reform, whole seconds.
  static func randomDates(seed: UInt64, count: Int) -> [Double] {
    var random = SeededGenerator(seed: seed)
    let reform = -13_197_600_000.0
    return (0..<count).map { index in
      switch index % 3 {
      case 0: Double(Int64.random(in: -63_113_904_000...252_423_993_599, using: &random))
      case 1: reform + Double(Int64.random(in: -40 * 86_400...40 * 86_400, using: &random))
      default: Double(Int64.random(in: -62_000_000_000 ... -13_000_000_000, using: &random))
      }
    }
  }

  /// Foundation's `PropertyListEncoder` and `PropertyListDecoder`, which write and read XML
  /// dates as Apple's Foundation and CoreFoundation do: in the Julian calendar before
  /// 1582-10-15. (swift-corelibs-foundation's `PropertyListSerialization` on Linux writes them
  /// in the proleptic Gregorian calendar instead, so it is no peer for these dates.)
  private struct DatedArray: Codable, Equatable { var dates: [Date] }

  private static func foundationText(of seconds: Double) throws -> String {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .xml
    let text = String(
      decoding: try encoder.encode(DatedArray(dates: [Date(timeIntervalSinceReferenceDate: seconds)])), as: UTF8.self)
    return String(try #require(text.split(separator: "\n").first { $0.contains("<date>") })).trimmingCharacters(
      in: .whitespaces)
  }

  private static func foundationDate(reading text: String) throws -> Double {
    let document = XML.document("<dict><key>dates</key><array><date>\(text)</date></array></dict>\n")
    return try PropertyListDecoder().decode(DatedArray.self, from: Data(document.utf8)).dates[0]
      .timeIntervalSinceReferenceDate
  }

  @Test("dates before and after 1582-10-15 are written and read as Foundation's coders do (seed 2026)")
  func oldDatesAgainstFoundation() throws {
    for seconds in Self.randomDates(seed: 2026, count: 600) + [-63_145_612_800, -13_198_550_400, -13_197_686_400] {
      let value: PropertyList = [.date(PropertyListDate(secondsSinceReferenceDate: seconds))]
      let ours = try XML.text(value)
      let theirs = try Self.foundationText(of: seconds)
      #expect(ours.contains("\t" + theirs + "\n"), "\(seconds): \(theirs)")
      #expect(try XML.read(XML.document("<array>\(theirs)</array>\n")) == value, "\(seconds): \(theirs)")
      #expect(try Self.foundationDate(reading: String(theirs.dropFirst(6).dropLast(7))) == seconds, "\(seconds)")
    }
  }

  @Test(
    "before 1582-10-15 the text is Julian: the instant ISO 8601 calls -0001-12-31 is 0000-01-02, as in Foundation",
    arguments: [
      ("0000-01-02T00:00:00Z", -63_145_612_800), ("1582-10-04T00:00:00Z", -13_197_686_400),
      ("1582-10-15T00:00:00Z", -13_197_600_000), ("1500-02-29T00:00:00Z", -15_804_201_600),
      ("0001-01-03T00:00:00Z", -63_113_904_000),
    ] as [(String, Int64)])
  func julianText(text: String, seconds: Int64) throws {
    let value: PropertyList = [.date(PropertyListDate(secondsSinceReferenceDate: Double(seconds)))]
    #expect(try XML.text(value) == XML.document("<array>\n\t<date>\(text)</date>\n</array>\n"))
    #expect(try XML.read(XML.document("<array><date>\(text)</date></array>\n")) == value)
    #expect(try Self.foundationText(of: Double(seconds)) == "<date>\(text)</date>")
    #expect(try Self.foundationDate(reading: text) == Double(seconds))
  }

  @Test("ISO 8601 outside XML (typed JSON, the API's iso8601) stays proleptic Gregorian")
  func isoStaysGregorian() throws {
    let date = try #require(PropertyListDate(iso8601: "1000-06-01T00:00:00Z"))
    let json = try JSONPropertyListWriter(options: .init(jsonStyle: .typed, prettyPrinted: false)).write(.date(date))
    #expect(String(decoding: json, as: UTF8.self) == "{\"$date\":\"1000-06-01T00:00:00Z\"}")
    #expect(try XML.text(.date(date)).contains("<date>1000-05-26T00:00:00Z</date>"))
    #expect(date.iso8601 == "1000-06-01T00:00:00Z")
  }

  @Test("a negative Julian year keeps its sign, and its month 13 rolls over into the next year")
  func negativeJulianYear() throws {
    let value: PropertyList = [.date(PropertyListDate(secondsSinceReferenceDate: -63_240_307_200))]
    #expect(try XML.read(XML.document("<array><date>-0004-13-01T00:00:00Z</date></array>\n")) == value)
    #expect(try XML.text(value).contains("<date>-0003-01-01T00:00:00Z</date>"))
  }

  @Test(
    "dates the Julian calendar skips or rolls over read as Foundation's decoder reads them",
    arguments: [
      ("1582-10-10T00:00:00Z", -13_197_168_000), ("1500-02-30T00:00:00Z", -15_804_115_200),
      ("1000-13-01T00:00:00Z", -31_556_476_800),
    ] as [(String, Int64)])
  func julianRollover(text: String, seconds: Int64) throws {
    let value: PropertyList = [.date(PropertyListDate(secondsSinceReferenceDate: Double(seconds)))]
    #expect(try XML.read(XML.document("<array><date>\(text)</date></array>\n")) == value)
    #expect(try Self.foundationDate(reading: text) == Double(seconds))
  }

  // MARK: - OpenStep \U escapes

  @Test(
    "\\U without four hex digits is an error at the escape",
    arguments: [
      ("( '\\U' )", 4, "the closing quote"), ("( '\\Ux' )", 4, "'x'"), ("( \"a\\U12\" )", 5, "the closing quote"),
      ("( \"\\U004g\" )", 4, "'g'"), ("( \"\\UD83D\\UDE0\" )", 10, "the closing quote"),
    ])
  func shortUnicodeEscapes(text: String, column: Int, found: String) {
    #expect(
      OpenStepErrorTests.failure(Array(text.utf8))
        == PropertyListError(
          .syntax, format: .openStep, at: .text(line: 1, column: column),
          "\\U must be followed by four hex digits, found \(found)"))
  }

  @Test("\\U with four hex digits reads as before")
  func unicodeEscapes() throws {
    #expect(try PropertyList(bytes: Array("( \"\\U0041\\u00e9\", \"\\UD83D\\UDE00\" )".utf8)) == ["Aé", "😀"])
  }
}
