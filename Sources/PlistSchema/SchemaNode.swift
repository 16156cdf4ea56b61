import PlistKit

/// One compiled schema object (or boolean schema) and its keywords, ready to evaluate.
///
/// Nodes refer to each other by index into ``CompiledSchema/nodes``, so recursive schemas
/// (a `$ref` back to an ancestor) need no reference cycles.
struct SchemaNode: Sendable {
  /// `true` or `false` for a boolean schema; nil for a schema object.
  var boolean: Bool?
  /// The keywords to evaluate, in order; `unevaluated*` come last because they need the
  /// annotations of all the others.
  var keywords: [SchemaKeyword] = []
  /// The node of the schema resource this node belongs to (itself for a resource root).
  var resource: Int
  /// For a resource root: its `$dynamicAnchor` names and the nodes that carry them.
  var dynamicAnchors: [String: Int] = [:]
  /// The location shown in errors: `#/pointer` in the main document, `URI#/pointer` elsewhere.
  var location: String
}

/// A compiled keyword. Keywords that depend on each other within one schema object
/// (`properties` / `patternProperties` / `additionalProperties`, `prefixItems` / `items`,
/// `contains` / `minContains` / `maxContains`, `if` / `then` / `else`) compile into one case.
enum SchemaKeyword: Sendable {
  case ref(Int)
  /// `$dynamicRef`: the statically resolved target, and the anchor name when the target
  /// carries a matching `$dynamicAnchor` (only then does the dynamic scope take part).
  case dynamicRef(Int, anchor: String?)
  case type([JSONType])
  /// The value, and false when it holds null (no instance can match it).
  case const(PropertyList, matchable: Bool)
  /// The values as the schema lists them (for messages), and the set of those an instance can
  /// match (without the ones that hold null).
  case enumeration([PropertyList], Set<JSONKey>)
  case multipleOf(JSONNumber)
  case maximum(JSONNumber, exclusive: Bool)
  case minimum(JSONNumber, exclusive: Bool)
  case maxLength(Int)
  case minLength(Int)
  case pattern(ECMAPattern)
  case maxItems(Int)
  case minItems(Int)
  case uniqueItems
  case maxProperties(Int)
  case minProperties(Int)
  case required([String])
  case dependentRequired([(key: String, required: [String])])
  case objectMembers(ObjectMembers)
  case arrayItems(prefix: [Int], rest: Int?)
  case contains(Int, minimum: Int, maximum: Int?)
  case propertyNames(Int)
  case dependentSchemas([(key: String, node: Int)])
  case allOf([Int])
  case anyOf([Int])
  case oneOf([Int])
  case not(Int)
  case conditional(if: Int, then: Int?, else: Int?)
  case format(String)
  case unevaluatedItems(Int)
  case unevaluatedProperties(Int)

  /// `properties`, `patternProperties` and `additionalProperties` of one schema object.
  struct ObjectMembers: Sendable {
    var properties: [ExactKey: Int]
    var patterns: [(pattern: ECMAPattern, node: Int)]
    var additional: Int?
  }
}
