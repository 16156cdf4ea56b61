import PlistKit
import Testing

@testable import PlistSchema

/// Property-list values that JSON does not have are validated as their plain JSON forms.
@Suite struct PlistViewTests {
  @Test func datesAreISOStrings() throws {
    let date = PropertyList.date(PropertyListDate(secondsSinceReferenceDate: 0))
    #expect(try JSONSchema(["type": "string", "pattern": "^2001-01-01T00:00:00Z$"]).validate(date) == [])
    #expect(try JSONSchema(["const": "2001-01-01T00:00:00Z"]).validate(date) == [])
    #expect(try JSONSchema(["maxLength": 20]).validate(date) == [])
    let errors = try JSONSchema(["type": "integer"]).validate(date)
    #expect(errors.map(\.message) == ["expected integer, found string (a date)"])
    let asserting = try JSONSchema(["format": "date-time"], options: JSONSchema.Options(assertsFormat: true))
    #expect(asserting.validate(date) == [])
  }

  @Test func dataIsBase64() throws {
    let data = PropertyList.data([0, 1, 2, 255])
    #expect(try JSONSchema(["const": "AAEC/w=="]).validate(data) == [])
    #expect(try JSONSchema(["type": "array"]).validate(data).map(\.message) == ["expected array, found string (data)"])
  }

  @Test func uidsAreCFUIDObjects() throws {
    let schema = try JSONSchema([
      "type": "object", "required": ["CF$UID"], "properties": ["CF$UID": ["type": "integer", "maximum": 10]],
    ])
    #expect(schema.validate(.uid(7)) == [])
    #expect(
      schema.validate(.uid(11)).map(\.description) == [
        "at CF$UID: expected a number at most 10, found 11 (schema #/properties/CF$UID/maximum)"
      ])
    #expect(try JSONSchema(["const": ["CF$UID": 3]]).validate(.uid(3)) == [])
  }

  @Test func uniqueItemsUsesTheJSONView() throws {
    let date = PropertyList.date(PropertyListDate(secondsSinceReferenceDate: 0))
    #expect(
      try JSONSchema(["uniqueItems": true]).validate([date, "2001-01-01T00:00:00Z"]).map(\.message) == [
        "expected unique items, found \"2001-01-01T00:00:00Z\" at indices 0 and 1"
      ])
    #expect(try JSONSchema(["uniqueItems": true]).validate([["a": 1, "b": 2], ["b": 2, "a": 1.0]]).count == 1)
    #expect(try JSONSchema(["uniqueItems": true]).validate([0.0, -0.0]).count == 1)
    #expect(try JSONSchema(["uniqueItems": true]).validate([1, true, "1"]) == [])
  }

  @Test func nullNeverMatches() throws {
    #expect(try JSONSchema(["type": "null"]).validate("").map(\.message) == ["expected null, found string"])
  }
}
