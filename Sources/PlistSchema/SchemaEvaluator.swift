import PlistKit

/// Which items of an array and which entries of a dictionary some keyword evaluated
/// successfully: what `unevaluatedItems` and `unevaluatedProperties` look at.
struct EvaluatedMarks {
  /// The members of an instance that marks are kept for.
  enum Members {
    /// An array's items, by position.
    case items
    /// A dictionary's entries, by position in the order of its keys.
    case properties
  }

  /// Positions in the instance array.
  var items: [Bool] = []
  /// Positions in the instance dictionary (the order of its keys).
  var properties: [Bool] = []

  mutating func mark(_ position: Int, of count: Int, in members: Members) {
    switch members {
    case .items: Self.mark(position, of: count, in: &items)
    case .properties: Self.mark(position, of: count, in: &properties)
    }
  }

  mutating func merge(_ other: EvaluatedMarks) {
    Self.merge(other.items, into: &items)
    Self.merge(other.properties, into: &properties)
  }

  func isEvaluated(_ position: Int, in members: Members) -> Bool {
    let marks = members == .items ? items : properties
    return !marks.isEmpty && marks[position]
  }

  /// Marks are made on the first mark of an instance: most instances are never marked.
  private static func mark(_ position: Int, of count: Int, in marks: inout [Bool]) {
    if marks.isEmpty { marks = Array(repeating: false, count: count) }
    marks[position] = true
  }

  private static func merge(_ other: [Bool], into marks: inout [Bool]) {
    guard !other.isEmpty else { return }
    if marks.isEmpty {
      marks = other
    } else {
      for (position, marked) in other.enumerated() where marked { marks[position] = true }
    }
  }
}

/// Evaluates an instance against a ``CompiledSchema``, collecting errors.
///
/// Evaluation keeps the dynamic scope (the schema resources entered, outermost first) for
/// `$dynamicRef`, the instance path for error messages, and a depth count that stops a
/// schema that recurses without consuming the instance (`{"$ref": "#"}`).
struct SchemaEvaluator {
  /// Deeper evaluation than this fails: the schema recurses without making progress, or the
  /// instance is nested too deep for it. Evaluations that `JSONSchema` starts use
  /// ``maximumDepth``, which their thread's stack is measured to hold.
  let depthLimit: Int
  let schema: CompiledSchema
  let formatAsserts: Bool
  private(set) var errors: [SchemaValidationError] = []
  /// The schema resources entered, outermost first: the dynamic scope of `$dynamicRef`.
  private(set) var scope: [Int] = []
  private var path: [PathComponent] = []
  private var depth = 0
  /// Once the depth limit is hit, the error is reported once.
  private var reportedDepth = false
  /// How many `anyOf`/`oneOf` explanations are in progress.
  private var explanationDepth = 0
  /// Results of recent pattern matches: data repeats short strings (years, names, keys),
  /// and a hash lookup costs far less than running the pattern.
  private var patternResults: [PatternQuery: Result<Bool, ECMAPattern.BudgetExceeded>] = [:]

  private struct PatternQuery: Hashable {
    let pattern: ExactKey
    let string: ExactKey
  }

  /// Strings longer than this are matched without remembering the result.
  private static let maximumRememberedLength = 64
  /// At most this many results are remembered per validation.
  private static let maximumRememberedResults = 8192

  /// Whether `pattern` matches `string`, remembering the answer for short strings; nil when
  /// the match ran out of its budget, undecided.
  ///
  /// An undecided match is reported in ``patternFailures`` (at `location`, the keyword, and at
  /// the instance path, with `key` for a property name), which fail the validation wherever
  /// the match was asked for: even under `not`, where "no match" would otherwise pass.
  mutating func matches(_ pattern: ECMAPattern, _ string: String, at location: String, key: String? = nil) -> Bool? {
    let remembers = string.utf8.count <= Self.maximumRememberedLength
    let query = PatternQuery(pattern: ExactKey(pattern.source), string: ExactKey(string))
    var result: Result<Bool, ECMAPattern.BudgetExceeded>
    if remembers, let known = patternResults[query] {
      result = known
    } else {
      result = Result { () throws(ECMAPattern.BudgetExceeded) in try pattern.matches(string) }
      if remembers && patternResults.count < Self.maximumRememberedResults { patternResults[query] = result }
    }
    switch result {
    case .success(let matched): return matched
    case .failure(let error):
      var instancePath = currentPath
      if let key { instancePath.components.append(key) }
      patternFailures.append(
        SchemaValidationError(
          instancePath: instancePath, schemaLocation: location,
          message:
            "the pattern \(JSONRendering.quoted(pattern.source)) exceeded its matching budget of \(error.budget) steps on a string of \(error.length) characters, so the string is neither accepted nor rejected"
        ))
      return nil
    }
  }

  /// Pattern matches that ran out of their budget (see ``matches(_:_:at:key:)``).
  private(set) var patternFailures: [SchemaValidationError] = []

  /// A step of the instance path: a dictionary's key or an array's position.
  enum PathComponent {
    case key(String)
    case index(Int)
  }

  init(schema: CompiledSchema, formatAsserts: Bool, depthLimit: Int) {
    self.schema = schema
    self.depthLimit = depthLimit
    self.formatAsserts = formatAsserts || schema.formatAsserts
  }

  /// The outcome of evaluating one node: valid or not, and what it evaluated.
  struct Outcome {
    var valid: Bool
    var marks = EvaluatedMarks()
  }

  // MARK: - Nodes

  /// Evaluates `instance` against node `index`. With `collect` false, errors are not recorded
  /// and evaluation stops at the first failure (used inside `anyOf`, `not`, `if`, ...).
  mutating func evaluate(_ index: Int, _ instance: PropertyList, collect: Bool) -> Outcome {
    let node = schema.nodes[index]
    if let boolean = node.boolean {
      if !boolean && collect {
        report("no value is allowed here (the schema is false)", at: node.location)
      }
      return Outcome(valid: boolean)
    }
    guard depth < depthLimit else {
      reportDepthExceeded(at: node.location)
      return Outcome(valid: false)
    }
    depth += 1
    let entersResource = scope.last != node.resource
    if entersResource { scope.append(node.resource) }
    defer {
      depth -= 1
      if entersResource { scope.removeLast() }
    }
    var outcome = Outcome(valid: true)
    for keyword in node.keywords {
      let passed = evaluate(keyword, of: node, instance, collect: collect, marks: &outcome.marks)
      if !passed {
        outcome.valid = false
        if !collect { return outcome }
      }
    }
    return outcome
  }

  /// Reports, once per evaluation, that the depth bound stopped it. Kept out of
  /// `evaluate(_:_:collect:)`, whose frame every level of nesting pays for.
  private mutating func reportDepthExceeded(at location: String) {
    guard !reportedDepth else { return }
    reportedDepth = true
    // At the root of the instance only the schema can have gone round in circles.
    let cause =
      path.isEmpty
      ? "the schema recurses without progress"
      : "the value is nested too deep here, or the schema recurses without progress"
    errors.append(
      SchemaValidationError(
        instancePath: currentPath, schemaLocation: location,
        message: "evaluation is nested more than \(depthLimit) levels deep: \(cause)"))
  }

  /// Evaluates a subschema in place (same instance) and merges what it evaluated.
  mutating func evaluateInPlace(
    _ index: Int, _ instance: PropertyList, collect: Bool, marks: inout EvaluatedMarks
  ) -> Bool {
    let outcome = evaluate(index, instance, collect: collect)
    if outcome.valid && schema.tracksAnnotations { marks.merge(outcome.marks) }
    return outcome.valid
  }

  /// Evaluates a subschema on a child of the instance, under that child's path.
  mutating func evaluateChild(
    _ index: Int, _ child: PropertyList, at component: PathComponent, collect: Bool
  ) -> Bool {
    path.append(component)
    defer { path.removeLast() }
    return evaluate(index, child, collect: collect).valid
  }

  // MARK: - Errors

  var currentPath: PropertyListKeyPath {
    PropertyListKeyPath(
      components: path.map {
        switch $0 {
        case .key(let key): key
        case .index(let index): String(index)
        }
      })
  }

  mutating func report(_ message: String, at location: String) {
    errors.append(SchemaValidationError(instancePath: currentPath, schemaLocation: location, message: message))
  }

  /// After an `anyOf` or `oneOf` matched nothing, reports the errors of the branch that came
  /// closest: the one whose errors reach deepest into the instance (it matched the most
  /// structure), then the one with the fewest type mismatches, then the one with the
  /// fewest errors. "Matched none" alone rarely says what to fix.
  ///
  /// Each explanation evaluates the branches once more, so nested explanations are limited
  /// to ``maximumExplanationDepth`` levels to keep the work linear in practice.
  mutating func explainClosestBranch(of nodes: [Int], _ instance: PropertyList) {
    guard explanationDepth < Self.maximumExplanationDepth else { return }
    explanationDepth += 1
    defer { explanationDepth -= 1 }
    let saved = errors
    var closest: (errors: [SchemaValidationError], rank: (Int, Int, Int))? = nil
    for child in nodes {
      errors = []
      _ = evaluate(child, instance, collect: true)
      let depth = errors.map(\.instancePath.components.count).max() ?? 0
      let typeErrors = errors.count { $0.schemaLocation.hasSuffix("/type") }
      // Smaller is closer.
      let rank = (-depth, typeErrors, errors.count)
      if let best = closest, best.rank <= rank { continue }
      closest = (errors, rank)
    }
    errors = saved + (closest?.errors ?? [])
  }

  /// How many `anyOf`/`oneOf` explanations may nest.
  static let maximumExplanationDepth = 4
}
