import KeyedArchive
import PlistKit

/// A president from the book's `Presidents.plist`: a keyed archive of `President` objects
/// with the keys `President` (the number), `Name`, `FromYear`, `ToYear` and `Party`.
///
/// The years are strings, as the book's archive stores them (NSString), so that a decoded
/// president encodes back to exactly what was read.
public struct President: Hashable, Sendable, ArchiveCodable {
  /// The archived class: `President`, a subclass of `NSObject`.
  public static let archiveClassChain = ["President", "NSObject"]
  /// The `$top` key of the book's archive.
  public static let archiveKey = "Presidents"

  /// The number in order of office, from 1.
  public var number: Int
  /// The full name.
  public var name: String
  /// The year the term began.
  public var fromYear: String
  /// The year the term ended.
  public var toYear: String
  /// The party.
  public var party: String

  /// Makes a president.
  public init(number: Int, name: String, fromYear: String, toYear: String, party: String) {
    self.number = number
    self.name = name
    self.fromYear = fromYear
    self.toYear = toYear
    self.party = party
  }

  /// Decodes a `President` object; a missing number is 0 and a missing string empty, as
  /// NSCoder's defaults and a nil NSString print.
  public init(from decoder: ArchiveDecoder) throws(KeyedArchiveError) {
    number = try decoder.decodeInt(forKey: "President") ?? 0
    name = try decoder.decodeString(forKey: "Name") ?? ""
    fromYear = try decoder.decodeString(forKey: "FromYear") ?? ""
    toYear = try decoder.decodeString(forKey: "ToYear") ?? ""
    party = try decoder.decodeString(forKey: "Party") ?? ""
  }

  /// Encodes the fields in the order the book's class does.
  public func encode(to encoder: ArchiveEncoder) throws(KeyedArchiveError) {
    encoder.encode(number, forKey: "President")
    encoder.encode(name, forKey: "Name")
    encoder.encode(fromYear, forKey: "FromYear")
    encoder.encode(toYear, forKey: "ToYear")
    encoder.encode(party, forKey: "Party")
  }
}

extension President {
  /// Decodes the presidents of an archive like the book's (an array under `Presidents`).
  /// Only arrays and `President` objects are allowed: anything else is an error, not an object.
  public static func decodeList(from bytes: [UInt8]) throws(KeyedArchiveError) -> [President] {
    try decodeList(from: KeyedUnarchiver(bytes: bytes))
  }

  /// Decodes the presidents from an unarchiver (to set class overrides or limits first).
  public static func decodeList(from unarchiver: KeyedUnarchiver) throws(KeyedArchiveError) -> [President] {
    guard let list = try unarchiver.decodeTopLevelArray(of: President.self, forKey: archiveKey) else {
      throw KeyedArchiveError(.malformed, at: archiveKey, "missing: expected the array of presidents")
    }
    return list
  }

  /// The archive of a list, shaped like the book's: an NSMutableArray under `Presidents`.
  public static func archive(_ presidents: [President]) throws(KeyedArchiveError) -> KeyedArchiver {
    let archiver = KeyedArchiver(encodesMutableCollections: true)
    try archiver.encode(presidents, forKey: archiveKey)
    return archiver
  }
}
