import PlistKit

extension TypedstreamArchive {
  /// The plain view of the stream, in the shape a keyed archive's plain view has: Foundation
  /// containers become plain arrays, dictionaries, strings, numbers, dates and data; attributed
  /// strings, colours, fonts and `NSValue` geometry their view by meaning; other objects a
  /// dictionary with `$class`, `$classes` (the chain) and `$values` (every value they wrote,
  /// in order), so that nothing read is hidden.
  ///
  /// The root is the single value of the stream when there is one, else an array of every root
  /// value. A shared object is expanded at each place; a reference back into an ancestor is a
  /// cycle and becomes a marker dictionary naming the ancestor's key path.
  ///
  /// Expanding shared objects can grow without bound: the objects of a nib refer to each other
  /// all through (a 10 KB nib expands past millions of nodes). When the expanded view would have
  /// more than `limits.maximumExpandedNodes` nodes (counted first, in one pass over the
  /// objects), each object shown as an array or dictionary is shown in full at its first place
  /// only, and at every other place as `{"$shared": "key.path.of.the.first.place"}`; strings,
  /// numbers and other single values are shown everywhere. The view then grows with the stream.
  ///
  /// - Throws: ``TypedstreamError/Kind/limitExceeded`` past `limits.maximumExpandedNodes`
  ///   nodes even so, or past `limits.maximumDepth` levels (the error's offset is 0: the view is
  ///   past the reading).
  public func plainView(
    options: PlainViewOptions = .default, limits: TypedstreamLimits = .default
  ) throws(TypedstreamError) -> PropertyList {
    var renderer = TypedstreamPlainRenderer(archive: self, options: options, limits: limits)
    let values = roots.flatMap(\.values)
    if values.count == 1 { return try renderer.render(values[0], depth: 0) }
    var elements: [PropertyList] = []
    for (position, value) in values.enumerated() {
      elements.append(try renderer.render(value, under: String(position), depth: 1))
    }
    return .array(elements)
  }
}

/// Renders the stored values of an archive as plain values, one object at a time.
struct TypedstreamPlainRenderer {
  let archive: TypedstreamArchive
  let options: PlainViewOptions
  let limits: TypedstreamLimits
  private var ancestors: [Int: Int] = [:]
  private var trail: [String] = []
  private var renderedCount = 0
  /// Whether an object shown as a container is shown in full at its first place only: decided
  /// when an object comes a second time (a stream without shared objects never counts).
  private var marksSharedObjects: Bool?
  /// Which objects have been shown, to notice the first that comes again.
  private var shownObjects: [Bool] = []
  /// The key path of each object's first place, once ``marksSharedObjects`` is set.
  private var firstPlaces: [Int: String] = [:]

  /// The key of the marker that stands for an object shown in full at an earlier place.
  static let sharedMarkerKey = "$shared"

  init(archive: TypedstreamArchive, options: PlainViewOptions, limits: TypedstreamLimits) {
    self.archive = archive
    self.options = options
    self.limits = limits
  }

  mutating func render(
    _ value: TypedstreamValue, under key: String, depth: Int
  ) throws(TypedstreamError)
    -> PropertyList
  {
    trail.append(key)
    defer { trail.removeLast() }
    return try render(value, depth: depth)
  }

  /// Renders `value` at the place `components` below the current one names in the view, so
  /// that the key paths of markers and errors lead to it.
  mutating func render(
    _ value: TypedstreamValue, under components: [String], depth: Int
  ) throws(TypedstreamError)
    -> PropertyList
  {
    trail += components
    defer { trail.removeLast(components.count) }
    return try render(value, depth: depth)
  }

  mutating func render(_ value: TypedstreamValue, depth: Int) throws(TypedstreamError) -> PropertyList {
    guard depth <= limits.maximumDepth else {
      throw limitError("the plain view nests deeper than the limit of \(limits.maximumDepth)")
    }
    renderedCount += 1
    guard renderedCount <= limits.maximumExpandedNodes else {
      throw limitError("the plain view has more than \(limits.maximumExpandedNodes) nodes")
    }
    switch value {
    case .integer(let integer): return .integer(integer)
    case .unsignedInteger(let integer): return .integer(PropertyListInteger(integer))
    case .boolean(let bool): return .boolean(bool)
    case .float(let float): return .real(Double(float))
    case .double(let double): return .real(double)
    case .cString(let bytes), .atom(let bytes), .selector(let bytes), .bytes(let bytes): return Self.text(bytes)
    case .byteArray(let bytes): return .data(bytes)
    case .nil: return options.nullValue
    case .class(let index): return .string(archive.classes[index].name)
    case .object(let index): return try renderObject(index, depth: depth)
    case .array(let elements):
      var rendered: [PropertyList] = []
      rendered.reserveCapacity(elements.count)
      for (position, element) in elements.enumerated() {
        rendered.append(try render(element, under: String(position), depth: depth + 1))
      }
      return .array(rendered)
    case .structure(let name, let fields):
      if let geometry = TypedstreamGeometry(name: name, fields: fields) { return geometry.plain }
      var rendered: [PropertyList] = []
      for (position, field) in fields.enumerated() {
        rendered.append(try render(field, under: String(position), depth: depth + 1))
      }
      return .array(rendered)
    }
  }

  /// Bytes as a string when they are UTF-8, else as data.
  static func text(_ bytes: [UInt8]) -> PropertyList {
    if let string = String(validating: bytes, as: UTF8.self) { return .string(string) }
    return .data(bytes)
  }

  private mutating func renderObject(_ index: Int, depth: Int) throws(TypedstreamError) -> PropertyList {
    if let length = ancestors[index] { return options.cycleMarker(toAncestorAt: trail.prefix(length)) }
    if let place = firstPlaces[index] {
      return .dictionary(PropertyListDictionary([(Self.sharedMarkerKey, .string(place.isEmpty ? "(root)" : place))]))
    }
    if marksSharedObjects == nil {
      if shownObjects.isEmpty { shownObjects = Array(repeating: false, count: archive.objects.count) }
      if shownObjects[index] {
        marksSharedObjects = expandedSize() > limits.maximumExpandedNodes
      } else {
        shownObjects[index] = true
      }
    }
    // An object shown before the decision is shown in full once more at its next place, and
    // only then marked: still at most twice.
    let view = try renderObjectInFull(index, depth: depth)
    if marksSharedObjects == true, view.arrayValue != nil || view.dictionaryValue != nil {
      firstPlaces[index] = PropertyListKeyPath(components: trail).description
    }
    return view
  }

  /// The size of the whole view with shared objects expanded at every place, up to one past
  /// the limit.
  private func expandedSize() -> Int {
    var sizes = ExpandedSizes(archive: archive, cap: limits.maximumExpandedNodes + 1, maximumDepth: limits.maximumDepth)
    var total = 0
    for group in archive.roots {
      for value in group.values where total < sizes.cap {
        total = min(sizes.cap, total + sizes.size(of: value, depth: 0))
      }
    }
    return total
  }

  private mutating func renderObjectInFull(_ index: Int, depth: Int) throws(TypedstreamError) -> PropertyList {
    ancestors[index] = trail.count
    defer { ancestors[index] = nil }
    let object = archive.objects[index]
    let chain = archive.classChain(of: object.classIndex)
    if let view = try renderKnownClass(object, chain: chain, depth: depth) { return view }
    var entries: [(String, PropertyList)] = []
    if options.includesClassNames {
      entries.append(("$class", .string(chain.first ?? "")))
      entries.append(("$classes", .array(chain.map { .string($0) })))
    }
    var values: [PropertyList] = []
    trail.append("$values")
    defer { trail.removeLast() }
    for value in object.groups.lazy.flatMap(\.values) {
      values.append(try render(value, under: String(values.count), depth: depth + 1))
    }
    entries.append(("$values", .array(values)))
    return .dictionary(PropertyListDictionary(entries))
  }

  func limitError(_ message: String) -> TypedstreamError {
    let place = PropertyListKeyPath(components: trail).description
    return TypedstreamError(.limitExceeded, at: 0, place.isEmpty ? message : "\(place): \(message)")
  }
}

/// The size of the plain view with every shared object expanded at each place, as the renderer
/// would count it, stopping at `cap`. An object's size is kept for its next places unless a
/// cycle cut inside it leads to an object still open above it (its size then depends on the
/// path to it); the count is never less than the renderer's, and costs at most about `cap`
/// steps, none of which allocates.
struct ExpandedSizes {
  let archive: TypedstreamArchive
  let cap: Int
  let maximumDepth: Int
  private var sizes: [Int?]
  /// Where each object being counted stands on the path from the root.
  private var openPositions: [Int?]
  private var pathLength = 0
  /// The highest position on the path that a cycle cut referred to, since it was last reset.
  private var highestCut = Int.max

  init(archive: TypedstreamArchive, cap: Int, maximumDepth: Int) {
    self.archive = archive
    self.cap = cap
    self.maximumDepth = maximumDepth
    sizes = Array(repeating: nil, count: archive.objects.count)
    openPositions = Array(repeating: nil, count: archive.objects.count)
  }

  mutating func size(of value: TypedstreamValue, depth: Int) -> Int {
    // Deeper than the view goes, the view refuses by depth: no need to count on.
    guard depth <= maximumDepth else { return 1 }
    switch value {
    case .object(let index):
      if let size = sizes[index] { return size }
      if let position = openPositions[index] {
        highestCut = min(highestCut, position)
        return 1
      }
      let position = pathLength
      openPositions[index] = position
      pathLength += 1
      let outerCut = highestCut
      highestCut = Int.max
      var size = 1
      for group in archive.objects[index].groups where size < cap {
        size = min(cap, size + total(of: group.values, depth: depth) - 1)
      }
      let innerCut = highestCut
      highestCut = min(outerCut, innerCut)
      pathLength -= 1
      openPositions[index] = nil
      if innerCut >= position { sizes[index] = size }
      return size
    case .array(let elements): return total(of: elements, depth: depth)
    case .structure(_, let fields): return total(of: fields, depth: depth)
    default: return 1
    }
  }

  /// One node for the container, and the sizes of its members.
  private mutating func total(of values: [TypedstreamValue], depth: Int) -> Int {
    var total = 1
    for value in values where total < cap {
      total = min(cap, total + size(of: value, depth: depth + 1))
    }
    return total
  }
}
