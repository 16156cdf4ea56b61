import PlistCoding

/// `President` as Codable, with the book's archived keys, for `KeyedArchiveDecoder` and
/// `KeyedArchiveEncoder` (and for plists of presidents: `PlistDecoder`, `PlistEncoder`).
extension President: Codable, KeyedArchivable {
  /// The archived class: `President`, a subclass of `NSObject`.
  public static var archivedClassNames: [String] { archiveClassChain }

  /// The book's keys.
  enum CodingKeys: String, CodingKey {
    case number = "President"
    case name = "Name"
    case fromYear = "FromYear"
    case toYear = "ToYear"
    case party = "Party"
  }

  /// Decodes a president; a missing string is empty, as a nil NSString prints (and as the
  /// `ArchiveCodable` initializer reads it).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    number = try container.decode(Int.self, forKey: .number)
    name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
    fromYear = try container.decodeIfPresent(String.self, forKey: .fromYear) ?? ""
    toYear = try container.decodeIfPresent(String.self, forKey: .toYear) ?? ""
    party = try container.decodeIfPresent(String.self, forKey: .party) ?? ""
  }

  /// Encodes the keys in the order the book's class does.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(number, forKey: .number)
    try container.encode(name, forKey: .name)
    try container.encode(fromYear, forKey: .fromYear)
    try container.encode(toYear, forKey: .toYear)
    try container.encode(party, forKey: .party)
  }
}
