import PlistKit

extension ObjectGraph {
  /// The plain view of the archive, as forensic tools render archives: Foundation containers
  /// become plain arrays, dictionaries, strings, numbers, dates and data; other objects become
  /// dictionaries with a `$class` entry (see ``PlainViewOptions``) and their fields.
  ///
  /// The root is the object of the single `$top` key `root` when that is the only key, else a
  /// dictionary of every `$top` key, as `nska_deserialize` does. Shared objects are expanded
  /// where each reference is (a tree has no sharing); a reference back into an ancestor is a
  /// cycle and becomes a marker dictionary naming the ancestor's key path instead of recursing.
  ///
  /// - Throws: ``KeyedArchiveError/Kind/limitExceeded`` before rendering when the expanded
  ///   tree would have more than `limits.maximumExpandedNodes` nodes (an archive of shared
  ///   references can describe an exponential tree), or when objects nest deeper than
  ///   `limits.maximumDepth`.
  public func plainView(
    options: PlainViewOptions = .default, limits: ArchiveLimits = .default
  ) throws(KeyedArchiveError)
    -> PropertyList
  {
    try checkReferences()
    var renderer = PlainViewRenderer(graph: self, options: options, limits: limits)
    try renderer.checkExpandedSize()
    if top.count == 1, top.keys[0].lowercased() == "root" {
      return try renderer.render(top.values[0], depth: 0)
    }
    var result = PropertyListDictionary()
    for (key, value) in top {
      result[key] = try renderer.render(value, under: key, depth: 0)
    }
    return .dictionary(result)
  }
}

extension ObjectGraph {
  /// The plain view of one value of this graph (a reference `.uid(id)`, or a field's inline
  /// value), rendered as ``plainView(options:limits:)`` renders it where it occurs.
  ///
  /// The graph's references must be in range (a graph read from an archive always is: see
  /// ``checkReferences()``); they are not checked again here, so that rendering many values
  /// of one graph stays cheap. Rendering stops with ``KeyedArchiveError/Kind/limitExceeded``
  /// past `limits.maximumExpandedNodes` nodes or `limits.maximumDepth` levels.
  package func plainView(
    of value: PropertyList, options: PlainViewOptions = .default, limits: ArchiveLimits = .default
  ) throws(KeyedArchiveError) -> PropertyList {
    var renderer = PlainViewRenderer(graph: self, options: options, limits: limits)
    return try renderer.render(value, depth: 0)
  }
}

/// Renders a graph as a tree, one object at a time.
struct PlainViewRenderer {
  let graph: ObjectGraph
  let options: PlainViewOptions
  let limits: ArchiveLimits
  /// Node id → length of ``trail`` where it is being rendered, for the objects on the
  /// current path.
  private var ancestors: [Int: Int] = [:]
  /// The key path of the value being rendered, kept as a stack so that no path is built
  /// for the many values that need none.
  private var trail: [String] = []
  private var renderedCount = 0

  init(graph: ObjectGraph, options: PlainViewOptions, limits: ArchiveLimits) {
    self.graph = graph
    self.options = options
    self.limits = limits
  }

  /// Computes the size of the expanded tree in one linear pass (sizes memoized per object,
  /// saturating just above the limit), so that a bomb is refused before any work.
  func checkExpandedSize() throws(KeyedArchiveError) {
    let cap = limits.maximumExpandedNodes + 1
    var size = [Int](repeating: -1, count: graph.count)  // -1 new, -2 on the path
    var references = [[Int]](repeating: [], count: graph.count)
    var roots: [Int] = []
    for value in graph.top.values { ArchiveNumbering.collectReferences(value, into: &roots) }
    var stack: [(node: Int, next: Int, total: Int)] = []
    var total = 0
    for root in roots {
      if size[root] < 0 {
        stack.append((root, 0, 1))
        size[root] = -2
        if case .instance(let instance) = graph.objects[root] {
          for value in instance.fields.values { ArchiveNumbering.collectReferences(value, into: &references[root]) }
        }
      }
      while !stack.isEmpty {
        let top = stack.count - 1
        let node = stack[top].node
        if stack[top].next == references[node].count {
          size[node] = min(stack[top].total, cap)
          stack.removeLast()
          if !stack.isEmpty { stack[stack.count - 1].total = min(stack[stack.count - 1].total + size[node], cap) }
          continue
        }
        let target = references[node][stack[top].next]
        stack[top].next += 1
        switch size[target] {
        case -2: stack[top].total = min(stack[top].total + 1, cap)  // a cycle marker
        case -1:
          size[target] = -2
          if case .instance(let instance) = graph.objects[target] {
            for value in instance.fields.values { ArchiveNumbering.collectReferences(value, into: &references[target]) }
          }
          stack.append((target, 0, 1))
        default: stack[top].total = min(stack[top].total + size[target], cap)
        }
      }
      total = min(total + max(size[root], 1), cap)
    }
    if total >= cap {
      throw KeyedArchiveError(
        .limitExceeded, at: "$top",
        "the plain view would expand \(graph.count) shared objects into more than \(limits.maximumExpandedNodes) nodes")
    }
  }

  /// Renders a field or a `$top` value.
  /// Renders a value one key below the current one.
  mutating func render(_ value: PropertyList, under key: String, depth: Int) throws(KeyedArchiveError) -> PropertyList {
    trail.append(key)
    defer { trail.removeLast() }
    return try render(value, depth: depth)
  }

  /// Renders a value at the current key path.
  mutating func render(_ value: PropertyList, depth: Int) throws(KeyedArchiveError) -> PropertyList {
    guard depth <= limits.maximumDepth else {
      throw KeyedArchiveError(.limitExceeded, at: trail, "nested deeper than the limit of \(limits.maximumDepth)")
    }
    renderedCount += 1
    guard renderedCount <= limits.maximumExpandedNodes else {
      throw KeyedArchiveError(
        .limitExceeded, at: trail, "the plain view has more than \(limits.maximumExpandedNodes) nodes")
    }
    switch value {
    case .uid(let uid): return try renderObject(Int(uid), depth: depth)
    case .array(let elements):
      var result: [PropertyList] = []
      result.reserveCapacity(elements.count)
      for (position, element) in elements.enumerated() {
        result.append(try render(element, under: String(position), depth: depth + 1))
      }
      return .array(result)
    case .dictionary(let dictionary):
      var result = PropertyListDictionary()
      for (key, element) in dictionary { result[key] = try render(element, under: key, depth: depth + 1) }
      return .dictionary(result)
    default: return value
    }
  }

  private mutating func renderObject(_ id: Int, depth: Int) throws(KeyedArchiveError) -> PropertyList {
    guard case .instance(let instance) = graph.objects[id] else {
      if case .value(let value) = graph.objects[id] { return value }
      return options.nullValue
    }
    if let length = ancestors[id] {
      let ancestor = PropertyListKeyPath(components: Array(trail.prefix(length))).description
      return .dictionary(
        PropertyListDictionary([(options.cycleMarkerKey, .string(ancestor.isEmpty ? "(root)" : ancestor))]))
    }
    ancestors[id] = trail.count
    defer { ancestors[id] = nil }
    if let plain = try renderFoundationObject(instance, depth: depth) { return plain }
    var result = PropertyListDictionary()
    if options.includesClassNames { result["$class"] = .string(instance.className) }
    for (key, value) in instance.fields { result[key] = try render(value, under: key, depth: depth + 1) }
    return .dictionary(result)
  }

  /// The plain form of a Foundation object, or nil when the object is not one or its fields
  /// do not have Foundation's shape (it is then shown as a generic object).
  private mutating func renderFoundationObject(
    _ instance: ArchivedInstance, depth: Int
  ) throws(KeyedArchiveError) -> PropertyList? {
    guard let name = instance.classChain.lookupOrder.first(where: { FoundationClass.layouts[$0] != nil }) else {
      return nil
    }
    let fields = instance.fields
    switch name {
    case "NSArray", "NSMutableArray", "NSSet", "NSMutableSet":
      guard case .array? = fields["NS.objects"] else { return nil }
      return try render(fields["NS.objects"]!, depth: depth)
    case "NSOrderedSet", "NSMutableOrderedSet":
      guard case .success(let members) = FoundationMembers.orderedSet(fields, className: name) else { return nil }
      return try render(.array(members), depth: depth)
    case "NSCountedSet":
      // Each member with its count: `[{"object": member, "count": n}, …]` in archive order.
      guard case .success(let entries) = FoundationMembers.countedSet(fields, className: name) else { return nil }
      var result: [PropertyList] = []
      for (position, (member, count)) in entries.enumerated() {
        let object = try render(member, under: "NS.object\(position)", depth: depth + 2)
        result.append(.dictionary(PropertyListDictionary([("object", object), ("count", .integer(count))])))
      }
      return .array(result)
    case "NSDictionary", "NSMutableDictionary":
      guard case .array(let keys)? = fields["NS.keys"], case .array(let objects)? = fields["NS.objects"],
        keys.count == objects.count
      else { return nil }
      var result = PropertyListDictionary()
      for (position, (key, object)) in zip(keys, objects).enumerated() {
        let renderedKey = try render(key, depth: depth + 1)
        guard let keyText = Self.keyText(renderedKey) else {
          throw KeyedArchiveError(
            .typeMismatch, at: trail + ["NS.keys", String(position)],
            "a dictionary key must be a string, a number, a boolean or a date, found \(Self.kindName(renderedKey))")
        }
        result[keyText] = try render(object, under: keyText, depth: depth + 1)
      }
      return .dictionary(result)
    case "NSString", "NSMutableString":
      if case .string(let string)? = fields["NS.string"] { return .string(string) }
      if case .data(let bytes)? = fields["NS.bytes"] { return .string(String(decoding: bytes, as: UTF8.self)) }
      return nil
    case "NSData", "NSMutableData":
      guard case .data(let bytes)? = fields["NS.data"] else { return nil }
      return .data(bytes)
    case "NSDate":
      guard let seconds = fields["NS.time"]?.doubleValue else { return nil }
      return .date(PropertyListDate(secondsSinceReferenceDate: seconds))
    case "NSUUID":
      guard case .data(let bytes)? = fields["NS.uuidbytes"], bytes.count == 16 else { return nil }
      return .string(ArchivedUUID(bytes: bytes).uuidString)
    case "NSURL":
      guard fields["NS.base"] == nil || fields["NS.base"] == .uid(0), let relative = fields["NS.relative"] else {
        return nil
      }
      return try render(relative, depth: depth)
    case "NSNull":
      return options.nullValue
    default:
      return nil
    }
  }

  /// A dictionary key as text: strings as they are, numbers, booleans and dates in their plain
  /// form (`nska_deserialize` uses Python's `str`); nil for a container, data or a UID, which
  /// have no text a key could be.
  static func keyText(_ value: PropertyList) -> String? {
    switch value {
    case .string(let string): string
    case .integer(let integer): integer.description
    case .real(let real): real.description
    case .boolean(let bool): bool ? "True" : "False"
    case .date(let date): date.iso8601
    case .array, .dictionary, .data, .uid: nil
    }
  }

  /// The kind of a value that cannot be a key, with its article, for messages.
  static func kindName(_ value: PropertyList) -> String {
    switch value {
    case .array: "an array"
    case .dictionary: "a dictionary"
    case .data: "data"
    case .uid: "a UID"
    default: "a scalar"
    }
  }
}
