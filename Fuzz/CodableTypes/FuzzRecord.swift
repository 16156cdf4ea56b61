import FoundationEssentials
import PlistCoding

/// A record with most of what `Codable` types hold: every integer width (so that range checks
/// run), both floating-point types, dates, data, URLs, UUIDs, enums with raw and associated
/// values, optionals, dictionaries keyed by strings and by integers, nesting, and a part
/// decoded through `superDecoder`. Fuzz seeds spell its keys.
public struct FuzzRecord: Codable, KeyedArchivable {
  /// As an archived object: the class `FuzzRecord`, a subclass of `NSObject`.
  public static var archivedClassNames: [String] { ["FuzzRecord", "NSObject"] }

  public var name: String
  public var index: Int
  public var small: Int8?
  public var short: Int16?
  public var medium: UInt32?
  public var wide: UInt64?
  public var score: Double?
  public var ratio: Float?
  public var active: Bool?
  public var created: Date?
  public var blob: Data?
  public var link: URL?
  public var id: UUID?
  public var tags: [String]?
  public var byNumber: [Int: String]?
  public var byName: [String: [Int?]]?
  public var kind: Kind?
  public var shape: Shape?
  public var children: [FuzzRecord]?
  public var base: Base?

  /// A string raw value.
  public enum Kind: String, Codable {
    case plain, fancy
  }

  /// Associated values.
  public enum Shape: Codable {
    case circle(radius: Double)
    case rectangle(width: Int, height: Int)
    case point
  }

  /// What `superDecoder(forKey:)` decodes.
  public struct Base: Codable {
    public var label: String
    public var level: UInt8
  }

  private enum CodingKeys: String, CodingKey {
    case name, index, small, short, medium, wide, score, ratio, active, created, blob, link, id, tags, byNumber
    case byName, kind, shape, children, base
  }

  /// Decodes a record; `base` through its own super decoder when the key is there.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    index = try container.decode(Int.self, forKey: .index)
    small = try container.decodeIfPresent(Int8.self, forKey: .small)
    short = try container.decodeIfPresent(Int16.self, forKey: .short)
    medium = try container.decodeIfPresent(UInt32.self, forKey: .medium)
    wide = try container.decodeIfPresent(UInt64.self, forKey: .wide)
    score = try container.decodeIfPresent(Double.self, forKey: .score)
    ratio = try container.decodeIfPresent(Float.self, forKey: .ratio)
    active = try container.decodeIfPresent(Bool.self, forKey: .active)
    created = try container.decodeIfPresent(Date.self, forKey: .created)
    blob = try container.decodeIfPresent(Data.self, forKey: .blob)
    link = try container.decodeIfPresent(URL.self, forKey: .link)
    id = try container.decodeIfPresent(UUID.self, forKey: .id)
    tags = try container.decodeIfPresent([String].self, forKey: .tags)
    byNumber = try container.decodeIfPresent([Int: String].self, forKey: .byNumber)
    byName = try container.decodeIfPresent([String: [Int?]].self, forKey: .byName)
    kind = try container.decodeIfPresent(Kind.self, forKey: .kind)
    shape = try container.decodeIfPresent(Shape.self, forKey: .shape)
    children = try container.decodeIfPresent([FuzzRecord].self, forKey: .children)
    base = container.contains(.base) ? try Base(from: container.superDecoder(forKey: .base)) : nil
  }
}
