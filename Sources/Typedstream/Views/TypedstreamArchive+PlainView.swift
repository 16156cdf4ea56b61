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
  /// - Throws: ``TypedstreamError/Kind/limitExceeded`` past `limits.maximumExpandedNodes`
  ///   nodes or `limits.maximumDepth` levels (the error's offset is 0: the view is past the
  ///   reading).
  public func plainView(
    options: TypedstreamPlainViewOptions = .default, limits: TypedstreamLimits = .default
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
  let options: TypedstreamPlainViewOptions
  let limits: TypedstreamLimits
  private var ancestors: [Int: Int] = [:]
  private var trail: [String] = []
  private var renderedCount = 0

  init(archive: TypedstreamArchive, options: TypedstreamPlainViewOptions, limits: TypedstreamLimits) {
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
    if let length = ancestors[index] {
      let ancestor = PropertyListKeyPath(components: Array(trail.prefix(length))).description
      return .dictionary(
        PropertyListDictionary([(options.cycleMarkerKey, .string(ancestor.isEmpty ? "(root)" : ancestor))]))
    }
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
