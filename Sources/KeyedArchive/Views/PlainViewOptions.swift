import PlistKit

/// How ``ObjectGraph/plainView(options:limits:)`` renders objects.
public struct PlainViewOptions: Sendable, Equatable {
  /// Give each non-Foundation object a `$class` entry with its class name (forensic tools
  /// such as Python's `nska_deserialize` leave it out).
  public var includesClassNames: Bool
  /// What a nil reference (`$null`) and `NSNull` become: plists have no null, so the empty
  /// string by default, as `nska_deserialize` renders them.
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
  public static let `default` = PlainViewOptions()
}
