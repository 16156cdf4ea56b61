import PlistKit

/// Which items of an array and which entries of a dictionary some keyword evaluated
/// successfully: what `unevaluatedItems` and `unevaluatedProperties` look at.
struct EvaluatedMarks {
  /// Positions in the instance array.
  var items: [Bool] = []
  /// Positions in the instance dictionary (the order of its keys).
  var properties: [Bool] = []

  mutating func markItem(_ position: Int, of count: Int) {
    if items.isEmpty { items = Array(repeating: false, count: count) }
    items[position] = true
  }

  mutating func markProperty(_ position: Int, of count: Int) {
    if properties.isEmpty { properties = Array(repeating: false, count: count) }
    properties[position] = true
  }

  mutating func merge(_ other: EvaluatedMarks) {
    if !other.items.isEmpty {
      if items.isEmpty {
        items = other.items
      } else {
        for (position, marked) in other.items.enumerated() where marked { items[position] = true }
      }
    }
    if !other.properties.isEmpty {
      if properties.isEmpty {
        properties = other.properties
      } else {
        for (position, marked) in other.properties.enumerated() where marked { properties[position] = true }
      }
    }
  }

  func isItemEvaluated(_ position: Int) -> Bool { !items.isEmpty && items[position] }
  func isPropertyEvaluated(_ position: Int) -> Bool { !properties.isEmpty && properties[position] }
}

/// Evaluates an instance against a ``CompiledSchema``, collecting errors.
///
/// Evaluation keeps the dynamic scope (the schema resources entered, outermost first) for
/// `$dynamicRef`, the instance path for error messages, and a depth count that stops a
/// schema that recurses without consuming the instance (`{"$ref": "#"}`).
struct SchemaEvaluator {
  /// Deeper evaluation than this fails: the schema recurses without making progress, or the
  /// instance is deeper than any reader lets through.
  static let maximumDepth = 1024

  let schema: CompiledSchema
  let formatAsserts: Bool
  private(set) var errors: [SchemaValidationError] = []
  private var scope: [Int] = []
  private var path: [PathComponent] = []
  private var depth = 0
  /// Once the depth limit is hit, the error is reported once.
  private var reportedDepth = false
  /// How many `anyOf`/`oneOf` explanations are in progress.
  private var explanationDepth = 0
  /// Results of recent pattern matches: data repeats short strings (years, names, keys),
  /// and a hash lookup costs far less than running a `Regex`.
  private var patternResults: [PatternQuery: Bool] = [:]

  private struct PatternQuery: Hashable {
    let pattern: ExactKey
    let string: ExactKey
  }

  /// Strings longer than this are matched without remembering the result.
  private static let maximumRememberedLength = 64
  /// At most this many results are remembered per validation.
  private static let maximumRememberedResults = 8192

  /// True when `pattern` matches `string`, remembering the answer for short strings.
  mutating func matches(_ pattern: ECMAPattern, _ string: String) -> Bool {
    guard string.utf8.count <= Self.maximumRememberedLength else { return pattern.matches(string) }
    let query = PatternQuery(pattern: ExactKey(pattern.source), string: ExactKey(string))
    if let known = patternResults[query] { return known }
    let result = pattern.matches(string)
    if patternResults.count < Self.maximumRememberedResults { patternResults[query] = result }
    return result
  }

  private enum PathComponent {
    case key(String)
    case index(Int)
  }

  init(schema: CompiledSchema, formatAsserts: Bool) {
    self.schema = schema
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
    guard depth < Self.maximumDepth else {
      if !reportedDepth {
        reportedDepth = true
        errors.append(
          SchemaValidationError(
            instancePath: currentPath, schemaLocation: node.location,
            message:
              "evaluation is nested more than \(Self.maximumDepth) levels deep: the schema recurses without progress"
          ))
      }
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

  /// Evaluates a subschema in place (same instance) and merges what it evaluated.
  private mutating func evaluateInPlace(
    _ index: Int, _ instance: PropertyList, collect: Bool, marks: inout EvaluatedMarks
  ) -> Bool {
    let outcome = evaluate(index, instance, collect: collect)
    if outcome.valid && schema.tracksAnnotations { marks.merge(outcome.marks) }
    return outcome.valid
  }

  /// Evaluates a subschema on a child of the instance, under that child's path.
  private mutating func evaluateChild(
    _ index: Int, _ child: PropertyList, key: String, collect: Bool
  ) -> Bool {
    path.append(.key(key))
    defer { path.removeLast() }
    return evaluate(index, child, collect: collect).valid
  }

  private mutating func evaluateChild(
    _ index: Int, _ child: PropertyList, position: Int, collect: Bool
  ) -> Bool {
    path.append(.index(position))
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
  private mutating func explainClosestBranch(of nodes: [Int], _ instance: PropertyList) {
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

  // MARK: - Keywords

  /// Evaluates one keyword; false when it fails.
  private mutating func evaluate(
    _ keyword: SchemaKeyword, of node: SchemaNode, _ instance: PropertyList, collect: Bool,
    marks: inout EvaluatedMarks
  ) -> Bool {
    let here = node.location
    switch keyword {
    case .ref(let target):
      return evaluateInPlace(target, instance, collect: collect, marks: &marks)
    case .dynamicRef(let target, let anchor):
      var resolved = target
      if let anchor {
        // The outermost resource in the dynamic scope that has the anchor wins.
        for resource in scope {
          if let node = schema.nodes[resource].dynamicAnchors[anchor] {
            resolved = node
            break
          }
        }
      }
      return evaluateInPlace(resolved, instance, collect: collect, marks: &marks)
    case .allOf(let nodes):
      var valid = true
      for child in nodes where !evaluateInPlace(child, instance, collect: collect, marks: &marks) {
        valid = false
        if !collect { break }
      }
      return valid
    case .anyOf(let nodes):
      var valid = false
      for child in nodes where evaluateInPlace(child, instance, collect: false, marks: &marks) {
        valid = true
        // Later branches may still add annotations that `unevaluated*` need.
        if !schema.tracksAnnotations { break }
      }
      if !valid && collect {
        report(
          "expected a value matching at least one of the \(nodes.count) anyOf schemas, matched none",
          at: here + "/anyOf")
        explainClosestBranch(of: nodes, instance)
      }
      return valid
    case .oneOf(let nodes):
      var matched: [Int] = []
      var oneMarks = EvaluatedMarks()
      for (position, child) in nodes.enumerated() {
        var childMarks = EvaluatedMarks()
        if evaluateInPlace(child, instance, collect: false, marks: &childMarks) {
          matched.append(position)
          oneMarks = childMarks
          if matched.count > 1 && !collect { break }
        }
      }
      if matched.count == 1 {
        marks.merge(oneMarks)
        return true
      }
      if collect {
        let found =
          matched.isEmpty
          ? "matched none"
          : "matched \(matched.count) (at positions \(matched.map(String.init).joined(separator: ", ")))"
        report(
          "expected a value matching exactly one of the \(nodes.count) oneOf schemas, \(found)", at: here + "/oneOf")
        if matched.isEmpty { explainClosestBranch(of: nodes, instance) }
      }
      return false
    case .not(let child):
      guard evaluate(child, instance, collect: false).valid else { return true }
      if collect {
        report("expected a value that does not match the \"not\" schema, found one that does", at: here + "/not")
      }
      return false
    case .conditional(let condition, let then, let otherwise):
      if evaluateInPlace(condition, instance, collect: false, marks: &marks) {
        guard let then else { return true }
        return evaluateInPlace(then, instance, collect: collect, marks: &marks)
      }
      guard let otherwise else { return true }
      return evaluateInPlace(otherwise, instance, collect: collect, marks: &marks)
    case .dependentSchemas(let dependencies):
      guard let object = instance.jsonObject else { return true }
      var valid = true
      for (key, child) in dependencies where object[key] != nil {
        if !evaluateInPlace(child, instance, collect: collect, marks: &marks) {
          valid = false
          if !collect { break }
        }
      }
      return valid
    case .objectMembers(let members):
      return evaluateMembers(members, instance, here: here, collect: collect, marks: &marks)
    case .propertyNames(let child):
      guard let object = instance.jsonObject else { return true }
      var valid = true
      for key in object.keys where !evaluateChild(child, .string(key), key: key, collect: collect) {
        valid = false
        if !collect { break }
      }
      return valid
    case .arrayItems(let prefix, let rest):
      return evaluateItems(prefix: prefix, rest: rest, instance, here: here, collect: collect, marks: &marks)
    case .contains(let child, let minimum, let maximum):
      return evaluateContains(
        child, minimum: minimum, maximum: maximum, instance, here: here, collect: collect, marks: &marks)
    case .unevaluatedItems(let child):
      guard let elements = instance.arrayValue else { return true }
      var valid = true
      for position in elements.indices where !marks.isItemEvaluated(position) {
        if schema.nodes[child].boolean == false {
          if collect {
            report(
              "unexpected item at index \(position): no item beyond those the schema evaluates is allowed",
              at: here + "/unevaluatedItems")
          }
          valid = false
        } else if evaluateChild(child, elements[position], position: position, collect: collect) {
          marks.markItem(position, of: elements.count)
          continue
        } else {
          valid = false
        }
        if !collect { break }
      }
      return valid
    case .unevaluatedProperties(let child):
      guard let object = instance.jsonObject else { return true }
      var valid = true
      for (position, entry) in object.enumerated() where !marks.isPropertyEvaluated(position) {
        if schema.nodes[child].boolean == false {
          if collect {
            report(
              "unexpected property \(JSONRendering.quoted(entry.key)): the schema does not evaluate it and allows no others",
              at: here + "/unevaluatedProperties")
          }
          valid = false
        } else if evaluateChild(child, entry.value, key: entry.key, collect: collect) {
          marks.markProperty(position, of: object.count)
          continue
        } else {
          valid = false
        }
        if !collect { break }
      }
      return valid
    default:
      return evaluateAssertion(keyword, instance, here: here, collect: collect)
    }
  }

  private mutating func evaluateMembers(
    _ members: SchemaKeyword.ObjectMembers, _ instance: PropertyList, here: String, collect: Bool,
    marks: inout EvaluatedMarks
  ) -> Bool {
    guard let object = instance.jsonObject else { return true }
    var valid = true
    for (position, entry) in object.enumerated() {
      var matched = false
      if let child = members.properties[ExactKey(entry.key)] {
        matched = true
        if !evaluateChild(child, entry.value, key: entry.key, collect: collect) {
          valid = false
          if !collect { return false }
        }
      }
      for (pattern, child) in members.patterns where matches(pattern, entry.key) {
        matched = true
        if !evaluateChild(child, entry.value, key: entry.key, collect: collect) {
          valid = false
          if !collect { return false }
        }
      }
      if !matched, let additional = members.additional {
        matched = true
        if schema.nodes[additional].boolean == false {
          if collect {
            report(
              "unexpected property \(JSONRendering.quoted(entry.key)): the schema allows no other properties",
              at: here + "/additionalProperties")
          }
          valid = false
          if !collect { return false }
        } else if !evaluateChild(additional, entry.value, key: entry.key, collect: collect) {
          valid = false
          if !collect { return false }
        }
      }
      if matched && schema.tracksAnnotations { marks.markProperty(position, of: object.count) }
    }
    return valid
  }

  private mutating func evaluateItems(
    prefix: [Int], rest: Int?, _ instance: PropertyList, here: String, collect: Bool, marks: inout EvaluatedMarks
  ) -> Bool {
    guard let elements = instance.arrayValue else { return true }
    var valid = true
    for (position, element) in elements.enumerated() {
      let child: Int
      if position < prefix.count {
        child = prefix[position]
      } else if let rest {
        child = rest
        if schema.nodes[rest].boolean == false {
          if collect {
            report(
              "expected at most \(prefix.count) item\(prefix.count == 1 ? "" : "s"), found \(elements.count)",
              at: here + "/items")
          }
          return false
        }
      } else {
        break
      }
      if evaluateChild(child, element, position: position, collect: collect) {
        if schema.tracksAnnotations { marks.markItem(position, of: elements.count) }
      } else {
        valid = false
        if !collect { return false }
      }
    }
    return valid
  }

  private mutating func evaluateContains(
    _ child: Int, minimum: Int, maximum: Int?, _ instance: PropertyList, here: String, collect: Bool,
    marks: inout EvaluatedMarks
  ) -> Bool {
    guard let elements = instance.arrayValue else { return true }
    var matches = 0
    for (position, element) in elements.enumerated() where evaluate(child, element, collect: false).valid {
      matches += 1
      if schema.tracksAnnotations { marks.markItem(position, of: elements.count) }
    }
    if matches < minimum {
      if collect {
        report(
          "expected at least \(minimum) item\(minimum == 1 ? "" : "s") matching the contains schema, found \(matches)",
          at: here + (minimum == 1 ? "/contains" : "/minContains"))
      }
      return false
    }
    if let maximum, matches > maximum {
      if collect {
        report(
          "expected at most \(maximum) item\(maximum == 1 ? "" : "s") matching the contains schema, found \(matches)",
          at: here + "/maxContains")
      }
      return false
    }
    return true
  }
}
