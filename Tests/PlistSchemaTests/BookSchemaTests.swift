import PlistKit
import Testing

@testable import PlistSchema

/// The schemas in `Schemas/`: each rejects a wrong file, naming every problem.
@Suite struct BookSchemaTests {
  static let repository: String = {
    var components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    components.removeLast(3)  // Tests/PlistSchemaTests/BookSchemaTests.swift
    return components.joined(separator: "/")
  }()

  static func schema(_ name: String) throws -> JSONSchema {
    try JSONSchema(contentsOfFile: "Schemas/\(name).schema.json", currentDirectory: repository)
  }

  /// A file as a schema sees it: JSON as it is written (typed JSON's tags are objects).
  static func read(_ path: String) throws -> PropertyList {
    try PropertyList(
      bytes: PropertyListFile.read(path: repository + "/" + path), options: .init(detectsTypedJSON: false))
  }

  static func errors(_ schemaName: String, _ path: String) throws -> [String] {
    try schema(schemaName).validate(read(path)).map(\.description)
  }

  @Test func presidentsSchemaRejectsAWrongFile() throws {
    #expect(
      try Self.errors("presidents", "Tests/PlistSchemaTests/Fixtures/Invalid/presidents.json") == [
        "at Presidents.1.President: expected a number at least 1, found 0 (schema #/properties/Presidents/items/properties/President/minimum)",
        "at Presidents.1.FromYear: expected a string matching \"^[0-9]{4}$\", found \"17a7\" (schema #/properties/Presidents/items/properties/FromYear/pattern)",
        "at Presidents.1.ToYear: expected string, found integer (schema #/properties/Presidents/items/properties/ToYear/type)",
        "at Presidents.2: expected the required property \"Party\", found it missing (schema #/properties/Presidents/items/required)",
        "at Presidents.2.$class: expected \"President\", found \"Person\" (schema #/properties/Presidents/items/properties/$class/const)",
        "at Presidents.2.Name: expected at least 1 character, found 0 (schema #/properties/Presidents/items/properties/Name/minLength)",
      ])
  }

  @Test func sortedNamesSchemaRejectsAWrongFile() throws {
    #expect(
      try Self.errors("sortednames", "Tests/PlistSchemaTests/Fixtures/Invalid/sortednames.json") == [
        "at A.2: expected a string matching \"^A\", found \"Bob\" (schema #/patternProperties/^A$/items/pattern)",
        "at B: expected at least 1 item, found 0 (schema #/$defs/names/minItems)",
        "at ch: expected a string matching \"^[A-Z]$\", found \"ch\" (schema #/propertyNames/pattern)",
      ])
  }

  @Test func computersSchemaRejectsAWrongFile() throws {
    #expect(
      try Self.errors("computers", "Tests/PlistSchemaTests/Fixtures/Invalid/computers.json") == [
        "at (root): expected a value matching at least one of the 2 anyOf schemas, matched none (schema #/anyOf)",
        "at 1: expected at least 1 character, found 0 (schema #/anyOf/0/items/minLength)",
        "at 2: expected string, found integer (schema #/anyOf/0/items/type)",
      ])
    #expect(try Self.schema("computers").validate([["Name": "iMac", "Color": "Bondi Blue"]]) == [])
    #expect(
      try Self.schema("computers").validate([["Name": "iMac"]]).map(\.description) == [
        "at (root): expected a value matching at least one of the 2 anyOf schemas, matched none (schema #/anyOf)",
        "at 0: expected the required property \"Color\", found it missing (schema #/$defs/computer/required)",
      ])
  }

  @Test func menuSchemaRejectsAWrongFile() throws {
    #expect(
      try Self.errors("menu", "Tests/PlistSchemaTests/Fixtures/Invalid/menu.json") == [
        "at 1.menu: expected at least 1 item, found 0 (schema #/items/properties/menu/minItems)",
        "at 2: expected the required property \"title\", found it missing (schema #/items/required)",
        "at 2: unexpected property \"price\": the schema allows no other properties (schema #/items/additionalProperties)",
      ])
  }

  @Test func typedJSONSchemaAcceptsWhatTheTypedWriterWrites() throws {
    let value: PropertyList = [
      "text": "x", "count": 3, "ratio": .real(.nan), "big": .real(-.infinity),
      "when": .date(PropertyListDate(secondsSinceReferenceDate: 0)),
      "odd date": .date(PropertyListDate(secondsSinceReferenceDate: 0.5)), "bytes": .data([0, 1, 2]), "ref": .uid(7),
      "tag-like": ["$uid": "not a UID"], "list": [true, 1.5, ["a": []]],
    ]
    let typed = try value.serialized(as: .json, options: PropertyListWritingOptions(jsonStyle: .typed))
    let plainView = try PropertyList(bytes: typed, format: .json, options: .init(detectsTypedJSON: false))
    #expect(try Self.schema("typed-json").validate(plainView) == [])
  }

  @Test func typedJSONSchemaRejectsAWrongFile() throws {
    // Every anyOf failure is followed by the errors of its closest branch.
    let value =
      "expected a value matching at least one of the 4 anyOf schemas, matched none (schema #/$defs/value/anyOf)"
    #expect(
      try Self.errors("typed-json", "Tests/PlistSchemaTests/Fixtures/Invalid/typed.json") == [
        "at (root): \(value)",
        "at when: \(value)",
        "at when.$date: expected a value matching at least one of the 3 anyOf schemas, matched none (schema #/$defs/tag/properties/$date/anyOf)",
        "at when.$date: expected a string matching \"^-?[0-9]{4,}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\\\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})$\", found \"yesterday\" (schema #/$defs/tag/properties/$date/anyOf/1/pattern)",
        "at bytes: \(value)",
        "at bytes.$data: expected a string matching \"^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$\", found \"AAE\" (schema #/$defs/tag/properties/$data/pattern)",
        "at ref: \(value)",
        "at ref.$uid: expected a number at least 0, found -1 (schema #/$defs/tag/properties/$uid/minimum)",
        "at ratio: \(value)",
        "at ratio.$real: expected a value matching at least one of the 2 anyOf schemas, matched none (schema #/$defs/tag/properties/$real/anyOf)",
        "at ratio.$real: expected a string matching \"^(NaN(:0x[0-9a-f]{16})?|-?Infinity)$\", found \"nan\" (schema #/$defs/tag/properties/$real/anyOf/1/pattern)",
        "at list: \(value)",
        "at list.1: \(value)",
        "at list.1.$dict: expected object, found integer (schema #/$defs/tag/properties/$dict/type)",
      ])
  }
}

extension BookSchemaTests {
  @Test func theXMLSamplesAreValid() throws {
    #expect(try Self.schema("computers").validate(Self.read("Samples/computers.plist")) == [])
    #expect(try Self.schema("sortednames").validate(Self.read("Samples/sortednames.plist")) == [])
    #expect(try Self.schema("menu").validate(Self.read("Samples/koreanmenu.plist")) == [])
    // A sample of another shape fails at every item (227 names, none a menu group).
    let errors = try Self.schema("menu").validate(Self.read("Samples/computers.plist"))
    #expect(errors.count == 227)
    #expect(errors.first?.description == "at 0: expected object, found string (schema #/items/type)")
  }
}
