import PlistKit

/// How ``TypedstreamArchive/plainView(options:limits:)`` renders objects; the same choices as
/// a keyed archive's plain view offers, so that both read alike.
public struct TypedstreamPlainViewOptions: Sendable, Equatable {
  /// Give each object of a class without a view of its own a `$class` entry with its class
  /// name and a `$classes` entry with its whole chain.
  public var includesClassNames: Bool
  /// What a nil object becomes: plists have no null, so the empty string by default.
  public var nullValue: PropertyList
  /// The key of the marker that replaces a reference back into an ancestor (a cycle): the
  /// marker is a dictionary `{MARKER: "key.path.of.the.ancestor"}`.
  public var cycleMarkerKey: String

  /// Makes options.
  public init(includesClassNames: Bool = true, nullValue: PropertyList = "", cycleMarkerKey: String = "$cycle") {
    self.includesClassNames = includesClassNames
    self.nullValue = nullValue
    self.cycleMarkerKey = cycleMarkerKey
  }

  /// The defaults.
  public static let `default` = TypedstreamPlainViewOptions()
}
