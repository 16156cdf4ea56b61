import PlistKit
import Testing

@testable import PlistSchema

/// `$ref`, `$dynamicRef` and where documents come from.
@Suite struct ReferenceTests {
  static let fixtures: String = {
    var components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    components.removeLast()
    return components.joined(separator: "/") + "/Fixtures/References"
  }()

  @Test func referencesResolveAcrossFilesOnDisk() throws {
    let schema = try JSONSchema(contentsOfFile: Self.fixtures + "/event.schema.json", currentDirectory: "/")
    #expect(schema.validate(["year": "1789", "span": ["1789", "1797"]]) == [])
    let errors = schema.validate(["year": "89", "span": ["1789", 1797]])
    let other = SchemaRegistry.fileURI(path: Self.fixtures + "/common/year.schema.json", currentDirectory: "/")
    #expect(
      errors.map(\.description) == [
        "at year: expected a string matching \"^[0-9]{4}$\", found \"89\" (schema \(other)#/pattern)",
        "at span.1: expected string, found integer (schema \(other)#/type)",
      ])
  }

  @Test func relativeSchemaPathsResolveAgainstTheCurrentDirectory() throws {
    let schema = try JSONSchema(contentsOfFile: "References/event.schema.json", currentDirectory: Self.fixtures + "/..")
    #expect(schema.validate(["year": "x"]).count == 1)
  }

  @Test func remoteReferencesNeverTouchTheNetwork() throws {
    #expect(
      throws: SchemaError(
        at: "#/$ref",
        "cannot resolve https://example.com/schemas/nowhere.json: no local copy of the schema https://example.com/schemas/nowhere.json: schemas are never fetched from the network; add the document to the registry or map its URI to a directory"
      )
    ) {
      try JSONSchema(contentsOfFile: Self.fixtures + "/remote.schema.json", currentDirectory: "/")
    }
  }

  @Test func registeredDocumentsAndMappedDirectoriesResolve() throws {
    var registry = SchemaRegistry()
    registry.add(["type": "integer"], uri: "https://example.com/int.json")
    registry.map(prefix: "https://example.com/files/", toDirectory: Self.fixtures)
    let schema = try JSONSchema(
      [
        "properties": [
          "a": ["$ref": "https://example.com/int.json"],
          "b": ["$ref": "https://example.com/files/common/year.schema.json"],
        ]
      ],
      registry: registry)
    #expect(schema.validate(["a": 1, "b": "2001"]) == [])
    #expect(schema.validate(["a": "1", "b": "01"]).count == 2)
  }

  @Test func mappedDirectoriesRefuseClimbingOut() {
    var registry = SchemaRegistry()
    registry.map(prefix: "https://example.com/files/", toDirectory: Self.fixtures)
    #expect(
      throws: SchemaError(
        at: "#/$ref",
        "cannot resolve https://example.com/files/%2E%2E/etc/passwd: a mapped schema URI may not climb out of its directory with '..'"
      )
    ) {
      try JSONSchema(["$ref": "https://example.com/files/%2E%2E/etc/passwd"], registry: registry)
    }
  }

  @Test func theMetaSchemaIsBuiltIn() throws {
    let metaSchema = try JSONSchema(["$ref": "https://json-schema.org/draft/2020-12/schema"])
    #expect(metaSchema.validate(["type": "string", "minLength": 1]) == [])
    #expect(
      metaSchema.validate(["minLength": -1]).map(\.description) == [
        "at minLength: expected a number at least 0, found -1 (schema https://json-schema.org/draft/2020-12/meta/validation#/$defs/nonNegativeInteger/minimum)"
      ])
  }

  @Test func dynamicReferencesFollowTheDynamicScope() throws {
    // A generic list whose item type is filled in by the schema that extends it.
    var registry = SchemaRegistry()
    registry.add(
      [
        "$id": "https://example.com/list", "$defs": ["item": ["$dynamicAnchor": "item"]],
        "type": "array", "items": ["$dynamicRef": "#item"],
      ],
      uri: "https://example.com/list")
    let strings = try JSONSchema(
      [
        "$id": "https://example.com/strings", "$ref": "list",
        "$defs": ["item": ["$dynamicAnchor": "item", "type": "string"]],
      ],
      registry: registry)
    #expect(strings.validate(["a", "b"]) == [])
    #expect(
      strings.validate(["a", 2]).map(\.description) == [
        "at 1: expected string, found integer (schema #/$defs/item/type)"
      ])
  }

  @Test func recursionWithoutProgressStops() throws {
    let errors = try JSONSchema(["$ref": "#"]).validate(1)
    #expect(
      errors.map(\.message) == [
        "evaluation is nested more than 1024 levels deep: the schema recurses without progress"
      ])
  }

  @Test func malformedSchemasAreUnusable() {
    #expect(throws: SchemaError(at: "#/properties/a/minLength", "expected a non-negative integer, found -1")) {
      try JSONSchema(["properties": ["a": ["minLength": -1]]])
    }
    #expect(
      throws: SchemaError(
        at: "#/type", "expected a type name (null, boolean, object, array, number, string, integer), found \"text\"")
    ) {
      try JSONSchema(["type": "text"])
    }
    #expect(
      throws: SchemaError(at: "#/$ref", "cannot resolve urn:plistkit:schema#/$defs/missing: the pointer leads nowhere")
    ) {
      try JSONSchema(["$ref": "#/$defs/missing"])
    }
    #expect(throws: SchemaError(at: "#/allOf/0", "expected a schema (an object or a boolean), found integer")) {
      try JSONSchema(["allOf": [1]])
    }
  }

  @Test func unsupportedPatternsAreReported() {
    #expect(
      throws: SchemaError(
        at: "#/pattern",
        "invalid regular expression \"(?i)b\": '(?' must be followed by ':', '=', '!', '<=', '<!' or '<name>'")
    ) { try JSONSchema(["pattern": "(?i)b"]) }
    #expect(
      throws: SchemaError(
        at: "#/patternProperties/a\\z", "invalid regular expression \"a\\\\z\": \\z is not an escape ECMA-262 has")
    ) { try JSONSchema(["patternProperties": ["a\\z": true]]) }
  }
}
