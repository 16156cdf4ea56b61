import PlistKit
import Testing

@testable import PlistSchema

/// The official JSON Schema Test Suite, draft 2020-12, read from the shared corpus
/// (`../shared/corpus/json-schema-test-suite`, MIT, with its licence there). The suite is
/// third-party and not part of the project: without the corpus these tests are skipped.
///
/// Recorded result: all 1,299 cases of `tests/draft2020-12/*.json` run; 1,224 pass, 0 fail,
/// and 75 are skipped because their instance contains `null`, which property lists do not
/// have (the plain JSON reader refuses it: "null has no property-list equivalent"), or their
/// schema needs such an instance to mean anything. Schemas read `null` (in `const`, `enum`,
/// `default`): a value holding it matches no instance.
/// Of the optional cases run, 461 pass, 0 fail, 16 are skipped (`null`, and integers beyond
/// the 64-bit range the reader accepts).
///
/// The skipped cases are listed below by name; a case that starts failing, or a skip that
/// appears or disappears, fails the test.
@Suite(.needsCorpus(SchemaTestSuite.folder)) struct SchemaTestSuiteTests {
  /// Exactly this many required cases pass.
  static let requiredPassFloor = 1224
  /// Exactly this many optional cases pass.
  static let optionalPassFloor = 461

  /// Optional files not run, and why.
  static let optionalFilesNotRun: [String: String] = [
    "optional/cross-draft.json": "other drafts' semantics (draft 2019-09, draft 7) are not implemented",
    "optional/dependencies-compatibility.json": "the pre-2019 `dependencies` keyword is not implemented",
  ]

  /// Format files run with format assertion on: the formats ``FormatChecker`` supports (and
  /// `unknown`, which must pass anything). Other formats stay annotations.
  static let assertedFormats = ["date-time", "date", "time", "email", "uuid", "ipv4", "ipv6", "uri", "unknown"]

  @Test func requiredCases() throws {
    var results: [SchemaTestSuite.Result] = []
    for file in try SchemaTestSuite.files(in: "") {
      results += try SchemaTestSuite.run(file: file)
    }
    #expect(results.count == 1299)
    check(results, passFloor: Self.requiredPassFloor, skips: Self.requiredNullSkips)
  }

  @Test func optionalCases() throws {
    var results: [SchemaTestSuite.Result] = []
    for file in try SchemaTestSuite.files(in: "optional") where Self.optionalFilesNotRun[file] == nil {
      results += try SchemaTestSuite.run(file: file)
    }
    for format in Self.assertedFormats {
      results += try SchemaTestSuite.run(
        file: "optional/format/\(format).json", options: JSONSchema.Options(assertsFormat: true))
    }
    check(results, passFloor: Self.optionalPassFloor, skips: Self.optionalNullSkips + Self.optionalBignumSkips)
  }

  private func check(_ results: [SchemaTestSuite.Result], passFloor: Int, skips: [String]) {
    let failures = results.compactMap { result -> String? in
      guard case .failed(let why) = result.outcome else { return nil }
      return "\(result.name): \(why)"
    }
    let skipped = results.compactMap { result -> String? in
      guard case .skipped = result.outcome else { return nil }
      return result.name
    }
    let passed = results.filter { $0.outcome == .passed }.count
    print(
      "JSON Schema Test Suite: \(passed) of \(results.count) passed, \(skipped.count) skipped, \(failures.count) failed"
    )
    #expect(failures == [])
    #expect(Set(skipped) == Set(skips))
    #expect(passed == passFloor)
  }

  /// Required cases skipped: their instance has `null`, which no property list has, so the
  /// JSON reader refuses it.
  static let requiredNullSkips: [String] = [
    "additionalProperties.json › additionalProperties with null valued instance properties › allows null values",
    "allOf.json › allOf with base schema › valid",
    "allOf.json › allOf with base schema › mismatch base schema",
    "allOf.json › allOf with base schema › mismatch first allOf",
    "allOf.json › nested allOf, to check validation semantics › null is valid",
    "anyOf.json › nested anyOf, to check validation semantics › null is valid",
    "boolean_schema.json › boolean schema 'true' › null is valid",
    "boolean_schema.json › boolean schema 'false' › null is invalid",
    "const.json › const with null › null is valid",
    "contains.json › contains with null instance elements › allows null items",
    "dynamicRef.json › after leaving a dynamic scope, it is not used by a $dynamicRef › /then/$defs/thingy is the final stop for the $dynamicRef",
    "enum.json › heterogeneous enum validation › something else is invalid",
    "enum.json › heterogeneous enum-with-null validation › null is valid",
    "enum.json › empty enum › null is invalid",
    "format.json › email format › all string formats ignore nulls",
    "format.json › idn-email format › all string formats ignore nulls",
    "format.json › regex format › all string formats ignore nulls",
    "format.json › ipv4 format › all string formats ignore nulls",
    "format.json › ipv6 format › all string formats ignore nulls",
    "format.json › idn-hostname format › all string formats ignore nulls",
    "format.json › hostname format › all string formats ignore nulls",
    "format.json › date format › all string formats ignore nulls",
    "format.json › date-time format › all string formats ignore nulls",
    "format.json › time format › all string formats ignore nulls",
    "format.json › json-pointer format › all string formats ignore nulls",
    "format.json › relative-json-pointer format › all string formats ignore nulls",
    "format.json › iri format › all string formats ignore nulls",
    "format.json › iri-reference format › all string formats ignore nulls",
    "format.json › uri format › all string formats ignore nulls",
    "format.json › uri-reference format › all string formats ignore nulls",
    "format.json › uri-template format › all string formats ignore nulls",
    "format.json › uuid format › all string formats ignore nulls",
    "format.json › duration format › all string formats ignore nulls",
    "items.json › items and subitems › valid items",
    "items.json › items and subitems › too many items",
    "items.json › items and subitems › too many sub-items",
    "items.json › items and subitems › wrong item",
    "items.json › items and subitems › wrong sub-item",
    "items.json › items and subitems › fewer items is valid",
    "items.json › items with heterogeneous array › valid instance",
    "items.json › items with null instance elements › allows null elements",
    "minProperties.json › minProperties validation › ignores null",
    "not.json › forbid everything with empty schema › null is invalid",
    "not.json › forbid everything with boolean schema true › null is invalid",
    "not.json › allow everything with boolean schema false › null is valid",
    "oneOf.json › nested oneOf, to check validation semantics › null is valid",
    "pattern.json › pattern validation › ignores null",
    "patternProperties.json › regexes are not anchored by default and are case sensitive › recognized members are accounted for",
    "patternProperties.json › patternProperties with null valued instance properties › allows null values",
    "prefixItems.json › prefixItems with null instance elements › allows null elements",
    "properties.json › properties with null valued instance properties › allows null values",
    "propertyNames.json › propertyNames validation › ignores null",
    "refRemote.json › root ref in remote ref › null is valid",
    "refRemote.json › root ref in remote ref › object is invalid",
    "required.json › required validation › ignores null",
    "type.json › integer type matches integers › null is not an integer",
    "type.json › number type matches numbers › null is not a number",
    "type.json › string type matches strings › null is not a string",
    "type.json › object type matches objects › null is not an object",
    "type.json › array type matches arrays › null is not an array",
    "type.json › boolean type matches booleans › null is not a boolean",
    "type.json › null type matches only the null object › null is null",
    "type.json › multiple types can be specified in an array › null is invalid",
    "type.json › type: array or object › null is invalid",
    "type.json › type: array, object or null › null is valid",
    "unevaluatedItems.json › non-array instances are valid › ignores null",
    "unevaluatedItems.json › unevaluatedItems with null instance elements › allows null elements",
    "unevaluatedProperties.json › non-object instances are valid › ignores null",
    "unevaluatedProperties.json › unevaluatedProperties with null valued instance properties › allows null valued properties",
    "uniqueItems.json › uniqueItems validation › unique heterogeneous types are valid",
    "uniqueItems.json › uniqueItems validation › non-unique heterogeneous types are invalid",
    "uniqueItems.json › uniqueItems with an array of items and additionalItems=false › extra items are invalid even if unique",
    "uniqueItems.json › uniqueItems=false validation › unique heterogeneous types are valid",
    "uniqueItems.json › uniqueItems=false validation › non-unique heterogeneous types are valid",
    "uniqueItems.json › uniqueItems=false with an array of items and additionalItems=false › extra items are invalid even if unique",
  ]

  /// Optional cases skipped for `null`.
  static let optionalNullSkips: [String] = [
    "optional/unknownKeyword.json › $id inside an unknown keyword is not a real identifier › type matches non-schema in first anyOf",
    "optional/format/date-time.json › validation of date-time strings › all string formats ignore nulls",
    "optional/format/date.json › validation of date strings › all string formats ignore nulls",
    "optional/format/email.json › validation of e-mail addresses › all string formats ignore nulls",
    "optional/format/ipv4.json › validation of IP addresses › all string formats ignore nulls",
    "optional/format/ipv6.json › validation of IPv6 addresses › all string formats ignore nulls",
    "optional/format/time.json › validation of time strings › all string formats ignore nulls",
    "optional/format/unknown.json › unknown format › unknown formats ignore nulls",
    "optional/format/uri.json › validation of URIs › all string formats ignore nulls",
    "optional/format/uuid.json › uuid format › all string formats ignore nulls",
  ]

  /// Optional cases skipped: integers beyond `Int64.min ... UInt64.max`, which the JSON reader
  /// refuses rather than round.
  static let optionalBignumSkips: [String] = [
    "optional/bignum.json › integer › a bignum is an integer",
    "optional/bignum.json › integer › a negative bignum is an integer",
    "optional/bignum.json › number › a bignum is a number",
    "optional/bignum.json › number › a negative bignum is a number",
    "optional/bignum.json › string › a bignum is not a string",
    "optional/bignum.json › minimum integer comparison › comparison works for very negative numbers",
  ]
}
