import PlistKit
import Typedstream

/// How `PropertyList.decodingNestedPlists(options:)` opens data values, and the limits that
/// keep hostile nestings (data inside data inside data, a bomb inside data) cheap.
///
/// Every limit is a budget for the whole value, not for one data value: a file cannot get
/// around it by holding many blobs. A blob past a limit is left as data, with a note.
public struct NestedPlistOptions: Sendable, Equatable {
  /// The most levels of data inside decoded data that are opened; the top value is level 0,
  /// so the default opens a blob inside a blob inside a blob, eight deep.
  public var maximumNestingDepth: Int
  /// The most bytes of data values decoded in all (each distinct blob counted once).
  public var maximumTotalBytes: Int
  /// The most distinct data values decoded, or tried, in all.
  public var maximumCount: Int
  /// The most values the decoded blobs may hold in all, with shared containers counted at
  /// every place they occur (the sharing-bomb check): a blob of a few hundred bytes can
  /// describe an exponential tree, in a binary plist as in a keyed archive.
  public var maximumExpandedValues: Int
  /// The readers' limits for each blob; the depth limit is the depth left under the place
  /// the blob sits, so that the opened value is never deeper than a file may be.
  public var readingLimits: PropertyListLimits
  /// The archive layer's limits for each keyed archive (object count, depth).
  public var archiveLimits: ArchiveLimits
  /// How keyed archives are rendered (class names, null, the cycle marker).
  public var plainView: PlainViewOptions
  /// The key of the marker dictionary that names what the data held (see ``NestedPlistKind``).
  public var markerKey: String
  /// The key of the marker dictionary that holds the decoded value.
  public var valueKey: String

  /// Makes options; the defaults fit real preferences, caches and archives, and stop hostile
  /// nestings early.
  public init(
    maximumNestingDepth: Int = 8, maximumTotalBytes: Int = 256 << 20, maximumCount: Int = 100_000,
    maximumExpandedValues: Int = 5_000_000, readingLimits: PropertyListLimits = .default,
    archiveLimits: ArchiveLimits = .default, plainView: PlainViewOptions = .default, markerKey: String = "$nested",
    valueKey: String = "$value"
  ) {
    self.maximumNestingDepth = maximumNestingDepth
    self.maximumTotalBytes = maximumTotalBytes
    self.maximumCount = maximumCount
    self.maximumExpandedValues = maximumExpandedValues
    self.readingLimits = readingLimits
    self.archiveLimits = archiveLimits
    self.plainView = plainView
    self.markerKey = markerKey
    self.valueKey = valueKey
  }

  /// The defaults.
  public static let `default` = NestedPlistOptions()
}
