import Foundation
import PlistKit
import Testing

/// `plistkit validate --schema`, `--dtd` and `--format json`.
@Suite("validate with a schema or the DTD")
struct SchemaValidationTests {
  static func schema(_ name: String) -> String { CLI.root.appendingPathComponent("Schemas/\(name).schema.json").path }
  static func invalid(_ name: String) -> String {
    CLI.root.appendingPathComponent("Tests/PlistSchemaTests/Fixtures/Invalid/\(name)").path
  }

  @Test("every sample validates against its schema, archives through their plain view")
  func samplesAreValid() throws {
    let pairs = [
      ("Presidents.plist", "presidents"), ("computers.plist", "computers"), ("sortednames.plist", "sortednames"),
      ("koreanmenu.plist", "menu"),
    ]
    for (sample, schema) in pairs {
      let run = try CLI.run(["validate", CLI.sample(sample), "--schema", Self.schema(schema)])
      #expect(run.status == 0, "\(sample)")
      #expect(run.output == "\(CLI.sample(sample)): OK\n")
      #expect(run.stderr == "")
    }
  }

  @Test("a schema checks JSON as it is written: typed JSON's tags are objects to it, not values")
  func typedJSONAsWritten() throws {
    let file = Self.invalid("typed.json")
    let run = try CLI.run(["validate", file, "--schema", Self.schema("typed-json")])
    #expect(run.status == 1)
    #expect(run.stderr == "")
    #expect(run.output.contains("\(file): at ref.$uid: expected a number at least 0, found -1"))
  }

  @Test("a wrong file prints every error with its key path and schema location, and exits 1")
  func wrongFile() throws {
    let file = Self.invalid("presidents.json")
    let run = try CLI.run(["validate", file, "--schema", Self.schema("presidents")])
    #expect(run.status == 1)
    let items = "#/properties/Presidents/items"
    #expect(
      run.output == """
        \(file): at Presidents.1.President: expected a number at least 1, found 0 (schema \(items)/properties/President/minimum)
        \(file): at Presidents.1.FromYear: expected a string matching "^[0-9]{4}$", found "17a7" (schema \(items)/properties/FromYear/pattern)
        \(file): at Presidents.1.ToYear: expected string, found integer (schema \(items)/properties/ToYear/type)
        \(file): at Presidents.2: expected the required property "Party", found it missing (schema \(items)/required)
        \(file): at Presidents.2.$class: expected "President", found "Person" (schema \(items)/properties/$class/const)
        \(file): at Presidents.2.Name: expected at least 1 character, found 0 (schema \(items)/properties/Name/minLength)

        """)
    #expect(run.stderr == "")
  }

  @Test("the same data fails the same way in any format")
  func anyFormat() throws {
    let folder = try TemporaryDirectory()
    let value = try PropertyList(
      bytes: Array(try Data(contentsOf: URL(fileURLWithPath: Self.invalid("computers.json")))))
    let binary = folder.path + "/computers.plist"
    try Data(try value.serialized(as: .binary)).write(to: URL(fileURLWithPath: binary))
    let run = try CLI.run(["validate", binary, "--schema", Self.schema("computers")])
    #expect(run.status == 1)
    #expect(
      run.output == """
        \(binary): at (root): expected a value matching at least one of the 2 anyOf schemas, matched none (schema #/anyOf)
        \(binary): at 1: expected at least 1 character, found 0 (schema #/anyOf/0/items/minLength)
        \(binary): at 2: expected string, found integer (schema #/anyOf/0/items/type)

        """)
  }

  @Test("an unusable schema exits 2 and names the place in the schema")
  func unusableSchema() throws {
    let folder = try TemporaryDirectory()
    let bad = folder.path + "/bad.schema.json"
    try Data(#"{"properties": {"a": {"minLength": -1}}}"#.utf8).write(to: URL(fileURLWithPath: bad))
    let run = try CLI.run(["validate", CLI.sample("computers.plist"), "--schema", bad])
    #expect(run.status == 2)
    #expect(run.output == "")
    #expect(run.stderr == "plistkit: \(bad)#/properties/a/minLength: expected a non-negative integer, found -1\n")

    let remote = folder.path + "/remote.schema.json"
    try Data(#"{"$ref": "https://example.com/x.json"}"#.utf8).write(to: URL(fileURLWithPath: remote))
    let network = try CLI.run(["validate", CLI.sample("computers.plist"), "--schema", remote])
    #expect(network.status == 2)
    #expect(
      network.stderr
        == "plistkit: \(remote)#/$ref: cannot resolve https://example.com/x.json: no local copy of the schema https://example.com/x.json: schemas are never fetched from the network; add the document to the registry or map its URI to a directory\n"
    )
  }

  @Test("a pattern that backtracks without end is answered, or stopped by its budget with the place named")
  func patternBudget() throws {
    let folder = try TemporaryDirectory()
    let flood = String(repeating: "a", count: 30) + "!"
    let schema = try folder.file(
      "s.json", #"{"properties": {"n": {"pattern": "^(a+)+$"}, "r": {"pattern": "^(a+)+\\1$"}}}"#)
    let file = try folder.file("i.json", #"{"n": "\#(flood)", "r": "\#(flood)"}"#)
    let run = try CLI.run(["validate", file, "--schema", schema])
    #expect(run.status == 1)
    #expect(
      run.output == """
        \(file): at n: expected a string matching "^(a+)+$", found "\(flood)" (schema #/properties/n/pattern)
        \(file): at r: the pattern "^(a+)+\\\\1$" exceeded its matching budget of 1032000 steps on a string of 31 characters, so the string is neither accepted nor rejected (schema #/properties/r/pattern)

        """)
  }

  @Test("--dtd checks XML files against Apple's DTD, even when they do not parse as plists")
  func dtd() throws {
    let ok = try CLI.run(["validate", CLI.sample("computers.plist"), CLI.sample("koreanmenu.plist"), "--dtd"])
    #expect(ok.status == 0)
    #expect(ok.output == "\(CLI.sample("computers.plist")): OK\n\(CLI.sample("koreanmenu.plist")): OK\n")

    let file = Self.invalid("not-the-dtd.plist")
    let bad = try CLI.run(["validate", file, "--dtd"])
    #expect(bad.status == 1)
    #expect(
      bad.output == """
        \(file):4: Element dict content does not follow the DTD, expecting (key , (array | data | date | dict | real | integer | string | true | false))*, got (string key int )
        \(file):7: No declaration for element int

        """)
    #expect(bad.stderr == "plistkit: \(file):5:2: expected <key> inside <dict>, found <string>\n")

    let binary = try CLI.run(["validate", CLI.sample("Presidents.plist"), "--dtd"])
    #expect(binary.status == 1)
    #expect(
      binary.stderr
        == "plistkit: \(CLI.sample("Presidents.plist")): --dtd checks XML property lists, and this one is binary\n")
  }

  @Test("--format json prints one entry per file")
  func json() throws {
    let file = Self.invalid("menu.json")
    let run = try CLI.run([
      "validate", CLI.sample("koreanmenu.plist"), file, "--schema", Self.schema("menu"), "--format", "json",
    ])
    #expect(run.status == 1)
    let report = try PropertyList(bytes: run.stdout, format: .json)
    let expected: PropertyList = [
      ["file": .string(CLI.sample("koreanmenu.plist")), "valid": true, "errors": []],
      [
        "file": .string(file), "valid": false,
        "errors": [
          [
            "kind": "schema", "instancePath": "1.menu", "schemaLocation": "#/items/properties/menu/minItems",
            "message": "expected at least 1 item, found 0",
          ],
          [
            "kind": "schema", "instancePath": "2", "schemaLocation": "#/items/required",
            "message": "expected the required property \"title\", found it missing",
          ],
          [
            "kind": "schema", "instancePath": "2", "schemaLocation": "#/items/additionalProperties",
            "message": "unexpected property \"price\": the schema allows no other properties",
          ],
        ],
      ],
    ]
    #expect(report == expected)
  }

  @Test("--check-formats turns format into an assertion")
  func formats() throws {
    let folder = try TemporaryDirectory()
    let schema = folder.path + "/when.schema.json"
    try Data(#"{"properties": {"when": {"format": "date-time"}}}"#.utf8).write(to: URL(fileURLWithPath: schema))
    let file = folder.path + "/when.json"
    try Data(#"{"when": "yesterday"}"#.utf8).write(to: URL(fileURLWithPath: file))
    #expect(try CLI.run(["validate", file, "--schema", schema]).status == 0)
    let run = try CLI.run(["validate", file, "--schema", schema, "--check-formats"])
    #expect(run.status == 1)
    #expect(
      run.output
        == "\(file): at when: expected a string in the date-time format, found \"yesterday\" (schema #/properties/when/format)\n"
    )
  }
}
