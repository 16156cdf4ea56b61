import FoundationEssentials
import KeyedArchive
import PlistKit

/// Encodes `Encodable` values as NSKeyedArchiver archives that Foundation's
/// `NSKeyedUnarchiver` reads back (with the classes registered through `setClass`).
///
/// ```swift
/// let archive: [UInt8] = try KeyedArchiveEncoder().encode(presidents, forKey: "Presidents")
/// try KeyedArchiveEncoder().encode(presidents).write(to: url)     // Data
/// ```
///
/// What is written, as Foundation's `NSKeyedArchiver` writes it: a ``KeyedArchivable`` value
/// is an object of its class (`$classes` from ``KeyedArchivable/archivedClassNames``) whose
/// fields are its keys, numbers and booleans stored in the fields themselves (as `encodeInteger`
/// and `encodeBool` store them) and anything else as a reference; any other keyed value is an
/// NSDictionary, arrays NSArray, sets NSSet, dictionaries NSDictionary (integer keys as
/// numbers, keys of other types from their encoded pairs), strings NSString, numbers NSNumber,
/// `Date` NSDate, `Data` NSData, `UUID` NSUUID, `URL` NSURL, `nil` the `$null` reference. Equal
/// strings are stored once and the object order is deterministic (see
/// `ObjectGraph/archivedPropertyList()`); dictionaries and sets, which Swift iterates in
/// no fixed order, are written in sorted order.
///
/// An encoder is `Sendable`, as Foundation's coders are: its settings are kept behind a lock,
/// and each encoding reads them once when it starts.
public final class KeyedArchiveEncoder: Sendable {
  private let settings: CoderSettings<KeyedArchiveEncoding>

  /// The plist format of the archive: binary (as Foundation writes) or XML.
  public var outputFormat: PropertyListFormat {
    get { settings[\.outputFormat] }
    set { settings[\.outputFormat] = newValue }
  }

  /// Values for the types being encoded, as `Encoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable] {
    get { settings[\.userInfo] }
    set { settings[\.userInfo] = newValue }
  }

  /// Write arrays, dictionaries and sets as NSMutableArray, NSMutableDictionary and
  /// NSMutableSet, as Foundation does for mutable collections.
  public var encodesMutableCollections: Bool {
    get { settings[\.encodesMutableCollections] }
    set { settings[\.encodesMutableCollections] = newValue }
  }

  /// The deepest nesting of values encoded.
  public var maximumDepth: Int {
    get { settings[\.maximumDepth] }
    set { settings[\.maximumDepth] = newValue }
  }

  /// Makes an encoder.
  public init(
    outputFormat: PropertyListFormat = .binary, encodesMutableCollections: Bool = false,
    userInfo: [CodingUserInfoKey: any Sendable] = [:]
  ) {
    settings = CoderSettings(
      KeyedArchiveEncoding(
        outputFormat: outputFormat, userInfo: userInfo, encodesMutableCollections: encodesMutableCollections,
        maximumDepth: ArchiveLimits.default.maximumDepth))
  }

  /// Archives `value` under the `$top` key `key` and writes it in ``outputFormat``.
  ///
  /// - Throws: `EncodingError.invalidValue` when the value encodes nothing, or something the
  ///   format cannot hold.
  public func encode<T: Encodable>(_ value: T, forKey key: String = "root") throws -> [UInt8] {
    let encoding = settings.snapshot
    let graph = try encoding.encodeGraph(value, forKey: key)
    do {
      return try graph.archivedBytes(format: encoding.outputFormat)
    } catch {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: [], debugDescription: "the archive cannot be written as \(encoding.outputFormat): \(error)",
          underlyingError: error))
    }
  }

  /// Archives `value` under the `$top` key `key` and writes it in ``outputFormat``, as `Data`:
  /// what Foundation's `NSKeyedArchiver.archivedData(withRootObject:requiringSecureCoding:)`
  /// returns. The `[UInt8]` form is chosen where either would do.
  ///
  /// - Throws: `EncodingError.invalidValue`, as the `[UInt8]` form.
  @_disfavoredOverload
  public func encode<T: Encodable>(_ value: T, forKey key: String = "root") throws -> Data {
    Data(try encode(value, forKey: key) as [UInt8])
  }

  /// Archives `value` under the `$top` key `key`, as an object graph (to add more top-level
  /// objects, or write it yourself).
  public func encodeGraph<T: Encodable>(_ value: T, forKey key: String = "root") throws -> ObjectGraph {
    try settings.snapshot.encodeGraph(value, forKey: key)
  }
}

/// The settings of ``KeyedArchiveEncoder`` and the archiving of a value, run on a copy read
/// once when the encoding starts (see ``CoderSettings``).
private struct KeyedArchiveEncoding: Sendable {
  var outputFormat: PropertyListFormat
  var userInfo: [CodingUserInfoKey: any Sendable]
  var encodesMutableCollections: Bool
  var maximumDepth: Int

  func encodeGraph<T: Encodable>(_ value: T, forKey key: String) throws -> ObjectGraph {
    let arena = EncodingArena()
    let encoder = ValueEncoder(arena: arena, userInfo: userInfo, maximumDepth: maximumDepth, archiving: true)
    guard let root = try encoder.topLevel(value) else {
      throw EncodingError.invalidValue(
        value, EncodingError.Context(codingPath: [], debugDescription: "top-level \(T.self) did not encode any values"))
    }
    var builder = ArchiveGraphBuilder(arena: arena, mutableCollections: encodesMutableCollections)
    builder.graph.top[key] = builder.reference(root)
    return builder.graph
  }
}
