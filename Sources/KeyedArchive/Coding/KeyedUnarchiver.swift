import PlistKit

/// Decodes Swift values from a keyed archive: the analogue of `NSKeyedUnarchiver`.
///
/// ```swift
/// let unarchiver = try KeyedUnarchiver(bytes: bytes)
/// unarchiver.policy = .only([President.self], classNames: ["NSArray"])
/// let presidents = try unarchiver.decodeTopLevelArray(of: President.self, forKey: "Presidents")
/// ```
///
/// Objects decode with the ``ClassRegistry`` (with per-unarchiver overrides from
/// ``setClass(_:forClassName:)``) under a ``ClassPolicy``; every failure is a
/// ``KeyedArchiveError`` with the key path from `$top` down (`Presidents.3.Name`), never a
/// crash. An object referenced twice decodes once (classes stay shared).
public final class KeyedUnarchiver {
  /// The graph being decoded.
  public let graph: ObjectGraph
  /// The classes to decode with.
  public var registry: ClassRegistry
  /// The classes allowed; ``ArchiveDecoder/decodeObject(of:forKey:)`` narrows it for one
  /// object and what it contains.
  public var policy: ClassPolicy
  /// The deepest nesting of objects decoded (each level is a few calls on the stack).
  public var maximumDepth: Int

  private var overrides: [ExactKey: ClassRegistry.Entry] = [:]
  private var decoded: [Int: Any] = [:]
  private var inProgress: Set<Int> = []
  private var depth = 0

  /// Makes an unarchiver for a graph.
  public init(
    graph: ObjectGraph, registry: ClassRegistry = .foundation, policy: ClassPolicy = .permissive,
    maximumDepth: Int = 128
  ) {
    self.graph = graph
    self.registry = registry
    self.policy = policy
    self.maximumDepth = maximumDepth
  }

  /// Makes an unarchiver for an archive's property list.
  public convenience init(archive: PropertyList, limits: ArchiveLimits = .default) throws(KeyedArchiveError) {
    self.init(graph: try ObjectGraph(archive: archive, limits: limits))
  }

  /// Makes an unarchiver for the bytes of an archive in any plist format.
  public convenience init(bytes: [UInt8], limits: ArchiveLimits = .default) throws(KeyedArchiveError) {
    self.init(graph: try ObjectGraph(bytes: bytes, limits: limits))
  }

  /// Decodes objects archived under `className` as `type`, for this unarchiver only (like
  /// `NSKeyedUnarchiver.setClass(_:forClassName:)`). It takes precedence over the registry.
  public func setClass<T: ArchiveCodable>(_ type: T.Type, forClassName className: String) {
    overrides[ExactKey(className)] = ClassRegistry.entry(for: type, name: className)
  }

  /// A decoder over `$top`, to decode top-level values by key.
  public var topLevel: ArchiveDecoder {
    ArchiveDecoder(unarchiver: self, fields: graph.top, path: [], classChain: nil)
  }

  /// The object under a `$top` key with the current policy (`root` is Foundation's key for
  /// `archivedData(withRootObject:)`).
  public func decodeTopLevelObject(forKey key: String = "root") throws(KeyedArchiveError) -> Any? {
    try topLevel.decodeObject(forKey: key)
  }

  /// The object of type `T` under a `$top` key; only `T` is allowed.
  public func decodeTopLevelObject<T: ArchiveCodable>(
    of type: T.Type, forKey key: String = "root"
  )
    throws(KeyedArchiveError) -> T?
  {
    try topLevel.decodeObject(of: type, forKey: key)
  }

  /// The array of `T` under a `$top` key; only arrays and `T` are allowed.
  public func decodeTopLevelArray<T: ArchiveCodable>(
    of type: T.Type, forKey key: String = "root"
  )
    throws(KeyedArchiveError) -> [T]?
  {
    try topLevel.decodeArray(of: type, forKey: key)
  }

  // MARK: - Decoding references

  /// Decodes the object a field value refers to.
  ///
  /// `path` makes the key path of the value; it is called only for an error or an object
  /// (whose decoder carries its path), not for the many inline values.
  func decodeReference(
    _ value: PropertyList, path: () -> [String], policy: ClassPolicy
  ) throws(KeyedArchiveError)
    -> Any?
  {
    switch value {
    case .uid(let uid):
      guard uid < UInt64(graph.count) else {
        throw KeyedArchiveError(.referenceOutOfRange, at: path(), "reference \(uid) names no object")
      }
      return try decodeNode(Int(uid), path: path, policy: policy)
    case .array, .dictionary:
      throw KeyedArchiveError(
        .typeMismatch, at: path(), "expected an object reference, found an inline \(value.kind.rawValue)")
    default:
      return try decodeInline(value, path: path, policy: policy)
    }
  }

  private func decodeNode(
    _ id: Int, path makePath: () -> [String], policy: ClassPolicy
  ) throws(KeyedArchiveError)
    -> Any?
  {
    switch graph.objects[id] {
    case .null: return nil
    case .value(let value): return try decodeInline(value, path: makePath, policy: policy)
    case .instance(let instance):
      let path = makePath()
      let entry = try resolveEntry(instance.classChain, path: path, policy: policy)
      if let existing = decoded[id] { return existing }
      guard !inProgress.contains(id) else {
        throw KeyedArchiveError(
          .cycle, at: path,
          "object \(id) (\(instance.className)) refers back to itself through its fields; \(withArticle(entry.name)) cannot be decoded through a cycle (decode the ObjectGraph instead)"
        )
      }
      guard depth < maximumDepth else {
        throw KeyedArchiveError(.limitExceeded, at: path, "objects nested deeper than the limit of \(maximumDepth)")
      }
      depth += 1
      inProgress.insert(id)
      let savedPolicy = self.policy
      self.policy = policy
      defer {
        depth -= 1
        inProgress.remove(id)
        self.policy = savedPolicy
      }
      let decoder = ArchiveDecoder(
        unarchiver: self, fields: instance.fields, path: path, classChain: instance.classChain)
      if entry.isGeneric {
        let object = GenericArchivedObject(classChain: instance.classChain)
        decoded[id] = object
        object.fields = try decoder.genericFields()
        return object
      }
      let result = try entry.decode(decoder)
      decoded[id] = result
      return result
    }
  }

  /// The entry to decode a class with, checked against the policy before anything is made.
  private func resolveEntry(
    _ chain: ClassChain, path: [String], policy: ClassPolicy
  ) throws(KeyedArchiveError)
    -> ClassRegistry.Entry
  {
    var found: ClassRegistry.Entry?
    func lookUp(_ name: String) -> ClassRegistry.Entry? {
      if !overrides.isEmpty, let entry = overrides[ExactKey(name)] { return entry }
      if !policy.typeEntries.isEmpty, let entry = policy.typeEntries[name] { return entry }
      return registry.entry(forClassName: name)
    }
    // The class itself, then its chain: as `lookupOrder`, without making the array.
    found = lookUp(chain.className)
    for name in chain.classes where found == nil { found = lookUp(name) }
    guard let entry = found else {
      guard policy.allowedClassNames == nil, policy.allowsUnknownClasses else {
        throw KeyedArchiveError(
          .unknownClass, at: path,
          "no type is registered for class \(chain.className) or its superclasses (\(chain.classes.joined(separator: ", ")))"
        )
      }
      return BuiltinClasses.generic
    }
    guard policy.allows(entry) else {
      let decodedAs = entry.name.exactlyEquals(chain.className) ? "" : " (decoded as \(entry.name))"
      throw KeyedArchiveError(
        .classNotAllowed, at: path,
        "class \(chain.className)\(decodedAs) is not allowed here; allowed: \(policy.summary)")
    }
    return entry
  }

  /// An inline value as its Swift value: String, Int64 (UInt64 above Int64.max), Double,
  /// Bool, [UInt8], PropertyListDate.
  private func decodeInline(
    _ value: PropertyList, path: () -> [String], policy: ClassPolicy
  ) throws(KeyedArchiveError)
    -> Any
  {
    let className: String
    let result: Any
    switch value {
    case .string(let string): (className, result) = ("NSString", string)
    case .integer(let integer):
      className = "NSNumber"
      result = integer.int64Value.map { $0 as Any } ?? integer.uint64Value! as Any
    case .real(let real): (className, result) = ("NSNumber", real)
    case .boolean(let bool): (className, result) = ("NSNumber", bool)
    case .data(let bytes): (className, result) = ("NSData", bytes)
    case .date(let date): (className, result) = ("NSDate", date)
    default:
      throw KeyedArchiveError(.typeMismatch, at: path(), "expected an object, found \(value.kind.rawValue)")
    }
    guard policy.allowsInline(className) else {
      throw KeyedArchiveError(
        .classNotAllowed, at: path(), "class \(className) is not allowed here; allowed: \(policy.summary)")
    }
    return result
  }
}
