import KeyedArchive
import PlistKit
import Typedstream

/// How extraction decodes the blobs it finds, and the limits that keep a hostile database's
/// blobs cheap: every blob is read with the same limits as a file.
public struct BlobDecodingOptions: Sendable, Equatable {
  /// The readers' limits for each blob.
  public var readingLimits: PropertyListLimits
  /// The archive layer's limits for each keyed archive.
  public var archiveLimits: ArchiveLimits
  /// How keyed archives are shown (class names, null, the cycle marker).
  public var plainView: PlainViewOptions
  /// The typedstream reader's limits for each typedstream.
  public var typedstreamLimits: TypedstreamLimits
  /// When set, a typedstream whose root is a string or an attributed string (a message's
  /// `attributedBody`) is shown as its text alone, read straight from the bytes by
  /// `TypedstreamText`, without the plain view's attribute runs; any other typedstream is shown
  /// as its plain view.
  public var typedstreamTextOnly: Bool
  /// The largest blob decoded, in bytes; a larger one is a ``BlobDecodingFailure``.
  public var maximumBlobSize: Int
  /// When set, data inside a decoded blob that holds a plist or keyed archive is opened in
  /// turn, as `PropertyList.decodingNestedPlists(options:)` opens it; nil leaves it as data.
  public var nestedPlists: NestedPlistOptions?

  /// Makes options; the defaults read any real blob and stop hostile ones early.
  public init(
    readingLimits: PropertyListLimits = .default, archiveLimits: ArchiveLimits = .default,
    plainView: PlainViewOptions = .default, typedstreamLimits: TypedstreamLimits = .default,
    typedstreamTextOnly: Bool = false, maximumBlobSize: Int = 256 << 20, nestedPlists: NestedPlistOptions? = nil
  ) {
    self.readingLimits = readingLimits
    self.archiveLimits = archiveLimits
    self.plainView = plainView
    self.typedstreamLimits = typedstreamLimits
    self.typedstreamTextOnly = typedstreamTextOnly
    self.maximumBlobSize = maximumBlobSize
    self.nestedPlists = nestedPlists
  }

  /// The defaults.
  public static let `default` = BlobDecodingOptions()
}
