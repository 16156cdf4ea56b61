import PlistKit

/// Encodes Swift values into a keyed archive: the analogue of `NSKeyedArchiver`.
///
/// ```swift
/// let archiver = KeyedArchiver()
/// try archiver.encode(presidents, forKey: "Presidents")
/// let bytes = try archiver.archivedBytes(format: .binary)
/// ```
///
/// Values become an ``ObjectGraph`` (see ``graph``), written by
/// ``ObjectGraph/archivedPropertyList()``: deterministic output, each class instance written
/// once however often it is referenced (by identity, cycles included), equal strings once.
///
/// Archivable values: ``ArchiveCodable`` types; `String`; integers, `Double`, `Float`,
/// `Bool` (NSNumber); `[UInt8]` (NSData); `PropertyListDate` (NSDate); arrays (NSArray),
/// dictionaries (NSDictionary, keys in sorted order), sets (NSSet, sorted);
/// ``ArchivedOrderedSet`` (NSOrderedSet) and ``ArchivedCountedSet`` (NSCountedSet), in the
/// layout Foundation writes;
/// ``ArchivedNull``, ``ArchivedUUID``, ``ArchivedURL``; ``GenericArchivedObject``; `nil`.
public final class KeyedArchiver {
  /// The graph built so far.
  public private(set) var graph = ObjectGraph()
  /// Write arrays, dictionaries and sets as NSMutableArray, NSMutableDictionary and
  /// NSMutableSet (as Foundation does for mutable collections).
  public var encodesMutableCollections: Bool

  private var identities: [ObjectIdentifier: Int] = [:]
  /// Instances encoded so far, kept alive so that their identifiers stay unique.
  private var retained: [AnyObject] = []
  private var classNames: [ExactKey: String] = [:]
  private var depth = 0
  /// The deepest nesting of values encoded.
  public var maximumDepth = 128

  /// Makes an archiver.
  public init(encodesMutableCollections: Bool = false) {
    self.encodesMutableCollections = encodesMutableCollections
  }

  /// Writes objects of class `className` under another name (like
  /// `NSKeyedArchiver.setClassName(_:for:)`): `$classname` and the first of `$classes`.
  public func setClassName(_ archivedName: String, forClassName className: String) {
    classNames[ExactKey(className)] = archivedName
  }

  /// Encodes `value` under a `$top` key (`root` is the key Foundation's
  /// `archivedData(withRootObject:)` uses).
  public func encode(_ value: Any?, forKey key: String = "root") throws(KeyedArchiveError) {
    graph.top[key] = try encodeReference(value, path: { [key] })
  }

  /// The archive as a property list.
  public func archivedPropertyList() throws(KeyedArchiveError) -> PropertyList {
    try graph.archivedPropertyList()
  }

  /// The archive's bytes in `format`.
  public func archivedBytes(format: PropertyListFormat = .binary) throws(KeyedArchiveError) -> [UInt8] {
    try graph.archivedBytes(format: format)
  }

  /// The archive of one root object under `root`, as a property list.
  public static func archivedPropertyList(withRootObject value: Any?) throws(KeyedArchiveError) -> PropertyList {
    let archiver = KeyedArchiver()
    try archiver.encode(value)
    return try archiver.archivedPropertyList()
  }

  /// The archive of one root object under `root`.
  public static func archivedBytes(
    withRootObject value: Any?, format: PropertyListFormat = .binary
  )
    throws(KeyedArchiveError) -> [UInt8]
  {
    let archiver = KeyedArchiver()
    try archiver.encode(value)
    return try archiver.archivedBytes(format: format)
  }

  // MARK: - Encoding values

  /// Adds the node for `value` (or finds the one already made for the same instance) and
  /// returns the reference to it.
  ///
  /// `makePath` gives the key path of the value; it is called only for an error or an
  /// instance, not for the many strings and numbers.
  func encodeReference(_ value: Any?, path makePath: () -> [String]) throws(KeyedArchiveError) -> PropertyList {
    guard var value else { return .uid(UInt64(ObjectGraph.nullID)) }
    if let string = value as? String { return .uid(UInt64(graph.add(.value(.string(string))))) }
    // An optional inside `Any` (an element of `[Any?]` passed as `Any`): archive what it holds.
    if let optional = value as? any OptionalValue {
      guard let wrapped = optional.wrappedValue else { return .uid(UInt64(ObjectGraph.nullID)) }
      value = wrapped
    }
    let isInstance = type(of: value as Any) is AnyClass
    if isInstance, let existing = identities[ObjectIdentifier(value as AnyObject)] {
      return .uid(UInt64(existing))
    }
    if let inline = Self.inlineValue(value) { return .uid(UInt64(graph.add(.value(inline)))) }
    let path = makePath()
    guard depth < maximumDepth else {
      throw KeyedArchiveError(.limitExceeded, at: path, "values nested deeper than the limit of \(maximumDepth)")
    }
    depth += 1
    defer { depth -= 1 }
    // Reserve the node first, so that a reference back to an instance being encoded (a
    // cycle) finds it.
    let id = graph.add(.null)
    if isInstance {
      identities[ObjectIdentifier(value as AnyObject)] = id
      retained.append(value as AnyObject)
    }
    let instance = try encodeInstance(value, path: path)
    graph[id] = .instance(instance)
    return .uid(UInt64(id))
  }

  /// The reference to a new node that holds no references (a string, data, a date), or to
  /// `$null`: it cannot fail, since nothing in it nests.
  func reference(toLeaf node: ArchivedObject?) -> PropertyList {
    guard let node else { return .uid(UInt64(ObjectGraph.nullID)) }
    return .uid(UInt64(graph.add(node)))
  }

  /// The NSDate object of a date.
  func dateInstance(_ date: PropertyListDate) -> ArchivedInstance {
    ArchivedInstance(
      classChain: chain(["NSDate", "NSObject"]), fields: ["NS.time": .real(date.secondsSinceReferenceDate)])
  }

  private static func inlineValue(_ value: Any) -> PropertyList? {
    switch value {
    case let string as String: .string(string)
    case let bool as Bool: .boolean(bool)
    case let number as Int: .integer(number)
    case let number as Int64: .integer(number)
    case let number as Int32: .integer(Int64(number))
    case let number as Int16: .integer(Int64(number))
    case let number as Int8: .integer(Int64(number))
    case let number as UInt64: .integer(number)
    case let number as UInt: .integer(UInt64(number))
    case let number as UInt32: .integer(UInt64(number))
    case let number as UInt16: .integer(UInt64(number))
    case let number as UInt8: .integer(UInt64(number))
    case let number as Double: .real(number)
    case let number as Float: .real(Double(number))
    case let bytes as [UInt8] where type(of: value) == [UInt8].self: .data(bytes)
    default: nil
    }
  }

  private func chain(_ classes: [String]) -> ClassChain {
    var names = classes
    if let renamed = classNames[ExactKey(names[0])] { names[0] = renamed }
    return ClassChain(names)
  }

  private func collectionChain(_ base: String) -> ClassChain {
    encodesMutableCollections
      ? chain(["NSMutable" + base.dropFirst(2), base, "NSObject"]) : chain([base, "NSObject"])
  }

  private func encodeInstance(_ value: Any, path: [String]) throws(KeyedArchiveError) -> ArchivedInstance {
    switch value {
    case let codable as any ArchiveCodable:
      let encoder = ArchiveEncoder(archiver: self, path: path)
      try codable.encode(to: encoder)
      return ArchivedInstance(classChain: chain(type(of: codable).archiveClassChain), fields: encoder.fields)
    case let object as GenericArchivedObject:
      var fields = PropertyListDictionary()
      for (key, field) in object.fields { fields[key] = try encodeField(field, path: path + [key]) }
      var classChain = object.classChain
      if let renamed = classNames[ExactKey(classChain.className)] { classChain.className = renamed }
      return ArchivedInstance(classChain: classChain, fields: fields)
    case let date as PropertyListDate:
      return dateInstance(date)
    case is ArchivedNull:
      return ArchivedInstance(classChain: chain(["NSNull", "NSObject"]))
    case let uuid as ArchivedUUID:
      return ArchivedInstance(classChain: chain(["NSUUID", "NSObject"]), fields: ["NS.uuidbytes": .data(uuid.bytes)])
    case let url as ArchivedURL:
      let base = try encodeReference(url.base?.url, path: { path + ["NS.base"] })
      let relative = try encodeReference(url.relative, path: { path + ["NS.relative"] })
      return ArchivedInstance(
        classChain: chain(["NSURL", "NSObject"]), fields: ["NS.base": base, "NS.relative": relative])
    case let orderedSet as ArchivedOrderedSet:
      // Foundation's layout: one field per member, `NS.object.0`, `NS.object.1`, …
      var fields = PropertyListDictionary()
      for (position, element) in orderedSet.elements.enumerated() {
        let key = "NS.object.\(position)"
        fields[key] = try encodeReference(element, path: { path + [key] })
      }
      return ArchivedInstance(classChain: collectionChain("NSOrderedSet"), fields: fields)
    case let countedSet as ArchivedCountedSet:
      // Foundation's layout: `NS.count`, then `NS.objectN` and `NS.countN` for each member.
      var fields: PropertyListDictionary = ["NS.count": .integer(countedSet.entries.count)]
      for (position, (object, count)) in countedSet.entries.enumerated() {
        guard count >= 1 else {
          throw KeyedArchiveError(
            .notEncodable, at: path + ["NS.count\(position)"], "a counted set's member counts 1 or more, found \(count)"
          )
        }
        fields["NS.object\(position)"] = try encodeReference(object, path: { path + ["NS.object\(position)"] })
        fields["NS.count\(position)"] = .integer(count)
      }
      return ArchivedInstance(classChain: chain(["NSCountedSet", "NSMutableSet", "NSSet", "NSObject"]), fields: fields)
    case let set as Set<AnyHashable>:
      let elements = Self.sorted(Array(set))
      var references: [PropertyList] = []
      for (position, element) in elements.enumerated() {
        references.append(try encodeReference(element.base, path: { path + [String(position)] }))
      }
      return ArchivedInstance(classChain: collectionChain("NSSet"), fields: ["NS.objects": .array(references)])
    case let dictionary as [AnyHashable: Any]:
      let keys = Self.sorted(Array(dictionary.keys))
      var keyReferences: [PropertyList] = []
      var objectReferences: [PropertyList] = []
      for key in keys {
        let keyPath = { path + [String(describing: key.base)] }
        keyReferences.append(try encodeReference(key.base, path: keyPath))
        objectReferences.append(try encodeReference(dictionary[key]!, path: keyPath))
      }
      return ArchivedInstance(
        classChain: collectionChain("NSDictionary"),
        fields: ["NS.keys": .array(keyReferences), "NS.objects": .array(objectReferences)])
    case let array as [Any]:
      var references: [PropertyList] = []
      references.reserveCapacity(array.count)
      for (position, element) in array.enumerated() {
        references.append(try encodeReference(element, path: { path + [String(position)] }))
      }
      return ArchivedInstance(classChain: collectionChain("NSArray"), fields: ["NS.objects": .array(references)])
    default:
      throw KeyedArchiveError(
        .notEncodable, at: path,
        "a value of type \(type(of: value)) has no archived form (conform it to ArchiveCodable)")
    }
  }

  private func encodeField(
    _ field: GenericArchivedObject.Field, path: [String]
  ) throws(KeyedArchiveError)
    -> PropertyList
  {
    switch field {
    case .value(let value): return value
    case .object(let object): return try encodeReference(object, path: { path })
    case .array(let fields):
      var result: [PropertyList] = []
      for (position, element) in fields.enumerated() {
        result.append(try encodeField(element, path: path + [String(position)]))
      }
      return .array(result)
    case .dictionary(let entries):
      var result = PropertyListDictionary()
      for (key, element) in entries { result[key] = try encodeField(element, path: path + [key]) }
      return .dictionary(result)
    }
  }

  /// A deterministic order for set elements and dictionary keys (Swift's hashing order
  /// changes from run to run): strings first by their UTF-8 bytes, then other values by
  /// their type name and description.
  private static func sorted(_ values: [AnyHashable]) -> [AnyHashable] {
    values.map { value -> (rank: Int, text: String, value: AnyHashable) in
      if let string = value.base as? String { return (0, string, value) }
      return (1, "\(type(of: value.base))\u{0}\(value.base)", value)
    }
    .sorted { left, right in
      left.rank != right.rank ? left.rank < right.rank : left.text.utf8.lexicographicallyPrecedes(right.text.utf8)
    }
    .map(\.value)
  }
}

/// Lets the archiver see through an `Optional` stored in an `Any`.
private protocol OptionalValue {
  var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
  fileprivate var wrappedValue: Any? { self.map { $0 as Any } }
}
