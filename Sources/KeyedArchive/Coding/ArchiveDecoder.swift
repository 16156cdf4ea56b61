import PlistKit

/// The keyed container an ``ArchiveCodable`` type decodes its fields from: the analogue of
/// `NSCoder`'s keyed decoding methods.
///
/// One rule for every type: a value decodes as nil when its key is missing, and an object (a
/// string, data, a date, any object) also when it refers to `$null`; give NSCoder's default
/// with `??` (`try decoder.decodeInt(forKey: "count") ?? 0`). A value of another type is a
/// ``KeyedArchiveError/Kind/typeMismatch`` error naming the key path; ``contains(_:)`` tells a
/// missing key from a present one.
public struct ArchiveDecoder {
  let unarchiver: KeyedUnarchiver
  let fields: PropertyListDictionary
  /// The key path from `$top` to the object being decoded.
  let path: [String]
  /// The class of the object being decoded; nil at the top level.
  public let classChain: ClassChain?

  init(unarchiver: KeyedUnarchiver, fields: PropertyListDictionary, path: [String], classChain: ClassChain?) {
    self.unarchiver = unarchiver
    self.fields = fields
    self.path = path
    self.classChain = classChain
  }

  /// The key path of the object being decoded, as text (`Presidents.3`).
  public var keyPath: String { PropertyListKeyPath(components: path).description }

  /// The keys of the object's fields, in archive order.
  public var allKeys: [String] { fields.keys }

  /// True when the object has a field named `key` (like `containsValue(forKey:)`).
  public func contains(_ key: String) -> Bool { fields[key] != nil }

  /// The raw field, references as `.uid(node id)` of ``KeyedUnarchiver/graph``.
  public func rawValue(forKey key: String) -> PropertyList? { fields[key] }

  // MARK: - Scalars

  /// A 64-bit integer; nil when absent.
  public func decodeInt64(forKey key: String) throws(KeyedArchiveError) -> Int64? {
    guard let value = try scalar(forKey: key) else { return nil }
    switch value {
    case .integer(let integer):
      guard let result = integer.int64Value else {
        throw mismatch(key, "an integer that fits in 64 signed bits", found: integer.description)
      }
      return result
    case .boolean(let bool): return bool ? 1 : 0
    default: throw mismatch(key, "an integer", found: value.kind.rawValue)
    }
  }

  /// A 32-bit integer; nil when absent. A value out of range is an error, not a truncation.
  public func decodeInt32(forKey key: String) throws(KeyedArchiveError) -> Int32? {
    guard let value = try decodeInt64(forKey: key) else { return nil }
    guard let result = Int32(exactly: value) else {
      throw mismatch(key, "an integer that fits in 32 bits", found: String(value))
    }
    return result
  }

  /// An integer of the platform's size; nil when absent.
  public func decodeInt(forKey key: String) throws(KeyedArchiveError) -> Int? {
    try decodeInt64(forKey: key).map { Int($0) }
  }

  /// A boolean; nil when absent. The integers 0 and 1 are accepted.
  public func decodeBool(forKey key: String) throws(KeyedArchiveError) -> Bool? {
    guard let value = try scalar(forKey: key) else { return nil }
    switch value {
    case .boolean(let bool): return bool
    case .integer(let integer) where integer == 0 || integer == 1: return integer == 1
    default: throw mismatch(key, "a boolean", found: value.kind.rawValue)
    }
  }

  /// A double; nil when absent. Integers are converted.
  public func decodeDouble(forKey key: String) throws(KeyedArchiveError) -> Double? {
    guard let value = try scalar(forKey: key) else { return nil }
    guard let result = value.doubleValue else { throw mismatch(key, "a number", found: value.kind.rawValue) }
    return result
  }

  /// A float; nil when absent.
  public func decodeFloat(forKey key: String) throws(KeyedArchiveError) -> Float? {
    try decodeDouble(forKey: key).map { Float($0) }
  }

  /// The field, following a reference to an inline number (as `encodeObject` of an NSNumber
  /// writes it); nil when absent or `$null`.
  private func scalar(forKey key: String) throws(KeyedArchiveError) -> PropertyList? {
    guard let value = fields[key] else { return nil }
    guard case .uid(let uid) = value else { return value }
    guard uid < UInt64(unarchiver.graph.count) else {
      throw KeyedArchiveError(.referenceOutOfRange, at: path + [key], "reference \(uid) names no object")
    }
    switch unarchiver.graph.objects[Int(uid)] {
    case .null: return nil
    case .value(let inline): return inline
    case .instance(let instance):
      throw mismatch(key, "a number", found: "an object of class \(instance.className)")
    }
  }

  // MARK: - Objects

  /// A string (NSString, inline or as an object), nil when absent or `$null`.
  public func decodeString(forKey key: String) throws(KeyedArchiveError) -> String? {
    try typed(forKey: key, policy: Self.stringPolicy, expected: "a string")
  }

  /// Bytes (NSData, inline or as an object), nil when absent or `$null`.
  public func decodeData(forKey key: String) throws(KeyedArchiveError) -> [UInt8]? {
    try typed(forKey: key, policy: Self.dataPolicy, expected: "data")
  }

  /// A date (NSDate), nil when absent or `$null`.
  public func decodeDate(forKey key: String) throws(KeyedArchiveError) -> PropertyListDate? {
    try typed(forKey: key, policy: Self.datePolicy, expected: "a date")
  }

  /// Any object, under the unarchiver's current policy; nil when absent or `$null`.
  public func decodeObject(forKey key: String) throws(KeyedArchiveError) -> Any? {
    guard let value = fields[key] else { return nil }
    return try unarchiver.decodeReference(value, path: { path + [key] }, policy: unarchiver.policy)
  }

  /// An object whose class must be allowed by `policy` (and so must every object inside it),
  /// like `decodeObject(of:forKey:)` of NSSecureCoding.
  public func decodeObject(allowing policy: ClassPolicy, forKey key: String) throws(KeyedArchiveError) -> Any? {
    guard let value = fields[key] else { return nil }
    return try unarchiver.decodeReference(value, path: { path + [key] }, policy: policy)
  }

  /// An object of type `T`; only `T` is allowed (not the objects `T` itself decodes, which
  /// `T` checks with its own calls).
  public func decodeObject<T: ArchiveCodable>(of type: T.Type, forKey key: String) throws(KeyedArchiveError) -> T? {
    try typed(forKey: key, policy: .only([type]), expected: "an object of class \(T.archiveClassChain.first ?? "")")
  }

  /// An array (NSArray) of `T`; only arrays and `T` are allowed.
  public func decodeArray<T: ArchiveCodable>(of type: T.Type, forKey key: String) throws(KeyedArchiveError) -> [T]? {
    guard let value = fields[key] else { return nil }
    let policy = ClassPolicy.only([type], classNames: ["NSArray", "NSOrderedSet"])
    guard let object = try unarchiver.decodeReference(value, path: { path + [key] }, policy: policy) else { return nil }
    guard let elements = object as? [Any] ?? (object as? ArchivedOrderedSet)?.elements else {
      throw mismatch(key, "an array", found: String(describing: Swift.type(of: object)))
    }
    var result: [T] = []
    result.reserveCapacity(elements.count)
    for (position, element) in elements.enumerated() {
      guard let typedElement = element as? T else {
        throw KeyedArchiveError(
          .typeMismatch, at: path + [key, String(position)],
          "expected \(T.self), found \(Swift.type(of: element))")
      }
      result.append(typedElement)
    }
    return result
  }

  private static let stringPolicy = ClassPolicy.only(["NSString"])
  private static let dataPolicy = ClassPolicy.only(["NSData"])
  private static let datePolicy = ClassPolicy.only(["NSDate"])

  private func typed<T>(forKey key: String, policy: ClassPolicy, expected: String) throws(KeyedArchiveError) -> T? {
    guard let value = fields[key] else { return nil }
    guard let object = try unarchiver.decodeReference(value, path: { path + [key] }, policy: policy) else { return nil }
    guard let result = object as? T else {
      throw mismatch(key, expected, found: String(describing: Swift.type(of: object)))
    }
    return result
  }

  // MARK: - Helpers for the built-in classes

  /// The objects of an array field of references (`NS.objects`), decoded in order.
  func decodeElements(forKey key: String, allowsNil: Bool = false) throws(KeyedArchiveError) -> [Any?] {
    guard let value = fields[key] else {
      throw KeyedArchiveError(
        .malformed, at: path + [key], "missing: \(withArticle(classChain?.className ?? "object")) needs it")
    }
    guard case .array(let references) = value else {
      throw mismatch(key, "an array of references", found: value.kind.rawValue)
    }
    var result: [Any?] = []
    result.reserveCapacity(references.count)
    for (position, reference) in references.enumerated() {
      let element = try unarchiver.decodeReference(
        reference, path: { path + [key, String(position)] }, policy: unarchiver.policy)
      if element == nil && !allowsNil {
        throw KeyedArchiveError(
          .malformed, at: path + [key, String(position)],
          "\(withArticle(classChain?.className ?? "collection")) cannot hold nil")
      }
      result.append(element)
    }
    return result
  }

  /// One member of a collection, at `keys` below the object (`NS.object.3`); a collection
  /// cannot hold nil.
  func decodeMember(_ reference: PropertyList, at keys: [String]) throws(KeyedArchiveError) -> Any {
    let element = try unarchiver.decodeReference(reference, path: { path + keys }, policy: unarchiver.policy)
    guard let element else {
      throw KeyedArchiveError(
        .malformed, at: path + keys, "\(withArticle(classChain?.className ?? "collection")) cannot hold nil")
    }
    return element
  }

  /// The fields of a generic object, references decoded.
  func genericFields() throws(KeyedArchiveError) -> [(key: String, value: GenericArchivedObject.Field)] {
    var result: [(key: String, value: GenericArchivedObject.Field)] = []
    for (key, value) in fields { result.append((key, try genericField(value, path: path + [key], depth: 0))) }
    return result
  }

  private func genericField(
    _ value: PropertyList, path: [String], depth: Int
  ) throws(KeyedArchiveError)
    -> GenericArchivedObject.Field
  {
    guard depth < unarchiver.maximumDepth else {
      throw KeyedArchiveError(.limitExceeded, at: path, "nested deeper than the limit of \(unarchiver.maximumDepth)")
    }
    switch value {
    case .uid:
      return .object(try unarchiver.decodeReference(value, path: { path }, policy: unarchiver.policy))
    case .array(let elements) where Self.containsReference(value):
      var result: [GenericArchivedObject.Field] = []
      for (position, element) in elements.enumerated() {
        result.append(try genericField(element, path: path + [String(position)], depth: depth + 1))
      }
      return .array(result)
    case .dictionary(let dictionary) where Self.containsReference(value):
      var result: [(key: String, value: GenericArchivedObject.Field)] = []
      for (key, element) in dictionary {
        result.append((key, try genericField(element, path: path + [key], depth: depth + 1)))
      }
      return .dictionary(result)
    default:
      return .value(value)
    }
  }

  private static func containsReference(_ value: PropertyList) -> Bool {
    var references: [Int] = []
    ArchiveNumbering.collectReferences(value, into: &references)
    return !references.isEmpty
  }

  func mismatch(_ key: String, _ expected: String, found: String) -> KeyedArchiveError {
    KeyedArchiveError(.typeMismatch, at: path + [key], "expected \(expected), found \(found)")
  }
}
