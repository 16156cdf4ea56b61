import PlistKit
import Testing

@testable import PlistSchema

/// Schemas and instances nested as deep as hostile input can make them. Evaluation runs on a
/// thread whose stack is measured to hold ``SchemaEvaluator/maximumDepth`` levels in every
/// build, AddressSanitizer included, so these run from the test's own small-stacked thread and
/// must end with an error that says where, never with a crash.
@Suite struct DepthTests {
  /// `leaf` inside `depth` arrays (or single-entry dictionaries keyed "a").
  static func nested(_ depth: Int, dictionaries: Bool = false, leaf: PropertyList = 1) -> PropertyList {
    var value = leaf
    for _ in 0..<depth { value = dictionaries ? ["a": value] : [value] }
    return value
  }

  static let tooDeep =
    "evaluation is nested more than 1024 levels deep: the value is nested too deep here, or the schema recurses without progress"

  // Each level of these instances takes two levels of evaluation (the root schema, then the
  // `$ref` back to it), so 511 levels fit within 1,024 and the 512th is one too many.
  @Test(arguments: [false, true])
  func anInstanceJustWithinTheBoundIsValidated(dictionaries: Bool) throws {
    let schema = try JSONSchema(
      dictionaries ? ["properties": ["a": ["$ref": "#"]]] : ["items": ["$ref": "#"]])
    #expect(schema.validate(Self.nested(511, dictionaries: dictionaries)) == [])
    #expect(schema.isValid(Self.nested(511, dictionaries: dictionaries)))
    let wrongLeaf = try JSONSchema(
      dictionaries
        ? ["properties": ["a": ["$ref": "#"]], "type": "object"] : ["items": ["$ref": "#"], "type": "array"])
    let errors = wrongLeaf.validate(Self.nested(511, dictionaries: dictionaries))
    #expect(
      errors == [
        SchemaValidationError(
          instancePath: PropertyListKeyPath(components: Array(repeating: dictionaries ? "a" : "0", count: 511)),
          schemaLocation: "#/type", message: "expected \(dictionaries ? "object" : "array"), found integer")
      ])
  }

  @Test(arguments: [false, true])
  func anInstanceDeeperThanTheBoundIsAnError(dictionaries: Bool) throws {
    let schema = try JSONSchema(
      dictionaries ? ["properties": ["a": ["$ref": "#"]]] : ["items": ["$ref": "#"]])
    let expected = SchemaValidationError(
      instancePath: PropertyListKeyPath(components: Array(repeating: dictionaries ? "a" : "0", count: 512)),
      schemaLocation: "#", message: Self.tooDeep)
    #expect(schema.validate(Self.nested(512, dictionaries: dictionaries)) == [expected])
    // Far deeper than any reader lets through: the same single error, at the same place.
    #expect(schema.validate(Self.nested(5_000, dictionaries: dictionaries)) == [expected])
    #expect(!schema.isValid(Self.nested(5_000, dictionaries: dictionaries)))
  }

  @Test func aSchemaThatRecursesWithoutProgressIsAnErrorAtTheRoot() throws {
    // Through every applicator that can lead back to the root without consuming the instance.
    let schemas: [PropertyList] = [
      ["$ref": "#"], ["allOf": [["$ref": "#"]]], ["anyOf": [["$ref": "#"]]], ["oneOf": [["$ref": "#"]]],
      ["if": ["$ref": "#"], "then": true], ["if": true, "then": ["$ref": "#"]],
      ["$dynamicAnchor": "node", "$dynamicRef": "#node"],
    ]
    for document in schemas {
      let errors = try JSONSchema(document).validate(1)
      #expect(
        errors.first?.message == "evaluation is nested more than 1024 levels deep: the schema recurses without progress"
      )
      #expect(errors.first?.instancePath.components == [])
    }
  }

  @Test func aSchemaNestedDeeperThanTheCompilerAllowsIsRefused() {
    var schema: PropertyList = ["type": "string"]
    for _ in 0..<300 { schema = ["items": schema] }
    let location = "#" + String(repeating: "/items", count: 257)
    #expect(throws: SchemaError(at: location, "the schema is nested more than 256 levels deep")) {
      try JSONSchema(schema)
    }
  }

  @Test func aSchemaNestedToTheCompilersLimitWorks() throws {
    var schema: PropertyList = ["type": "string"]
    for _ in 0..<256 { schema = ["items": schema] }
    let schemaLocation = "#" + String(repeating: "/items", count: 256) + "/type"
    #expect(
      try JSONSchema(schema).validate(Self.nested(256)) == [
        SchemaValidationError(
          instancePath: PropertyListKeyPath(components: Array(repeating: "0", count: 256)),
          schemaLocation: schemaLocation, message: "expected string, found integer")
      ])
  }

  @Test func constAndEnumCompareDeepValuesWithoutRecursion() throws {
    // Deeper than the evaluation bound: `const` and `enum` look at the whole value at once.
    let deep = Self.nested(20_000, dictionaries: true, leaf: "x")
    let other = Self.nested(20_000, dictionaries: true, leaf: "y")
    #expect(deep.jsonEquals(Self.nested(20_000, dictionaries: true, leaf: "x")))
    #expect(!deep.jsonEquals(other))
    let schema = try JSONSchema(["const": deep])
    #expect(schema.validate(Self.nested(20_000, dictionaries: true, leaf: "x")) == [])
    #expect(schema.validate(other).map(\.schemaLocation) == ["#/const"])
    let enumeration = try JSONSchema(["enum": [deep, 1]])
    #expect(enumeration.isValid(Self.nested(20_000, dictionaries: true, leaf: "x")))
    #expect(!enumeration.isValid(other))
  }
}
