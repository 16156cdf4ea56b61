import PlistKit

/// Turns schema documents into linked ``SchemaNode``s: first indexes every subschema of a
/// document (its base URI, `$id`, `$anchor`, `$dynamicAnchor`), then compiles each node's
/// keywords, resolving references to node indices and loading referenced documents through
/// the ``SchemaRegistry`` as they are met.
struct SchemaCompiler {
  /// Where a node's schema came from, kept while compiling.
  struct Source {
    var value: PropertyList
    var base: SchemaURI
    var document: String
    var pointer: [String]
    /// How many pointer tokens lead from the document root to this node's resource root.
    var resourcePointerStart: Int
    var vocabularies: SchemaVocabularies
    /// The node of the resource root.
    var resource: Int
    /// Subschema positions (`items`, `properties/Name`, `allOf/0`) → node.
    var children: [String: Int] = [:]
  }

  /// Schemas nested deeper than this are refused (no schema a person writes comes close).
  static let maximumDepth = 256

  var registry: SchemaRegistry
  let mainDocument: String
  var nodes: [SchemaNode] = []
  var sources: [Source] = []
  /// `documentOrResourceURI#pointer` → node.
  private var byLocation: [String: Int] = [:]
  /// Resource URI (no fragment) → its root node.
  private var resources: [String: Int] = [:]
  /// `resourceURI#name` → node, for `$anchor` and `$dynamicAnchor`.
  private var anchors: [String: Int] = [:]
  private var loadedDocuments: Set<String> = []
  var formatAsserts = false

  init(registry: SchemaRegistry, mainDocument: SchemaURI) {
    self.registry = registry
    self.mainDocument = mainDocument.withoutFragment.description
  }

  // MARK: - Indexing

  /// Indexes a whole document and returns its root node.
  mutating func addDocument(_ document: PropertyList, uri: SchemaURI) throws(SchemaError) -> Int {
    let key = uri.withoutFragment.description
    loadedDocuments.insert(key)
    let source = Source(
      value: document, base: uri.withoutFragment, document: key, pointer: [], resourcePointerStart: 0,
      vocabularies: SchemaVocabularies(), resource: nodes.count)
    return try visit(document, inheriting: source, pointer: [])
  }

  private func location(document: String, pointer: [String]) -> String {
    (document == mainDocument ? "" : document) + "#" + JSONPointer.pointer(pointer)
  }

  private mutating func visit(
    _ value: PropertyList, inheriting parent: Source, pointer: [String]
  ) throws(SchemaError)
    -> Int
  {
    let here = location(document: parent.document, pointer: pointer)
    guard pointer.count <= Self.maximumDepth else {
      throw SchemaError(at: here, "the schema is nested more than \(Self.maximumDepth) levels deep")
    }
    let index = nodes.count
    var source = parent
    source.value = value
    source.pointer = pointer
    source.children = [:]
    var isResourceRoot = pointer.isEmpty
    let object: PropertyListDictionary
    switch value {
    case .boolean(let boolean):
      if isResourceRoot { source.resource = index }
      nodes.append(SchemaNode(boolean: boolean, resource: source.resource, location: here))
      sources.append(source)
      register(index, source: source)
      return index
    case .dictionary(let dictionary):
      object = dictionary
    default:
      throw SchemaError(at: here, "expected a schema (an object or a boolean), found \(value.schemaTypeName)")
    }
    if let id = object["$id"] {
      guard let text = id.stringValue else {
        throw SchemaError(at: here + "/$id", "expected $id to be a string, found \(id.schemaTypeName)")
      }
      let resolved = source.base.resolving(text)
      if let fragment = resolved.fragment, !fragment.isEmpty {
        throw SchemaError(at: here + "/$id", "expected $id without a fragment, found \(JSONRendering.quoted(text))")
      }
      source.base = resolved.withoutFragment
      isResourceRoot = true
    }
    if isResourceRoot {
      source.resource = index
      source.resourcePointerStart = pointer.count
      if resources[source.base.description] == nil { resources[source.base.description] = index }
      // A document is also known by the URI it was retrieved from, whatever its `$id` says.
      if pointer.isEmpty && resources[source.document] == nil { resources[source.document] = index }
      if let metaSchema = object["$schema"] {
        source.vocabularies = try vocabularies(of: metaSchema, at: here + "/$schema")
      }
    }
    let resource = source.resource
    nodes.append(SchemaNode(boolean: nil, resource: resource, location: here))
    sources.append(source)
    register(index, source: source)
    for keyword in ["$anchor", "$dynamicAnchor"] {
      guard let anchor = object[keyword] else { continue }
      guard let name = anchor.stringValue, Self.isAnchorName(name) else {
        throw SchemaError(
          at: here + "/" + keyword,
          "expected an anchor name like \"node\", found \(JSONRendering.render(schemaValue: anchor))")
      }
      let key = source.base.description + "#" + name
      if anchors[key] == nil { anchors[key] = index }
      if keyword == "$dynamicAnchor" && nodes[resource].dynamicAnchors[name] == nil {
        nodes[resource].dynamicAnchors[name] = index
      }
    }
    var children: [String: Int] = [:]
    for (keyword, shape) in Self.subschemaKeywords {
      guard let child = object[keyword] else { continue }
      switch shape {
      case .single:
        children[keyword] = try visit(child, inheriting: source, pointer: pointer + [keyword])
      case .list:
        guard case .array(let elements) = child, !elements.isEmpty else {
          throw SchemaError(
            at: here + "/" + keyword, "expected a non-empty array of schemas, found \(child.schemaTypeName)")
        }
        for (position, element) in elements.enumerated() {
          children[keyword + "/" + String(position)] = try visit(
            element, inheriting: source, pointer: pointer + [keyword, String(position)])
        }
      case .map:
        guard case .dictionary(let members) = child else {
          throw SchemaError(at: here + "/" + keyword, "expected an object of schemas, found \(child.schemaTypeName)")
        }
        for (name, member) in members {
          children[keyword + "/" + JSONPointer.escape(name)] = try visit(
            member, inheriting: source, pointer: pointer + [keyword, name])
        }
      }
    }
    sources[index].children = children
    return index
  }

  private mutating func register(_ index: Int, source: Source) {
    let documentKey = source.document + "#" + JSONPointer.pointer(source.pointer)
    if byLocation[documentKey] == nil { byLocation[documentKey] = index }
    let resourceKey =
      source.base.description + "#" + JSONPointer.pointer(Array(source.pointer[source.resourcePointerStart...]))
    if byLocation[resourceKey] == nil { byLocation[resourceKey] = index }
  }

  private enum Shape { case single, list, map }

  /// The keywords whose values are subschemas, and how they hold them.
  private static let subschemaKeywords: [(String, Shape)] = [
    ("$defs", .map), ("properties", .map), ("patternProperties", .map), ("dependentSchemas", .map),
    ("prefixItems", .list), ("allOf", .list), ("anyOf", .list), ("oneOf", .list),
    ("items", .single), ("contains", .single), ("additionalProperties", .single), ("propertyNames", .single),
    ("if", .single), ("then", .single), ("else", .single), ("not", .single),
    ("unevaluatedItems", .single), ("unevaluatedProperties", .single), ("contentSchema", .single),
  ]

  private static func isAnchorName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first.isASCII,
      first.properties.isAlphabetic || first == "_"
    else { return false }
    return name.unicodeScalars.allSatisfy {
      $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
    }
  }

  /// The vocabularies a `$schema` names: all of them for the draft 2020-12 meta-schema, those
  /// of its `$vocabulary` for a custom meta-schema the registry has.
  private func vocabularies(of metaSchema: PropertyList, at here: String) throws(SchemaError) -> SchemaVocabularies {
    guard let text = metaSchema.stringValue else {
      throw SchemaError(at: here, "expected $schema to be a URI string, found \(metaSchema.schemaTypeName)")
    }
    let uri = SchemaURI(text).withoutFragment
    guard uri.description != MetaSchemas.draft202012 else { return SchemaVocabularies() }
    // Other drafts' meta-schemas are not bundled: their schemas are read as draft 2020-12.
    guard let document = try? registry.document(for: uri), let declared = document["$vocabulary"]?.dictionaryValue
    else { return SchemaVocabularies() }
    var result = SchemaVocabularies()
    result.validation = false
    for (vocabulary, required) in declared {
      let name =
        vocabulary.hasPrefix(SchemaVocabularies.vocabularyPrefix)
        ? String(vocabulary.dropFirst(SchemaVocabularies.vocabularyPrefix.count)) : nil
      guard let name, SchemaVocabularies.known.contains(name) else {
        if required.boolValue == true {
          throw SchemaError(at: here, "the meta-schema requires the unsupported vocabulary \(vocabulary)")
        }
        continue
      }
      if name == "validation" { result.validation = true }
      if name == "format-assertion" { result.formatAssertion = true }
    }
    return result
  }

  // MARK: - Resolving

  /// The node a reference names, loading and indexing its document when needed.
  mutating func resolve(_ uri: SchemaURI, at here: String) throws(SchemaError) -> Int {
    let documentKey = uri.withoutFragment.description
    if resources[documentKey] == nil && !loadedDocuments.contains(documentKey) {
      let document: PropertyList
      do {
        document = try registry.document(for: uri)
      } catch {
        throw SchemaError(at: here, "cannot resolve \(uri): \(error.message)")
      }
      _ = try addDocument(document, uri: uri)
    }
    guard let resource = resources[documentKey] else {
      throw SchemaError(at: here, "cannot resolve \(uri): no schema resource has that URI")
    }
    guard let fragment = JSONPointer.percentDecoded(uri.fragment ?? "") else {
      throw SchemaError(at: here, "cannot resolve \(uri): malformed percent escape in the fragment")
    }
    if fragment.isEmpty { return resource }
    guard fragment.hasPrefix("/") else {
      guard let node = anchors[documentKey + "#" + fragment] else {
        throw SchemaError(
          at: here, "cannot resolve \(uri): no $anchor or $dynamicAnchor named \(JSONRendering.quoted(fragment))")
      }
      return node
    }
    if let node = byLocation[documentKey + "#" + fragment] { return node }
    return try nodeByWalking(from: resource, pointer: fragment, uri: uri, at: here)
  }

  /// A pointer into a place the indexing did not visit (inside an unknown keyword): walk the
  /// raw value and index what is there.
  private mutating func nodeByWalking(
    from resource: Int, pointer: String, uri: SchemaURI, at here: String
  )
    throws(SchemaError) -> Int
  {
    guard let tokens = JSONPointer.tokens(pointer) else {
      throw SchemaError(at: here, "cannot resolve \(uri): malformed JSON Pointer")
    }
    var value = sources[resource].value
    for token in tokens {
      switch value {
      case .dictionary(let object) where object[token] != nil:
        value = object[token]!
      case .array(let elements) where Int(token).map(elements.indices.contains) == true:
        value = elements[Int(token)!]
      default:
        throw SchemaError(at: here, "cannot resolve \(uri): the pointer leads nowhere")
      }
    }
    let parent = sources[resource]
    return try visit(value, inheriting: parent, pointer: parent.pointer + tokens)
  }
}
