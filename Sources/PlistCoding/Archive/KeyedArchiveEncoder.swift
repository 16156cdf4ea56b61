import FoundationEssentials
import KeyedArchive
import PlistKit

/// Encodes `Encodable` values as NSKeyedArchiver archives that Foundation's
/// `NSKeyedUnarchiver` reads back (with the classes registered through `setClass`).
///
/// ```swift
/// let archive: [UInt8] = try KeyedArchiveEncoder().encode(presidents, forKey: "Presidents")
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
public final class KeyedArchiveEncoder {
  /// The plist format of the archive: binary (as Foundation writes) or XML.
  public var outputFormat: PropertyListFormat
  /// Values for the types being encoded, as `Encoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: Any]
  /// Write arrays, dictionaries and sets as NSMutableArray, NSMutableDictionary and
  /// NSMutableSet, as Foundation does for mutable collections.
  public var encodesMutableCollections: Bool
  /// The deepest nesting of values encoded.
  public var maximumDepth: Int

  /// Makes an encoder.
  public init(
    outputFormat: PropertyListFormat = .binary, encodesMutableCollections: Bool = false,
    userInfo: [CodingUserInfoKey: Any] = [:]
  ) {
    self.outputFormat = outputFormat
    self.encodesMutableCollections = encodesMutableCollections
    self.userInfo = userInfo
    maximumDepth = ArchiveLimits.default.maximumDepth
  }

  /// Archives `value` under the `$top` key `key` and writes it in ``outputFormat``.
  ///
  /// - Throws: `EncodingError.invalidValue` when the value encodes nothing, or something the
  ///   format cannot hold.
  public func encode<T: Encodable>(_ value: T, forKey key: String = "root") throws -> [UInt8] {
    let graph = try encodeGraph(value, forKey: key)
    do {
      return try graph.archivedBytes(format: outputFormat)
    } catch {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: [], debugDescription: "the archive cannot be written as \(outputFormat): \(error)",
          underlyingError: error))
    }
  }

  /// Archives `value` under the `$top` key `key`, as an object graph (to add more top-level
  /// objects, or write it yourself).
  public func encodeGraph<T: Encodable>(_ value: T, forKey key: String = "root") throws -> ObjectGraph {
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
