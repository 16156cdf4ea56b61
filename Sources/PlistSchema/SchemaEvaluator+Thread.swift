import PlistKit

extension SchemaEvaluator {
  /// The stack of the thread every evaluation and every schema compilation runs on: 16 MiB.
  ///
  /// Evaluation recurses a few frames per level, and the caller's stack may be small, so it
  /// runs on a thread of its own whose stack is chosen against a measurement. Measured as the
  /// smallest stack (in 16 KiB steps) on which evaluation reaches ``maximumDepth`` and reports
  /// the error there, through each applicator that can recurse (`$ref`, `$dynamicRef`,
  /// `allOf`, `anyOf` and `oneOf` with their explanations, `not`, `if`/`then`,
  /// `dependentSchemas`, `items`, `prefixItems`, `contains`, `unevaluatedItems`, `properties`,
  /// `patternProperties`, `additionalProperties`, `unevaluatedProperties`), and with a
  /// `pattern` and a `format` checked at the deepest level:
  ///
  /// - debug build with AddressSanitizer, whose red zones make every frame larger: 3.8 MiB
  ///   (`$ref`) to 5.3 MiB (`properties`), about 5.5 KB per level at worst;
  /// - debug build: 2.1 MiB to 2.8 MiB.
  ///
  /// Compiling a schema nested to the compiler's limit of 256 levels needs 4.5 MiB and
  /// 2.5 MiB. Optimized builds need less: inlining merges frames into one no larger than
  /// their sum. 16 MiB is three times the worst case measured. It is address space reserved
  /// for the thread's life; only the pages that deep nesting touches are ever backed.
  static let stackSize = 16 << 20

  /// Deeper evaluation than this fails with an error instead of recursing further: a schema
  /// that recurses without progress, or an instance nested too deep for the schema (with a
  /// schema that recurses through `$ref` once per level, each level of the instance takes
  /// two). Known to fit in ``stackSize`` in every build (see there).
  static let maximumDepth = 1024

  /// Evaluates `instance` against the schema's root on a thread with a stack of
  /// ``stackSize`` bytes, where ``maximumDepth`` levels of evaluation are known to fit.
  static func evaluate(
    _ schema: CompiledSchema, formatAsserts: Bool, _ instance: PropertyList, collect: Bool
  ) -> (valid: Bool, errors: [SchemaValidationError]) {
    let outcome = LargeStackThread.run(stackSize: stackSize) {
      var evaluator = SchemaEvaluator(schema: schema, formatAsserts: formatAsserts, depthLimit: maximumDepth)
      let valid = evaluator.evaluate(schema.root, instance, collect: collect).valid
      // A pattern that ran out of its budget decided nothing: the instance is not valid.
      return (
        valid: valid && evaluator.patternFailures.isEmpty,
        errors: evaluator.errors + evaluator.patternFailures
      )
    }
    if let outcome { return outcome }
    // Evaluating on the caller's stack instead could overflow it: refuse, and say why.
    let error = SchemaValidationError(
      instancePath: PropertyListKeyPath(components: []), schemaLocation: schema.nodes[schema.root].location,
      message: "cannot validate: the system refused to start a thread for the evaluation")
    return (valid: false, errors: collect ? [error] : [])
  }
}
