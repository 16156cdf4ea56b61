import PlistKit

/// Class name → Swift type, for decoding.
///
/// An archived object is decoded with the first registered name along its class chain:
/// `$classname`, then each of `$classes` (its superclasses), as Foundation falls back to a
/// superclass it knows when the class itself is missing. ``foundation`` has the Foundation
/// classes built in; register your own types, or override one name per unarchiver with
/// ``KeyedUnarchiver/setClass(_:forClassName:)``.
public struct ClassRegistry: Sendable {
  /// A registered class: how to decode it.
  public struct Entry: Sendable {
    /// The class name it is registered under.
    public let name: String
    /// The class and its superclasses as the policy sees them.
    public let classChain: [String]
    /// The Swift type, when it is an ``ArchiveCodable`` type.
    let typeID: ObjectIdentifier?
    /// Decodes an instance.
    let decode: @Sendable (ArchiveDecoder) throws(KeyedArchiveError) -> Any
    /// True for types that are made before their fields are decoded and so can sit in a
    /// reference cycle (``GenericArchivedObject``).
    let isGeneric: Bool

    init(
      name: String, classChain: [String], typeID: ObjectIdentifier?, isGeneric: Bool = false,
      decode: @escaping @Sendable (ArchiveDecoder) throws(KeyedArchiveError) -> Any
    ) {
      self.name = name
      self.classChain = classChain
      self.typeID = typeID
      self.isGeneric = isGeneric
      self.decode = decode
    }
  }

  private var entries: [ExactKey: Entry] = [:]

  /// An empty registry (not even the Foundation classes).
  public init() {}

  /// The Foundation classes: NSArray, NSDictionary, NSSet, NSOrderedSet, NSString, NSData
  /// (and their mutable subclasses), NSCountedSet, NSDate, NSNull, NSUUID, NSURL.
  public static let foundation: ClassRegistry = {
    var registry = ClassRegistry()
    for entry in BuiltinClasses.entries { registry.entries[ExactKey(entry.name)] = entry }
    return registry
  }()

  /// Registers `type` under `name` (by default its `$classname`).
  public mutating func register<T: ArchiveCodable>(_ type: T.Type, forClassName name: String? = nil) {
    let entry = Self.entry(for: type, name: name)
    entries[ExactKey(entry.name)] = entry
  }

  /// The entry registered under exactly `name`.
  public func entry(forClassName name: String) -> Entry? { entries[ExactKey(name)] }

  /// The entry for an archived class: the first name of its chain that is registered.
  public func resolve(_ chain: ClassChain) -> Entry? {
    for name in chain.lookupOrder { if let entry = entries[ExactKey(name)] { return entry } }
    return nil
  }

  static func entry<T: ArchiveCodable>(for type: T.Type, name: String?) -> Entry {
    let chain = T.archiveClassChain
    let registeredName = name ?? chain.first ?? String(describing: T.self)
    return Entry(
      name: registeredName, classChain: [registeredName] + chain, typeID: ObjectIdentifier(T.self)
    ) { (decoder) throws(KeyedArchiveError) in try T(from: decoder) }
  }
}
