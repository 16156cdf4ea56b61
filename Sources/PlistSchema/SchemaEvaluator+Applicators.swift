import PlistKit

// Evaluation recurses through these functions once per level of nesting, so the dispatcher
// only picks a function: a `switch` whose cases each held their own loops and locals would
// carry all of them in one large frame on every level (several kilobytes in a debug or
// AddressSanitizer build), and the depth that fits the evaluation thread's stack would shrink
// accordingly. See `SchemaEvaluator+Thread.swift`.
extension SchemaEvaluator {
  /// Evaluates one keyword; false when it fails.
  mutating func evaluate(
    _ keyword: SchemaKeyword, of node: SchemaNode, _ instance: PropertyList, collect: Bool,
    marks: inout EvaluatedMarks
  ) -> Bool {
    switch keyword {
    case .ref(let target):
      return evaluateInPlace(target, instance, collect: collect, marks: &marks)
    case .dynamicRef(let target, let anchor):
      return evaluateInPlace(dynamicTarget(target, anchor: anchor), instance, collect: collect, marks: &marks)
    case .allOf(let nodes):
      return evaluateAllOf(nodes, instance, collect: collect, marks: &marks)
    case .anyOf(let nodes):
      return evaluateAnyOf(nodes, instance, here: node.location, collect: collect, marks: &marks)
    case .oneOf(let nodes):
      return evaluateOneOf(nodes, instance, here: node.location, collect: collect, marks: &marks)
    case .not(let child):
      return evaluateNot(child, instance, here: node.location, collect: collect)
    case .conditional(let condition, let then, let otherwise):
      return evaluateConditional(condition, then: then, else: otherwise, instance, collect: collect, marks: &marks)
    case .dependentSchemas(let dependencies):
      return evaluateDependentSchemas(dependencies, instance, collect: collect, marks: &marks)
    case .objectMembers(let members):
      return evaluateMembers(members, instance, here: node.location, collect: collect, marks: &marks)
    case .propertyNames(let child):
      return evaluatePropertyNames(child, instance, collect: collect)
    case .arrayItems(let prefix, let rest):
      return evaluateItems(prefix: prefix, rest: rest, instance, here: node.location, collect: collect, marks: &marks)
    case .contains(let child, let minimum, let maximum):
      return evaluateContains(
        child, minimum: minimum, maximum: maximum, instance, here: node.location, collect: collect, marks: &marks)
    case .unevaluatedItems(let child):
      return evaluateUnevaluated(child, instance, .items, here: node.location, collect: collect, marks: &marks)
    case .unevaluatedProperties(let child):
      return evaluateUnevaluated(child, instance, .properties, here: node.location, collect: collect, marks: &marks)
    default:
      return evaluateAssertion(keyword, instance, here: node.location, collect: collect)
    }
  }

  /// The node a `$dynamicRef` lands on: the outermost resource in the dynamic scope that has
  /// the anchor wins, else the statically resolved target.
  private func dynamicTarget(_ target: Int, anchor: String?) -> Int {
    guard let anchor else { return target }
    for resource in scope {
      if let node = schema.nodes[resource].dynamicAnchors[anchor] { return node }
    }
    return target
  }

  private mutating func evaluateAllOf(
    _ nodes: [Int], _ instance: PropertyList, collect: Bool, marks: inout EvaluatedMarks
  ) -> Bool {
    var valid = true
    for child in nodes where !evaluateInPlace(child, instance, collect: collect, marks: &marks) {
      valid = false
      if !collect { break }
    }
    return valid
  }

  private mutating func evaluateAnyOf(
    _ nodes: [Int], _ instance: PropertyList, here: String, collect: Bool, marks: inout EvaluatedMarks
  ) -> Bool {
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
  }

  private mutating func evaluateOneOf(
    _ nodes: [Int], _ instance: PropertyList, here: String, collect: Bool, marks: inout EvaluatedMarks
  ) -> Bool {
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
  }

  private mutating func evaluateNot(_ child: Int, _ instance: PropertyList, here: String, collect: Bool) -> Bool {
    guard evaluate(child, instance, collect: false).valid else { return true }
    if collect {
      report("expected a value that does not match the \"not\" schema, found one that does", at: here + "/not")
    }
    return false
  }

  private mutating func evaluateConditional(
    _ condition: Int, then: Int?, else otherwise: Int?, _ instance: PropertyList, collect: Bool,
    marks: inout EvaluatedMarks
  ) -> Bool {
    if evaluateInPlace(condition, instance, collect: false, marks: &marks) {
      guard let then else { return true }
      return evaluateInPlace(then, instance, collect: collect, marks: &marks)
    }
    guard let otherwise else { return true }
    return evaluateInPlace(otherwise, instance, collect: collect, marks: &marks)
  }

  private mutating func evaluateDependentSchemas(
    _ dependencies: [(key: String, node: Int)], _ instance: PropertyList, collect: Bool, marks: inout EvaluatedMarks
  ) -> Bool {
    guard let object = instance.jsonObject else { return true }
    var valid = true
    for (key, child) in dependencies where object[key] != nil {
      if !evaluateInPlace(child, instance, collect: collect, marks: &marks) {
        valid = false
        if !collect { break }
      }
    }
    return valid
  }

  private mutating func evaluatePropertyNames(_ child: Int, _ instance: PropertyList, collect: Bool) -> Bool {
    guard let object = instance.jsonObject else { return true }
    var valid = true
    for key in object.keys where !evaluateChild(child, .string(key), at: .key(key), collect: collect) {
      valid = false
      if !collect { break }
    }
    return valid
  }

  /// `unevaluatedItems` (`members` `.items`) or `unevaluatedProperties`: `child` applies to
  /// each item or entry that no other keyword evaluated, and `false` refuses every one.
  private mutating func evaluateUnevaluated(
    _ child: Int, _ instance: PropertyList, _ members: EvaluatedMarks.Members, here: String, collect: Bool,
    marks: inout EvaluatedMarks
  ) -> Bool {
    let children: [(component: PathComponent, value: PropertyList)]
    switch members {
    case .items:
      guard let elements = instance.arrayValue else { return true }
      children = elements.enumerated().map { (.index($0.offset), $0.element) }
    case .properties:
      guard let object = instance.jsonObject else { return true }
      children = object.map { (.key($0.key), $0.value) }
    }
    var valid = true
    for (position, member) in children.enumerated() where !marks.isEvaluated(position, in: members) {
      if schema.nodes[child].boolean == false {
        if collect {
          switch member.component {
          case .index(let position):
            report(
              "unexpected item at index \(position): no item beyond those the schema evaluates is allowed",
              at: here + "/unevaluatedItems")
          case .key(let key):
            report(
              "unexpected property \(JSONRendering.quoted(key)): the schema does not evaluate it and allows no others",
              at: here + "/unevaluatedProperties")
          }
        }
        valid = false
      } else if evaluateChild(child, member.value, at: member.component, collect: collect) {
        marks.mark(position, of: children.count, in: members)
        continue
      } else {
        valid = false
      }
      if !collect { break }
    }
    return valid
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
        if !evaluateChild(child, entry.value, at: .key(entry.key), collect: collect) {
          valid = false
          if !collect { return false }
        }
      }
      for (pattern, child) in members.patterns {
        let location = here + "/patternProperties/" + JSONPointer.escape(pattern.source)
        switch matches(pattern, entry.key, at: location, key: entry.key) {
        case false?: continue
        case nil:
          // Undecided (out of budget): the budget's error says so; neither this subschema nor
          // `additionalProperties` applies.
          matched = true
          valid = false
          if !collect { return false }
        case true?:
          matched = true
          if !evaluateChild(child, entry.value, at: .key(entry.key), collect: collect) {
            valid = false
            if !collect { return false }
          }
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
        } else if !evaluateChild(additional, entry.value, at: .key(entry.key), collect: collect) {
          valid = false
          if !collect { return false }
        }
      }
      if matched && schema.tracksAnnotations { marks.mark(position, of: object.count, in: .properties) }
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
      if evaluateChild(child, element, at: .index(position), collect: collect) {
        if schema.tracksAnnotations { marks.mark(position, of: elements.count, in: .items) }
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
      if schema.tracksAnnotations { marks.mark(position, of: elements.count, in: .items) }
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
