import PlistKit
import Typedstream

extension ObjectGraph {
  /// The plain view of the archive, as forensic tools render archives: Foundation containers
  /// become plain arrays, dictionaries, strings, numbers, dates and data; other objects become
  /// dictionaries with a `$class` entry (see ``PlainViewOptions``) and their fields. The classes
  /// an analyst meets (attributed strings, colours, `NSValue` geometry, index sets, decimal
  /// numbers, fonts, paragraph styles, time zones, locales, errors, …) show what they hold
  /// instead, each in one shape wherever it stands (the table of the keyed-archives guide); an
  /// object whose fields do not have its class's shape is shown like any other.
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
    var renderer = PlainViewRenderer(objects: self, options: options, limits: limits)
    try renderer.checkExpandedSize(top: top)
    return try renderer.value { (renderer, builder) throws(KeyedArchiveError) in
      try renderer.renderTop(top, into: &builder)
    }
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
    var renderer = PlainViewRenderer(objects: self, options: options, limits: limits)
    return try renderer.value { (renderer, builder) throws(KeyedArchiveError) in
      try renderer.render(value, depth: 0, into: &builder)
    }
  }
}

/// Renders the nodes of a graph as a tree, one object at a time, as events: into a value
/// builder for ``ObjectGraph/plainView(options:limits:)``, or into a writer.
struct PlainViewRenderer<Objects: ArchiveObjectSource> {
  var objects: Objects
  let options: PlainViewOptions
  let limits: ArchiveLimits
  /// Node id → length of ``trail`` where it is being rendered, for the objects on the
  /// current path.
  private var ancestors: [Int: Int] = [:]
  /// The key path of the value being rendered, kept as a stack so that no path is built
  /// for the many values that need none.
  private var trail: [String] = []
  private var renderedCount = 0
  /// The long string and data objects rendered so far: a later place is offered to the sink as
  /// a repeat first (a writer stops rather than write one long string out at many places).
  private var renderedScalars: Set<Int> = []
  /// The last class chain looked up and the Foundation class it names, if any: objects of one
  /// class come in runs.
  private var lastChain: ClassChain?
  private var lastFoundationName: String?

  init(objects: Objects, options: PlainViewOptions, limits: ArchiveLimits) {
    self.objects = objects
    self.options = options
    self.limits = limits
  }

  /// What `render` reports, as a value.
  mutating func value(
    _ render: (inout Self, inout PropertyListTreeBuilder) throws(KeyedArchiveError) -> Void
  ) throws(KeyedArchiveError) -> PropertyList {
    var builder = PropertyListTreeBuilder()
    try render(&self, &builder)
    return builder.root!
  }

  /// Renders the root: the object of the single `$top` key `root` when that is the only key,
  /// else a dictionary of every `$top` key, as `nska_deserialize` does.
  mutating func renderTop<Sink: PropertyListEventSink>(
    _ top: PropertyListDictionary, into sink: inout Sink
  ) throws(KeyedArchiveError) {
    if top.count == 1, top.keys[0].lowercased() == "root" {
      return try render(top.values[0], depth: 0, into: &sink)
    }
    try report(into: &sink) { (sink) throws(PropertyListError) in try sink.beginDictionary() }
    for (key, value) in top {
      try report(key: key, into: &sink)
      try render(value, under: key, depth: 0, into: &sink)
    }
    try report(into: &sink) { (sink) throws(PropertyListError) in try sink.endDictionary() }
  }

  /// Computes the size of the expanded tree in one linear pass (sizes memoized per object,
  /// saturating just above the limit), so that a bomb is refused before any work.
  mutating func checkExpandedSize(top: PropertyListDictionary) throws(KeyedArchiveError) {
    let cap = limits.maximumExpandedNodes + 1
    var size = [Int](repeating: -1, count: objects.count)  // -1 new, -2 on the path
    let (references, starts) = try objects.referenceTable()
    var roots: [Int] = []
    for value in top.values { ArchiveNumbering.collectReferences(value, into: &roots) }
    var stack: [(node: Int, next: Int, total: Int)] = []
    var total = 0
    for root in roots {
      if size[root] < 0 {
        stack.append((root, 0, 1))
        size[root] = -2
      }
      while !stack.isEmpty {
        let top = stack.count - 1
        let node = stack[top].node
        if stack[top].next == starts[node + 1] - starts[node] {
          size[node] = min(stack[top].total, cap)
          stack.removeLast()
          if !stack.isEmpty { stack[stack.count - 1].total = min(stack[stack.count - 1].total + size[node], cap) }
          continue
        }
        let target = references[starts[node] + stack[top].next]
        stack[top].next += 1
        switch size[target] {
        case -2: stack[top].total = min(stack[top].total + 1, cap)  // a cycle marker
        case -1:
          size[target] = -2
          stack.append((target, 0, 1))
        default: stack[top].total = min(stack[top].total + size[target], cap)
        }
      }
      total = min(total + max(size[root], 1), cap)
    }
    if total >= cap {
      throw KeyedArchiveError(
        .limitExceeded, at: "$top",
        "the plain view would expand \(objects.count) shared objects into more than \(limits.maximumExpandedNodes) nodes"
      )
    }
  }

  /// Renders a value one key below the current one.
  mutating func render<Sink: PropertyListEventSink>(
    _ value: PropertyList, under key: String, depth: Int, into sink: inout Sink
  ) throws(KeyedArchiveError) {
    trail.append(key)
    defer { trail.removeLast() }
    try render(value, depth: depth, into: &sink)
  }

  /// Renders a value at the current key path.
  mutating func render<Sink: PropertyListEventSink>(
    _ value: PropertyList, depth: Int, into sink: inout Sink
  ) throws(KeyedArchiveError) {
    guard depth <= limits.maximumDepth else {
      throw KeyedArchiveError(.limitExceeded, at: trail, "nested deeper than the limit of \(limits.maximumDepth)")
    }
    renderedCount += 1
    guard renderedCount <= limits.maximumExpandedNodes else {
      throw KeyedArchiveError(
        .limitExceeded, at: trail, "the plain view has more than \(limits.maximumExpandedNodes) nodes")
    }
    switch value {
    case .uid(let uid): try renderObject(Int(uid), depth: depth, into: &sink)
    case .array(let elements):
      try report(into: &sink) { (sink) throws(PropertyListError) in try sink.beginArray() }
      for (position, element) in elements.enumerated() {
        try render(element, under: String(position), depth: depth + 1, into: &sink)
      }
      try report(into: &sink) { (sink) throws(PropertyListError) in try sink.endArray() }
    case .dictionary(let dictionary):
      try report(into: &sink) { (sink) throws(PropertyListError) in try sink.beginDictionary() }
      for (key, element) in dictionary {
        try report(key: key, into: &sink)
        try render(element, under: key, depth: depth + 1, into: &sink)
      }
      try report(into: &sink) { (sink) throws(PropertyListError) in try sink.endDictionary() }
    default: try report(value, into: &sink)
    }
  }

  private mutating func renderObject<Sink: PropertyListEventSink>(
    _ id: Int, depth: Int, into sink: inout Sink
  ) throws(KeyedArchiveError) {
    let object = try objects.object(id)
    guard case .instance(let instance) = object else {
      if case .value(let value) = object {
        if try reportRepeat(of: value, object: id, into: &sink) { return }
        return try report(value, into: &sink)
      }
      return try report(options.nullValue, into: &sink)
    }
    if let length = ancestors[id] {
      return try report(options.cycleMarker(toAncestorAt: trail.prefix(length)), into: &sink)
    }
    ancestors[id] = trail.count
    defer { ancestors[id] = nil }
    if try renderFoundationObject(instance, depth: depth, into: &sink) { return }
    try report(into: &sink) { (sink) throws(PropertyListError) in try sink.beginDictionary() }
    if options.includesClassNames {
      try report(key: "$class", into: &sink)
      try report(.string(instance.className), into: &sink)
    }
    for (key, value) in instance.fields {
      try report(key: key, into: &sink)
      try render(value, under: key, depth: depth + 1, into: &sink)
    }
    try report(into: &sink) { (sink) throws(PropertyListError) in try sink.endDictionary() }
  }

  /// Renders the plain form of a Foundation object; false when the object is not one or its
  /// fields do not have Foundation's shape (it is then shown as a generic object), with
  /// nothing rendered.
  private mutating func renderFoundationObject<Sink: PropertyListEventSink>(
    _ instance: ArchivedInstance, depth: Int, into sink: inout Sink
  ) throws(KeyedArchiveError) -> Bool {
    guard let name = foundationName(of: instance.classChain) else { return false }
    let fields = instance.fields
    switch name {
    case "NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSHashTable":
      guard case .array? = fields["NS.objects"] else { return false }
      try render(fields["NS.objects"]!, depth: depth, into: &sink)
    case "NSOrderedSet", "NSMutableOrderedSet":
      guard case .success(let members) = FoundationMembers.orderedSet(fields, className: name) else { return false }
      try render(.array(members), depth: depth, into: &sink)
    case "NSCountedSet":
      // Each member with its count: `[{"object": member, "count": n}, …]` in archive order.
      guard case .success(let entries) = FoundationMembers.countedSet(fields, className: name) else { return false }
      try report(into: &sink) { (sink) throws(PropertyListError) in try sink.beginArray() }
      for (position, (member, count)) in entries.enumerated() {
        try report(into: &sink) { (sink) throws(PropertyListError) in try sink.beginDictionary() }
        try report(key: "object", into: &sink)
        try render(member, under: "NS.object\(position)", depth: depth + 2, into: &sink)
        try report(key: "count", into: &sink)
        try report(.integer(count), into: &sink)
        try report(into: &sink) { (sink) throws(PropertyListError) in try sink.endDictionary() }
      }
      try report(into: &sink) { (sink) throws(PropertyListError) in try sink.endArray() }
    case "NSDictionary", "NSMutableDictionary", "NSMapTable":
      guard case .array(let keys)? = fields["NS.keys"], case .array(let objects)? = fields["NS.objects"],
        keys.count == objects.count
      else { return false }
      try report(into: &sink) { (sink) throws(PropertyListError) in try sink.beginDictionary() }
      for (position, (key, object)) in zip(keys, objects).enumerated() {
        let renderedKey = try value { (renderer, builder) throws(KeyedArchiveError) in
          try renderer.render(key, depth: depth + 1, into: &builder)
        }
        guard let keyText = renderedKey.plainViewKeyText else {
          throw KeyedArchiveError(
            .typeMismatch, at: trail + ["NS.keys", String(position)],
            "a dictionary key must be a string, a number, a boolean or a date, found \(Self.kindName(renderedKey))")
        }
        try report(key: keyText, into: &sink)
        try render(object, under: keyText, depth: depth + 1, into: &sink)
      }
      try report(into: &sink) { (sink) throws(PropertyListError) in try sink.endDictionary() }
    case "NSString", "NSMutableString":
      if case .string(let string)? = fields["NS.string"] {
        try report(.string(string), into: &sink)
      } else if case .data(let bytes)? = fields["NS.bytes"] {
        try report(.string(String(decoding: bytes, as: UTF8.self)), into: &sink)
      } else {
        return false
      }
    case "NSData", "NSMutableData":
      guard case .data(let bytes)? = fields["NS.data"] else { return false }
      try report(.data(bytes), into: &sink)
    case "NSDate":
      guard let seconds = fields["NS.time"]?.doubleValue else { return false }
      try report(.date(PropertyListDate(secondsSinceReferenceDate: seconds)), into: &sink)
    case "NSUUID":
      guard case .data(let bytes)? = fields["NS.uuidbytes"], bytes.count == 16 else { return false }
      try report(.string(ArchivedUUID(bytes: bytes).uuidString), into: &sink)
    case "NSURL":
      guard fields["NS.base"] == nil || fields["NS.base"] == .uid(0), let relative = fields["NS.relative"] else {
        return false
      }
      try render(relative, depth: depth, into: &sink)
    case "NSNull":
      try report(options.nullValue, into: &sink)
    default:
      guard let shape = try ClassViews.shape(of: name, fields, in: &objects) else { return false }
      try render(shape, depth: depth, into: &sink)
    }
    return true
  }

  /// Renders what a class view made of an object: its own values as they are, and the fields
  /// it left to the view rendered where they stand.
  private mutating func render<Sink: PropertyListEventSink>(
    _ shape: PlainShape, depth: Int, into sink: inout Sink
  ) throws(KeyedArchiveError) {
    switch shape {
    case .value(let value): try report(value, into: &sink)
    case .rendered(let value, let key): try render(value, under: key, depth: depth + 1, into: &sink)
    case .dictionary(let entries):
      try report(into: &sink) { (sink) throws(PropertyListError) in try sink.beginDictionary() }
      for (key, entry) in entries {
        try report(key: key, into: &sink)
        try render(entry, depth: depth + 1, into: &sink)
      }
      try report(into: &sink) { (sink) throws(PropertyListError) in try sink.endDictionary() }
    case .array(let elements):
      try report(into: &sink) { (sink) throws(PropertyListError) in try sink.beginArray() }
      for element in elements { try render(element, depth: depth + 1, into: &sink) }
      try report(into: &sink) { (sink) throws(PropertyListError) in try sink.endArray() }
    }
  }

  /// Offers a long string or data object met again to the sink as a repeat; true when the sink
  /// took it so.
  private mutating func reportRepeat<Sink: PropertyListEventSink>(
    of value: PropertyList, object id: Int, into sink: inout Sink
  ) throws(KeyedArchiveError) -> Bool {
    let length: Int
    switch value {
    case .string(let string): length = string.utf8.count
    case .data(let bytes): length = bytes.count
    default: return false
    }
    guard length >= 64, !renderedScalars.insert(id).inserted else { return false }
    var taken = false
    try report(into: &sink) { (sink) throws(PropertyListError) in
      if case .string = value {
        taken = try sink.repeatString(id, length: length)
      } else {
        taken = try sink.repeatData(id, length: length)
      }
    }
    return taken
  }

  /// The first class of `chain` whose Foundation layout or class view is known.
  private mutating func foundationName(of chain: ClassChain) -> String? {
    if let lastChain, lastChain.className.exactlyEquals(chain.className),
      lastChain.classes.elementsEqual(chain.classes, by: { $0.exactlyEquals($1) })
    {
      return lastFoundationName
    }
    lastChain = chain
    lastFoundationName = chain.lookupOrder.first(where: {
      FoundationClass.layouts[$0] != nil || ClassViews.names.contains($0)
    })
    return lastFoundationName
  }

  /// Hands events to the sink; what it throws ends the rendering, as a ``KeyedArchiveError``
  /// (a value builder never throws; a writer that stops is the caller's to notice).
  private func report<Sink: PropertyListEventSink>(
    into sink: inout Sink, _ events: (inout Sink) throws(PropertyListError) -> Void
  ) throws(KeyedArchiveError) {
    do {
      try events(&sink)
    } catch {
      throw KeyedArchiveError(error)
    }
  }

  /// Reports a whole value.
  private func report<Sink: PropertyListEventSink>(
    _ value: PropertyList, into sink: inout Sink
  )
    throws(KeyedArchiveError)
  {
    try report(into: &sink) { (sink) throws(PropertyListError) in try value.report(to: &sink) }
  }

  /// Reports a dictionary key.
  private func report<Sink: PropertyListEventSink>(key: String, into sink: inout Sink) throws(KeyedArchiveError) {
    try report(into: &sink) { (sink) throws(PropertyListError) in try PropertyList.report(key: key, to: &sink) }
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
