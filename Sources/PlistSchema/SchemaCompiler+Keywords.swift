import PlistKit

extension SchemaCompiler {
  /// Compiles every node indexed so far, and those that references pull in on the way.
  mutating func compileAll() throws(SchemaError) {
    var next = 0
    while next < nodes.count {
      try compileKeywords(of: next)
      next += 1
    }
  }

  private mutating func compileKeywords(of index: Int) throws(SchemaError) {
    guard case .dictionary(let object) = sources[index].value else { return }
    let source = sources[index]
    let here = nodes[index].location
    var keywords: [SchemaKeyword] = []

    if let reference = object["$ref"] {
      let uri = source.base.resolving(try Self.string(reference, "$ref", here))
      keywords.append(.ref(try resolve(uri, at: here + "/$ref")))
    }
    if let reference = object["$dynamicRef"] {
      let uri = source.base.resolving(try Self.string(reference, "$dynamicRef", here))
      let target = try resolve(uri, at: here + "/$dynamicRef")
      var anchor: String? = nil
      if let name = uri.fragment, !name.isEmpty, !name.hasPrefix("/"),
        nodes[nodes[target].resource].dynamicAnchors[name] == target
      {
        anchor = name
      }
      keywords.append(.dynamicRef(target, anchor: anchor))
    }
    if source.vocabularies.validation {
      keywords += try validationKeywords(object, here)
    }
    keywords += try applicatorKeywords(object, source, here)
    if let format = object["format"] {
      keywords.append(.format(try Self.string(format, "format", here)))
    }
    if let node = source.children["unevaluatedItems"] { keywords.append(.unevaluatedItems(node)) }
    if let node = source.children["unevaluatedProperties"] { keywords.append(.unevaluatedProperties(node)) }
    if source.vocabularies.formatAssertion { formatAsserts = true }
    nodes[index].keywords = keywords
  }

  private func validationKeywords(
    _ object: PropertyListDictionary, _ here: String
  ) throws(SchemaError)
    -> [SchemaKeyword]
  {
    var keywords: [SchemaKeyword] = []
    if let type = object["type"] {
      let names: [PropertyList] = type.arrayValue ?? [type]
      var types: [JSONType] = []
      for name in names {
        guard let text = name.stringValue, let parsed = JSONType(rawValue: text) else {
          throw SchemaError(
            at: here + "/type",
            "expected a type name (null, boolean, object, array, number, string, integer), found \(JSONRendering.render(schemaValue: name))"
          )
        }
        types.append(parsed)
      }
      keywords.append(.type(types))
    }
    // A value that holds null matches no instance: property lists have no null.
    if let value = object["const"] { keywords.append(.const(value, matchable: !SchemaNull.isHeld(in: value))) }
    if let value = object["enum"] {
      guard let values = value.arrayValue else {
        throw SchemaError(at: here + "/enum", "expected an array of values, found \(value.schemaTypeName)")
      }
      keywords.append(.enumeration(values, Set(values.filter { !SchemaNull.isHeld(in: $0) }.map(JSONKey.init))))
    }
    if let value = object["multipleOf"] {
      guard let number = value.jsonNumber, number.compare(.integer(0)) == .greater else {
        throw SchemaError(
          at: here + "/multipleOf", "expected a number above 0, found \(JSONRendering.render(schemaValue: value))")
      }
      keywords.append(.multipleOf(number))
    }
    for (name, isMaximum, exclusive) in [
      ("maximum", true, false), ("exclusiveMaximum", true, true), ("minimum", false, false),
      ("exclusiveMinimum", false, true),
    ] {
      guard let value = object[name] else { continue }
      guard let number = value.jsonNumber else {
        throw SchemaError(at: here + "/" + name, "expected a number, found \(JSONRendering.render(schemaValue: value))")
      }
      keywords.append(isMaximum ? .maximum(number, exclusive: exclusive) : .minimum(number, exclusive: exclusive))
    }
    let counts: [(String, (Int) -> SchemaKeyword)] = [
      ("maxLength", SchemaKeyword.maxLength), ("minLength", SchemaKeyword.minLength),
      ("maxItems", SchemaKeyword.maxItems), ("minItems", SchemaKeyword.minItems),
      ("maxProperties", SchemaKeyword.maxProperties), ("minProperties", SchemaKeyword.minProperties),
    ]
    for (name, make) in counts {
      guard let value = object[name] else { continue }
      keywords.append(make(try Self.count(value, name, here)))
    }
    if let value = object["pattern"] {
      keywords.append(.pattern(try Self.pattern(try Self.string(value, "pattern", here), at: here + "/pattern")))
    }
    if let value = object["uniqueItems"] {
      guard let flag = value.boolValue else {
        throw SchemaError(
          at: here + "/uniqueItems", "expected a boolean, found \(JSONRendering.render(schemaValue: value))")
      }
      if flag { keywords.append(.uniqueItems) }
    }
    if let value = object["required"] {
      keywords.append(.required(try Self.strings(value, "required", here)))
    }
    if let value = object["dependentRequired"] {
      guard let members = value.dictionaryValue else {
        throw SchemaError(at: here + "/dependentRequired", "expected an object, found \(value.schemaTypeName)")
      }
      var dependencies: [(key: String, required: [String])] = []
      for (key, list) in members {
        dependencies.append((key, try Self.strings(list, "dependentRequired/" + JSONPointer.escape(key), here)))
      }
      keywords.append(.dependentRequired(dependencies))
    }
    return keywords
  }

  private func applicatorKeywords(
    _ object: PropertyListDictionary, _ source: Source, _ here: String
  )
    throws(SchemaError) -> [SchemaKeyword]
  {
    var keywords: [SchemaKeyword] = []
    let children = source.children
    func list(_ keyword: String) -> [Int]? {
      guard let count = object[keyword]?.arrayValue?.count else { return nil }
      return (0..<count).map { children[keyword + "/" + String($0)]! }
    }
    if object["properties"] != nil || object["patternProperties"] != nil || object["additionalProperties"] != nil {
      var members = SchemaKeyword.ObjectMembers(
        properties: [:], patterns: [], additional: children["additionalProperties"])
      for (name, _) in object["properties"]?.dictionaryValue ?? [:] {
        members.properties[ExactKey(name)] = children["properties/" + JSONPointer.escape(name)]!
      }
      for (pattern, _) in object["patternProperties"]?.dictionaryValue ?? [:] {
        let node = children["patternProperties/" + JSONPointer.escape(pattern)]!
        members.patterns.append(
          (try Self.pattern(pattern, at: here + "/patternProperties/" + JSONPointer.escape(pattern)), node))
      }
      keywords.append(.objectMembers(members))
    }
    if object["prefixItems"] != nil || object["items"] != nil {
      keywords.append(.arrayItems(prefix: list("prefixItems") ?? [], rest: children["items"]))
    }
    if let node = children["contains"] {
      var minimum = 1
      var maximum: Int? = nil
      if source.vocabularies.validation {
        if let value = object["minContains"] { minimum = try Self.count(value, "minContains", here) }
        if let value = object["maxContains"] { maximum = try Self.count(value, "maxContains", here) }
      }
      keywords.append(.contains(node, minimum: minimum, maximum: maximum))
    }
    if let node = children["propertyNames"] { keywords.append(.propertyNames(node)) }
    if let members = object["dependentSchemas"]?.dictionaryValue {
      keywords.append(
        .dependentSchemas(members.keys.map { ($0, children["dependentSchemas/" + JSONPointer.escape($0)]!) }))
    }
    if let nodes = list("allOf") { keywords.append(.allOf(nodes)) }
    if let nodes = list("anyOf") { keywords.append(.anyOf(nodes)) }
    if let nodes = list("oneOf") { keywords.append(.oneOf(nodes)) }
    if let node = children["not"] { keywords.append(.not(node)) }
    if let node = children["if"] {
      keywords.append(.conditional(if: node, then: children["then"], else: children["else"]))
    }
    return keywords
  }

  // MARK: - Keyword values

  private static func string(_ value: PropertyList, _ keyword: String, _ here: String) throws(SchemaError) -> String {
    guard let text = value.stringValue else {
      throw SchemaError(
        at: here + "/" + keyword, "expected a string, found \(JSONRendering.render(schemaValue: value))")
    }
    return text
  }

  private static func strings(
    _ value: PropertyList, _ keyword: String, _ here: String
  ) throws(SchemaError)
    -> [String]
  {
    guard let elements = value.arrayValue else {
      throw SchemaError(at: here + "/" + keyword, "expected an array of strings, found \(value.schemaTypeName)")
    }
    var result: [String] = []
    for element in elements {
      guard let text = element.stringValue else {
        throw SchemaError(
          at: here + "/" + keyword,
          "expected an array of strings, found \(JSONRendering.render(schemaValue: element)) in it")
      }
      result.append(text)
    }
    return result
  }

  /// A non-negative integer (a whole real like `2.0` counts, as the spec allows).
  private static func count(_ value: PropertyList, _ keyword: String, _ here: String) throws(SchemaError) -> Int {
    if let integer = value.integerValue, !integer.isNegative {
      return integer.int64Value.map { Int($0) } ?? Int.max
    }
    if let real = value.realValue, real >= 0, value.isJSONInteger {
      return real >= 9.2e18 ? Int.max : Int(real)
    }
    throw SchemaError(
      at: here + "/" + keyword, "expected a non-negative integer, found \(JSONRendering.render(schemaValue: value))")
  }

  private static func pattern(_ source: String, at here: String) throws(SchemaError) -> ECMAPattern {
    do {
      return try ECMAPattern(source)
    } catch {
      throw SchemaError(at: here, error.message)
    }
  }
}
