import PlistKit
import Testing

@testable import PlistSchema

/// Error messages and locations, keyword by keyword.
@Suite struct KeywordTests {
  private func errors(_ schema: PropertyList, _ instance: PropertyList) throws -> [String] {
    try JSONSchema(schema).validate(instance).map(\.description)
  }

  @Test func typeNamesExpectedAndFound() throws {
    let schema: PropertyList = ["type": "object", "properties": ["a": ["type": "integer"]]]
    #expect(try errors(schema, ["a": 1]) == [])
    #expect(try errors(schema, ["a": 1.0]) == [])
    #expect(try errors(schema, ["a": 1.5]) == ["at a: expected integer, found number (schema #/properties/a/type)"])
    #expect(try errors(schema, [1]) == ["at (root): expected object, found array (schema #/type)"])
    #expect(
      try errors(["type": ["string", "null"]], 3) == [
        "at (root): expected string or null, found integer (schema #/type)"
      ])
  }

  @Test func everyErrorIsReported() throws {
    let schema: PropertyList = [
      "type": "object", "required": ["a", "b"],
      "properties": ["c": ["minLength": 2], "d": ["maximum": 3]],
    ]
    #expect(
      try errors(schema, ["c": "x", "d": 4]) == [
        "at (root): expected the required property \"a\", found it missing (schema #/required)",
        "at (root): expected the required property \"b\", found it missing (schema #/required)",
        "at c: expected at least 2 characters, found 1 (schema #/properties/c/minLength)",
        "at d: expected a number at most 3, found 4 (schema #/properties/d/maximum)",
      ])
  }

  @Test func constAndEnumCompareAsJSON() throws {
    #expect(try errors(["const": 1], 1.0) == [])
    #expect(try errors(["const": ["a": [1, 2]]], ["a": [1.0, 2]]) == [])
    #expect(try errors(["const": 1], true) == ["at (root): expected 1, found true (schema #/const)"])
    #expect(try errors(["enum": ["a", 2]], 2.0) == [])
    #expect(
      try errors(["enum": ["a", 2]], "b") == ["at (root): expected one of \"a\", 2, found \"b\" (schema #/enum)"])
    // Objects compare without regard to key order.
    #expect(try errors(["const": ["x": 1, "y": 2]], ["y": 2, "x": 1]) == [])
    // Strings compare by scalars: a decomposed é is not a precomposed one.
    #expect(
      try errors(["const": "\u{E9}"], "e\u{301}") == [
        "at (root): expected \"\u{E9}\", found \"e\u{301}\" (schema #/const)"
      ])
  }

  @Test func nullInConstAndEnumCompilesAndNeverMatches() throws {
    func errors(_ schema: String, _ instance: PropertyList) throws -> [String] {
      try JSONSchema(json: Array(schema.utf8)).validate(instance).map(\.description)
    }
    let enumSchema = #"{"enum": [6, null, {"a": null}, [null]], "default": null, "examples": [null]}"#
    #expect(try errors(enumSchema, 6) == [])
    #expect(
      try errors(enumSchema, "x") == [
        #"at (root): expected one of 6, null, {"a":null}, [null], found "x" (schema #/enum)"#
      ])
    #expect(try errors(enumSchema, ["a": ["CF$UID": .integer(UInt64.max)]]).count == 1)
    #expect(try errors(enumSchema, .uid(UInt64.max)).count == 1)
    #expect(try errors(#"{"const": null}"#, 0) == ["at (root): expected null, found 0 (schema #/const)"])
    #expect(try errors(#"{"const": null}"#, .uid(UInt64.max)).count == 1)
    #expect(try errors(#"{"const": [null, 1]}"#, [1]).count == 1)
    #expect(try errors(#"{"properties": {"a": {"const": null}}}"#, ["b": 1]) == [])
    // Where a schema is required, null is an error that names it.
    #expect(throws: SchemaError(at: "#/minimum", "expected a number, found null")) {
      try JSONSchema(json: Array(#"{"minimum": null}"#.utf8))
    }
  }

  @Test func numbersCompareExactly() throws {
    let big = PropertyList.integer(UInt64.max)
    #expect(try errors(["maximum": big], big) == [])
    #expect(
      try errors(["exclusiveMaximum": big], big) == [
        "at (root): expected a number below 18446744073709551615, found 18446744073709551615 (schema #/exclusiveMaximum)"
      ])
    // 2^53 + 1 is not representable as a Double: a comparison through Double would call them equal.
    let above = PropertyList.integer(Int64(9_007_199_254_740_993))
    #expect(
      try errors(["maximum": 9_007_199_254_740_992.0], above) == [
        "at (root): expected a number at most 9007199254740992.0, found 9007199254740993 (schema #/maximum)"
      ])
    #expect(try errors(["minimum": 0.5], 1) == [])
    #expect(
      try errors(["minimum": 1.5], 1) == ["at (root): expected a number at least 1.5, found 1 (schema #/minimum)"])
    #expect(
      try errors(["exclusiveMinimum": -1], .real(.nan)) == [
        "at (root): expected a number above -1, found nan (schema #/exclusiveMinimum)"
      ])
  }

  @Test func multipleOfIsExactForIntegersAndDecimalForReals() throws {
    #expect(try errors(["multipleOf": 0.0001], 0.0075) == [])
    #expect(try errors(["multipleOf": 0.01], 19.99) == [])
    #expect(
      try errors(["multipleOf": 0.0001], 0.00751) == [
        "at (root): expected a multiple of 0.0001, found 0.00751 (schema #/multipleOf)"
      ])
    #expect(try errors(["multipleOf": 3], .integer(UInt64.max)) == [])
    #expect(
      try errors(["multipleOf": 7], .integer(UInt64.max)) == [
        "at (root): expected a multiple of 7, found 18446744073709551615 (schema #/multipleOf)"
      ])
    #expect(try errors(["multipleOf": 2], .integer(Int64.min)) == [])
    #expect(try errors(["multipleOf": 0.5], 1e308) == [])
    #expect(
      try errors(["multipleOf": 1.5], .real(.infinity)) == [
        "at (root): expected a multiple of 1.5, found inf (schema #/multipleOf)"
      ])
  }

  @Test func lengthCountsCodePoints() throws {
    #expect(try errors(["maxLength": 2], "🐲é") == [])
    #expect(
      try errors(["maxLength": 2], "e\u{301}x") == [
        "at (root): expected at most 2 characters, found 3 (schema #/maxLength)"
      ])
  }

  @Test func arrays() throws {
    let schema: PropertyList = [
      "prefixItems": [["type": "string"]], "items": false, "minItems": 1, "uniqueItems": true,
    ]
    #expect(try errors(schema, ["a"]) == [])
    #expect(try errors(schema, ["a", 1]) == ["at (root): expected at most 1 item, found 2 (schema #/items)"])
    #expect(try errors(schema, []) == ["at (root): expected at least 1 item, found 0 (schema #/minItems)"])
    #expect(
      try errors(["uniqueItems": true], [1, "x", 1.0]) == [
        "at (root): expected unique items, found 1.0 at indices 0 and 2 (schema #/uniqueItems)"
      ])
    #expect(
      try errors(["contains": ["type": "integer"], "maxContains": 1], [1, "a", 2]) == [
        "at (root): expected at most 1 item matching the contains schema, found 2 (schema #/maxContains)"
      ])
    #expect(
      try errors(["contains": ["type": "integer"]], ["a"]) == [
        "at (root): expected at least 1 item matching the contains schema, found 0 (schema #/contains)"
      ])
  }

  @Test func objects() throws {
    let schema: PropertyList = [
      "properties": ["a": true], "patternProperties": ["^x-": ["type": "string"]], "additionalProperties": false,
      "propertyNames": ["maxLength": 4], "dependentRequired": ["a": ["b"]],
    ]
    #expect(try errors(schema, ["x-1": "s"]) == [])
    #expect(
      try errors(schema, ["a": 1, "x-1": 2, "zz": 3]) == [
        "at (root): expected the property \"b\" (required when \"a\" is present), found it missing (schema #/dependentRequired/a)",
        "at x-1: expected string, found integer (schema #/patternProperties/^x-/type)",
        "at (root): unexpected property \"zz\": the schema allows no other properties (schema #/additionalProperties)",
      ])
    #expect(
      try errors(["propertyNames": ["maxLength": 2]], ["abc": 1]) == [
        "at abc: expected at most 2 characters, found 3 (schema #/propertyNames/maxLength)"
      ])
  }

  @Test func combinators() throws {
    #expect(
      try errors(["anyOf": [["type": "string"], ["type": "integer"]]], true) == [
        "at (root): expected a value matching at least one of the 2 anyOf schemas, matched none (schema #/anyOf)",
        "at (root): expected string, found boolean (schema #/anyOf/0/type)",
      ])
    // The closest branch is the one that gets furthest into the value.
    #expect(
      try errors(["oneOf": [["type": "string"], ["items": ["type": "string"]]]], ["a", 1]) == [
        "at (root): expected a value matching exactly one of the 2 oneOf schemas, matched none (schema #/oneOf)",
        "at 1: expected string, found integer (schema #/oneOf/1/items/type)",
      ])
    #expect(
      try errors(["oneOf": [["type": "integer"], ["minimum": 0]]], 1) == [
        "at (root): expected a value matching exactly one of the 2 oneOf schemas, matched 2 (at positions 0, 1) (schema #/oneOf)"
      ])
    #expect(
      try errors(["not": ["type": "string"]], "s") == [
        "at (root): expected a value that does not match the \"not\" schema, found one that does (schema #/not)"
      ])
    let conditional: PropertyList = ["if": ["minimum": 10], "then": ["multipleOf": 10], "else": ["maximum": 5]]
    #expect(try errors(conditional, 20) == [])
    #expect(
      try errors(conditional, 15) == ["at (root): expected a multiple of 10, found 15 (schema #/then/multipleOf)"])
    #expect(try errors(conditional, 7) == ["at (root): expected a number at most 5, found 7 (schema #/else/maximum)"])
  }

  @Test func unevaluatedPropertiesSeeThroughReferences() throws {
    let schema: PropertyList = [
      "$defs": ["base": ["properties": ["id": ["type": "integer"]]]],
      "$ref": "#/$defs/base",
      "properties": ["name": ["type": "string"]],
      "unevaluatedProperties": false,
    ]
    #expect(try errors(schema, ["id": 1, "name": "x"]) == [])
    #expect(
      try errors(schema, ["id": 1, "extra": true]) == [
        "at (root): unexpected property \"extra\": the schema does not evaluate it and allows no others (schema #/unevaluatedProperties)"
      ])
  }

  @Test func falseSchemaAndDeepPaths() throws {
    let schema: PropertyList = ["properties": ["a": ["items": ["properties": ["b.c": false]]]]]
    #expect(
      try errors(schema, ["a": [["b.c": 1]]]) == [
        "at a.0.b\\.c: no value is allowed here (the schema is false) (schema #/properties/a/items/properties/b.c)"
      ])
    #expect(try JSONSchema(schema).validate(["a": [["b.c": 1]]]).first?.instancePath.components == ["a", "0", "b.c"])
  }

  @Test func patternsFollowECMA262() throws {
    #expect(
      try errors(["pattern": "^\\d+$"], "\u{0967}") == [
        "at (root): expected a string matching \"^\\\\d+$\", found \"\u{0967}\" (schema #/pattern)"
      ])
    #expect(try errors(["pattern": "^\\s$"], "\u{FEFF}") == [])
    #expect(try errors(["pattern": "^.$"], "🐲") == [])
    #expect(try errors(["pattern": "^\\cJ$"], "\n") == [])
    #expect(try errors(["pattern": "b"], "abc") == [])  // unanchored
  }

  @Test func formatIsAnAnnotationUnlessAsserted() throws {
    let schema: PropertyList = ["format": "date-time"]
    #expect(try JSONSchema(schema).validate("yesterday") == [])
    let asserting = try JSONSchema(schema, options: JSONSchema.Options(assertsFormat: true))
    #expect(asserting.validate("2001-01-01T00:00:00Z") == [])
    #expect(
      asserting.validate("yesterday").map(\.description) == [
        "at (root): expected a string in the date-time format, found \"yesterday\" (schema #/format)"
      ])
  }

  @Test func booleanSchemas() throws {
    #expect(try JSONSchema(true).validate(["anything": [1]]) == [])
    #expect(try errors(false, 1) == ["at (root): no value is allowed here (the schema is false) (schema #)"])
  }
}
