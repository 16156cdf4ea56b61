/// A Swift type that archives and unarchives like an `NSCoding` class: an initializer that
/// decodes from a keyed container and a method that encodes into one.
///
/// ```swift
/// struct Point: ArchiveCodable {
///   static let archiveClassChain = ["Point", "NSObject"]
///   var x: Double, y: Double
///   init(from decoder: ArchiveDecoder) throws(KeyedArchiveError) {
///     x = try decoder.decodeDouble(forKey: "x") ?? 0
///     y = try decoder.decodeDouble(forKey: "y") ?? 0
///   }
///   func encode(to encoder: ArchiveEncoder) throws(KeyedArchiveError) {
///     encoder.encode(x, forKey: "x")
///     encoder.encode(y, forKey: "y")
///   }
/// }
/// ```
///
/// Classes keep their identity: an instance referenced twice is archived once and decodes as
/// one instance. Value types are values: each reference decodes to an equal value.
public protocol ArchiveCodable: SendableMetatype {
  /// The `$classes` chain written for this type, most specific first; its first name is the
  /// `$classname` (`["President", "NSObject"]`).
  static var archiveClassChain: [String] { get }
  /// Decodes an instance from the fields of an archived object.
  init(from decoder: ArchiveDecoder) throws(KeyedArchiveError)
  /// Encodes the fields of this instance.
  func encode(to encoder: ArchiveEncoder) throws(KeyedArchiveError)
}

/// `NSNull`.
public struct ArchivedNull: Sendable, Hashable {
  /// The null object.
  public init() {}
}

/// `NSURL`: a relative string, resolved against an optional base URL.
public struct ArchivedURL: Sendable, Hashable {
  /// The base URL (`NS.base`), or nil.
  public var base: Box?
  /// The URL string relative to the base (`NS.relative`); the whole URL without a base.
  public var relative: String

  /// Holds a base URL (a URL is recursive through its base).
  public final class Box: Sendable, Hashable {
    /// The base URL.
    public let url: ArchivedURL
    /// Wraps a URL.
    public init(_ url: ArchivedURL) { self.url = url }
    public static func == (lhs: Box, rhs: Box) -> Bool { lhs.url == rhs.url }
    public func hash(into hasher: inout Hasher) { hasher.combine(url) }
  }

  /// Makes a URL.
  public init(relative: String, base: ArchivedURL? = nil) {
    self.relative = relative
    self.base = base.map(Box.init)
  }
}
