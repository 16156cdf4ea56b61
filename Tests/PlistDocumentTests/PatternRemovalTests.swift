import PlistDocument
import PlistKit
import Testing

/// Removing every value a wildcard names is one batch: the work over the whole text does not
/// grow with the number of matches (one removal after another scanned the text again for each:
/// 192 s for 16,000 records).
@Suite("Removing by wildcard")
struct PatternRemovalTests {
  static func records(_ count: Int, format: PropertyListFormat) throws -> [UInt8] {
    let value = PropertyList.array(
      (0..<count).map {
        ["i": format == .openStep ? .string("\($0)") : .integer(Int64($0)), "name": .string("n\($0)")]
      })
    return try value.serialized(as: format)
  }

  @Test(arguments: [PropertyListFormat.xml, .json, .openStep])
  func removingAKeyFromEveryRecordScansTheTextAFewTimes(format: PropertyListFormat) throws {
    let bytes = try Self.records(3_000, format: format)
    var document = try PropertyListDocument(bytes: bytes, format: format)
    let removed = try document.removeValues(matching: "*.i")
    #expect(removed.count == 3_000)
    #expect(document.syntaxScans <= 4, "\(document.syntaxScans) scans of the text")
    var value = try PropertyList(bytes: bytes, format: format)
    try value.removeValues(matching: "*.i")
    #expect(try PropertyList(bytes: document.bytes, format: format) == value)
  }

  /// Neighbouring entries of one container go in rounds that each take every other one: the
  /// passes grow with the logarithm of the count, not with the count.
  @Test func removingEveryElementOfAnArray() throws {
    var document = try PropertyListDocument(bytes: try Self.records(2_000, format: .xml))
    try document.removeValues(matching: "*")
    #expect(document.syntaxScans <= 2 * 11 + 2, "\(document.syntaxScans) scans of the text")
    #expect(try document.value == [])
  }

  /// A match inside another match goes with it: the batch gets only the outer one.
  @Test func nestedMatchesGoWithTheirContainer() throws {
    let text = "{ a = { a = 1; b = 2; }; b = 3; }"
    var document = try PropertyListDocument(bytes: Array(text.utf8))
    var value = try PropertyList(bytes: Array(text.utf8))
    let paths = try document.removeValues(matching: "*")
    try value.removeValues(matching: "*")
    #expect(paths.map(\.description) == ["a", "b"])
    #expect(try document.value == value)
  }
}
