import FoundationEssentials
import KeyedArchive
import PlistKit

/// Decodes `Decodable` values from NSKeyedArchiver archives: what Foundation's
/// `NSKeyedUnarchiver` does for `NSCoding` classes, for Swift value types.
///
/// ```swift
/// let presidents = try KeyedArchiveDecoder().decode([President].self, from: bytes, forKey: "Presidents")
/// let root = try KeyedArchiveDecoder().decode(Thing.self, from: bytes)     // $top's root
/// ```
///
/// An archived object's fields are its keyed container, references followed transparently;
/// NSArray, NSSet and NSOrderedSet are unkeyed containers; NSDictionary a keyed container (a
/// `[String: V]`, a `[Int: V]`, or a type's keys) or, for other keys, key-value pairs as
/// Swift's dictionaries decode them; NSString is a `String`, NSNumber a number or `Bool`,
/// NSDate a `Date`, NSData `Data`, NSUUID a `UUID`, NSURL a `URL`, NSNull and `$null` nil. An
/// object referenced from several places decodes to equal values at each; an object that
/// refers back to itself is a `DecodingError` naming the key path, since a value cannot hold
/// a cycle.
///
/// Secure by default: an object of any class but Foundation's value classes decodes only as
/// a type that declares that class with ``KeyedArchivable`` (or one set for it with
/// ``setClass(_:forClassName:)``), or when ``policy`` allows the class (`ClassPolicy`, as
/// `KeyedUnarchiver` uses it). Anything else is refused, before it is decoded, with an error
/// naming the class and the key path.
///
/// Errors: an input that is not a property list is the reader's `PropertyListError`; one
/// that is not a keyed archive is a `KeyedArchiveError` with the `$objects` key path; a
/// value that does not fit its type is a `DecodingError` whose description starts with the
/// key path from `$top` (`Presidents.3.Name: …`).
///
/// A decoder is `Sendable`, as Foundation's coders are: its settings are kept behind a lock,
/// and each decoding reads them once when it starts.
public final class KeyedArchiveDecoder: Sendable {
  private let settings: CoderSettings<KeyedArchiveDecoding>

  /// Values for the types being decoded, as `Decoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable] {
    get { settings[\.userInfo] }
    set { settings[\.userInfo] = newValue }
  }

  /// Limits against hostile archives: the object count, the nesting depth, and how many
  /// values decoding may make (`maximumExpandedNodes`: an archive that shares objects is
  /// decoded at every place they occur).
  public var limits: ArchiveLimits {
    get { settings[\.limits] }
    set { settings[\.limits] = newValue }
  }

  /// Classes allowed besides the Foundation classes and the classes the types being decoded
  /// declare: `ClassPolicy/only(_:)-(Set<String>)` names some (their fields decode into any
  /// type), `ClassPolicy/permissive` allows all. By default none.
  public var policy: ClassPolicy {
    get { settings[\.classes.policy] }
    set { settings[\.classes.policy] = newValue }
  }

  /// Limits of the property-list reader under the archive.
  public var readingOptions: PropertyListReadingOptions {
    get { settings[\.readingOptions] }
    set { settings[\.readingOptions] = newValue }
  }

  /// Makes a decoder.
  public init(
    limits: ArchiveLimits = .default, policy: ClassPolicy = .only([]),
    readingOptions: PropertyListReadingOptions = .default, userInfo: [CodingUserInfoKey: any Sendable] = [:]
  ) {
    settings = CoderSettings(
      KeyedArchiveDecoding(
        userInfo: userInfo, limits: limits, classes: ArchiveClassRules(policy: policy), readingOptions: readingOptions))
  }

  /// Decodes objects archived under `className` as `type` too (like
  /// `NSKeyedUnarchiver.setClass(_:forClassName:)`): Foundation on Linux writes a Swift class's
  /// module-qualified name, such as `MyApp.Person`.
  public func setClass(_ type: any KeyedArchivable.Type, forClassName className: String) {
    settings.update { $0.classes.overrides[ExactKey(className)] = ObjectIdentifier(type) }
  }

  /// Decodes the object under the `$top` key `key` (`root`, the key Foundation's
  /// `archivedData(withRootObject:)` uses, by default) from an archive in any plist format.
  ///
  /// - Throws: `PropertyListError` when the bytes are not a property list,
  ///   `KeyedArchiveError` when they are not a keyed archive, `DecodingError` when the
  ///   object does not fit `type`.
  public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], forKey key: String = "root") throws -> T {
    let decoding = settings.snapshot
    let archive = try PropertyList(bytes: bytes, options: decoding.readingOptions)
    return try decoding.decode(type, from: ObjectGraph(archive: archive, limits: decoding.limits), forKey: key)
  }

  /// Decodes the object under a `$top` key from an archive in `Data`.
  public func decode<T: Decodable>(_ type: T.Type, from data: Data, forKey key: String = "root") throws -> T {
    try decode(type, from: [UInt8](data), forKey: key)
  }

  /// Decodes the object under a `$top` key of an object graph.
  public func decode<T: Decodable>(_ type: T.Type, from graph: ObjectGraph, forKey key: String = "root") throws -> T {
    try settings.snapshot.decode(type, from: graph, forKey: key)
  }
}

/// The settings of ``KeyedArchiveDecoder`` and the decoding of an object graph, run on a copy
/// read once when the decoding starts (see ``CoderSettings``).
private struct KeyedArchiveDecoding: Sendable {
  var userInfo: [CodingUserInfoKey: any Sendable]
  var limits: ArchiveLimits
  var classes: ArchiveClassRules
  var readingOptions: PropertyListReadingOptions

  func decode<T: Decodable>(_ type: T.Type, from graph: ObjectGraph, forKey key: String) throws -> T {
    var rules = DecodingRules(
      limits: PropertyListLimits(maximumDepth: limits.maximumDepth, maximumObjectCount: limits.maximumExpandedNodes),
      scalarsFromText: false)
    rules.classes = classes
    rules.numbersAreNSNumbers = true
    let source = try MapDecodingSource(archive: graph, rules: rules)
    let decoder = SourceDecoder(source: source, at: 0, userInfo: userInfo, limits: rules.limits)
    return try decoder.decodeTopLevel(type, forKey: key)
  }
}

extension SourceDecoder {
  /// Decodes the value under `key` of the dictionary at entry 0 (an archive's `$top`).
  func decodeTopLevel<T: Decodable>(_ type: T.Type, forKey key: String) throws -> T {
    // `$top` is not a value of the archive: neither counted against the budget nor checked.
    let dictionary =
      source.dictionary(at: 0, depth: 0) ?? DecodingDictionary(index: 0, count: 0, start: 1, slot: 0)
    let container = SourceKeyedContainer<PlistCodingKey>(
      decoder: self, dictionary: dictionary, pathNode: .root)
    let top = KeyedDecodingContainer(container)
    let codingKey = PlistCodingKey(stringValue: key)
    guard top.contains(codingKey), let index = container.valueIndex(for: key) else {
      let keys = top.allKeys.map { "\"\($0.stringValue)\"" }.joined(separator: ", ")
      throw DecodingError.valueNotFound(
        T.self,
        source.context(
          .root, nil,
          "the archive has no top-level object under \"\(key)\" ($top has \(keys.isEmpty ? "nothing" : keys))"))
    }
    // Not through the container, whose `decode` asks for the static type: `type` may be a
    // subclass, which decodes itself, as Foundation's decoders decode the type given.
    if ScalarType(type) != nil || source.isNull(index) { return try top.decode(type, forKey: codingKey) }
    return try unwrap(type, at: index, path: container.pathNode.appending(codingKey))
  }
}
