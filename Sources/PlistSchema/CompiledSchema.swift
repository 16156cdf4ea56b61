/// The nodes of a schema and every document it references, linked by index.
struct CompiledSchema: Sendable {
  /// Every compiled schema object; ``root`` is the one to validate against.
  var nodes: [SchemaNode]
  /// The entry node.
  var root: Int
  /// True when some node uses `unevaluatedItems` or `unevaluatedProperties`: only then is it
  /// worth recording which items and properties each keyword evaluated.
  var tracksAnnotations: Bool
  /// Whether `format` asserts because some schema resource uses the format-assertion
  /// vocabulary (the options can turn it on as well).
  var formatAsserts: Bool
}

/// Which draft 2020-12 vocabularies a schema resource uses (from its meta-schema's
/// `$vocabulary`); core, applicator and unevaluated keywords always apply.
struct SchemaVocabularies: Sendable, Equatable {
  /// The validation vocabulary (`type`, `minimum`, `required`, ...).
  var validation = true
  /// The format-assertion vocabulary: `format` fails invalid strings.
  var formatAssertion = false

  static let vocabularyPrefix = "https://json-schema.org/draft/2020-12/vocab/"
  static let known: Set<String> = [
    "core", "applicator", "unevaluated", "validation", "meta-data", "format-annotation", "format-assertion",
    "content",
  ]
}
