import PlistKit
import Testing

@testable import PlistSchema

@Suite struct KeywordTests {
  @Test func typeAndRequired() throws {
    let schema = try JSONSchema(["type": "object", "required": ["a"], "properties": ["a": ["type": "integer"]]])
    #expect(schema.validate(["a": 1]).isEmpty)
    #expect(schema.validate(["a": 1.0]).isEmpty)
    let errors = schema.validate(["a": "x"])
    #expect(errors.map(\.description) == ["at a: expected integer, found string (schema #/properties/a/type)"])
  }
}
