import PlistKit
import PlistSchema
import Testing

/// The examples of the module's documentation (`PlistSchema.docc`), run.
@Suite struct DocumentationExampleTests {
  @Test func theOverviewExamples() throws {
    let schema = try JSONSchema(json: Array(#"{"type": "array", "items": {"type": "string", "minLength": 1}}"#.utf8))
    #expect(schema.validate(["Apple I", "Lisa"]) == [])
    #expect(
      schema.validate(["Apple I", ""]).map(\.description) == [
        "at 1: expected at least 1 character, found 0 (schema #/items/minLength)"
      ])
    #expect(PropertyListDTD.apple.validate(xml: Array("<plist version=\"1.0\"><string>x</string></plist>".utf8)) == [])
  }
}
