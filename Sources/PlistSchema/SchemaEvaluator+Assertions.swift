import PlistKit

extension SchemaEvaluator {
  /// Evaluates a keyword that only looks at the instance itself (no subschemas).
  mutating func evaluateAssertion(
    _ keyword: SchemaKeyword, _ instance: PropertyList, here: String, collect: Bool
  )
    -> Bool
  {
    func fail(_ name: String, _ message: @autoclosure () -> String) -> Bool {
      if collect { report(message(), at: here + "/" + name) }
      return false
    }
    /// `maximum` and `exclusiveMaximum` (`upper`), or `minimum` and `exclusiveMinimum`.
    func bound(_ limit: JSONNumber, exclusive: Bool, upper: Bool) -> Bool {
      guard let number = instance.jsonNumber else { return true }
      let order = number.compare(limit)
      if order == (upper ? .less : .greater) || (order == .equal && !exclusive) { return true }
      let name = upper ? "maximum" : "minimum"
      let relation = exclusive ? (upper ? "below" : "above") : (upper ? "at most" : "at least")
      return fail(
        exclusive ? "exclusive" + name.prefix(1).uppercased() + name.dropFirst() : name,
        "expected a number \(relation) \(limit.description), found \(number.description)")
    }
    switch keyword {
    case .type(let types):
      if types.contains(where: { Self.instance(instance, hasType: $0) }) { return true }
      let expected = types.map(\.rawValue).joined(separator: " or ")
      return fail("type", "expected \(expected), found \(Self.describeType(instance))")
    case .const(let value, let matchable):
      if matchable && instance.jsonEquals(value) { return true }
      return fail(
        "const", "expected \(JSONRendering.render(schemaValue: value)), found \(JSONRendering.render(instance))")
    case .enumeration(let values, let set):
      if set.contains(JSONKey(value: instance)) { return true }
      let listed =
        values.count <= 8
        ? "one of " + values.map { JSONRendering.render(schemaValue: $0) }.joined(separator: ", ")
        : "one of the \(values.count) enum values"
      return fail("enum", "expected \(listed), found \(JSONRendering.render(instance))")
    case .multipleOf(let divisor):
      guard let number = instance.jsonNumber, !number.isMultiple(of: divisor) else { return true }
      return fail("multipleOf", "expected a multiple of \(divisor.description), found \(number.description)")
    case .maximum(let limit, let exclusive):
      return bound(limit, exclusive: exclusive, upper: true)
    case .minimum(let limit, let exclusive):
      return bound(limit, exclusive: exclusive, upper: false)
    case .maxLength(let limit):
      guard let string = instance.jsonString else { return true }
      let length = string.unicodeScalars.count
      if length <= limit { return true }
      return fail("maxLength", "expected at most \(counted(limit, "character")), found \(length)")
    case .minLength(let limit):
      guard let string = instance.jsonString else { return true }
      let length = string.unicodeScalars.count
      if length >= limit { return true }
      return fail("minLength", "expected at least \(counted(limit, "character")), found \(length)")
    case .pattern(let pattern):
      guard let string = instance.jsonString else { return true }
      // Undecided (out of budget): the budget's error says so, and the instance fails.
      guard let matched = matches(pattern, string, at: here + "/pattern") else { return false }
      if matched { return true }
      return fail(
        "pattern",
        "expected a string matching \(JSONRendering.quoted(pattern.source)), found \(JSONRendering.render(instance))")
    case .maxItems(let limit):
      guard let count = instance.arrayValue?.count, count > limit else { return true }
      return fail("maxItems", "expected at most \(counted(limit, "item")), found \(count)")
    case .minItems(let limit):
      guard let count = instance.arrayValue?.count, count < limit else { return true }
      return fail("minItems", "expected at least \(counted(limit, "item")), found \(count)")
    case .uniqueItems:
      guard let elements = instance.arrayValue, elements.count > 1 else { return true }
      var seen: [JSONKey: Int] = [:]
      for (position, element) in elements.enumerated() {
        if let first = seen.updateValue(position, forKey: JSONKey(value: element)) {
          return fail(
            "uniqueItems",
            "expected unique items, found \(JSONRendering.render(element)) at indices \(first) and \(position)")
        }
      }
      return true
    case .maxProperties(let limit):
      guard let count = instance.jsonObject?.count, count > limit else { return true }
      return fail("maxProperties", "expected at most \(counted(limit, "property", "properties")), found \(count)")
    case .minProperties(let limit):
      guard let count = instance.jsonObject?.count, count < limit else { return true }
      return fail("minProperties", "expected at least \(counted(limit, "property", "properties")), found \(count)")
    case .required(let keys):
      guard let object = instance.jsonObject else { return true }
      var valid = true
      for key in keys where object[key] == nil {
        valid = false
        if !collect { break }
        report("expected the required property \(JSONRendering.quoted(key)), found it missing", at: here + "/required")
      }
      return valid
    case .dependentRequired(let dependencies):
      guard let object = instance.jsonObject else { return true }
      var valid = true
      for (key, required) in dependencies where object[key] != nil {
        for missing in required where object[missing] == nil {
          valid = false
          if !collect { return false }
          report(
            "expected the property \(JSONRendering.quoted(missing)) (required when \(JSONRendering.quoted(key)) is present), found it missing",
            at: here + "/dependentRequired/" + JSONPointer.escape(key))
        }
      }
      return valid
    case .format(let name):
      guard formatAsserts, let string = instance.jsonString, let valid = FormatChecker.check(name, string), !valid
      else { return true }
      return fail("format", "expected a string in the \(name) format, found \(JSONRendering.render(instance))")
    default:
      return true
    }
  }

  private static func instance(_ instance: PropertyList, hasType type: JSONType) -> Bool {
    switch type {
    case .integer: instance.isJSONInteger
    case .number: instance.jsonNumber != nil
    case .null: false
    default: instance.jsonType == type
    }
  }

  /// The JSON type, with the plist type when they differ ("string (a date)").
  private static func describeType(_ instance: PropertyList) -> String {
    switch instance {
    case .date: "string (a date)"
    case .data: "string (data)"
    case .uid: "object (a UID)"
    default: instance.jsonType.rawValue
    }
  }
}
