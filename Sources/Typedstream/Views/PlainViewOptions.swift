import PlistKit

/// How a plain view renders objects: a typedstream's
/// (``TypedstreamArchive/plainView(options:limits:)``) and a keyed archive's
/// (`ObjectGraph.plainView(options:limits:)`), which offer the same choices so that both read
/// alike. Declared here, below the keyed-archive layer, so that one value configures both: a
/// keyed archive's walk into nested data hands its own options to the typedstreams it opens.
public struct PlainViewOptions: Sendable, Equatable {
  /// Give each object of a class without a view of its own a `$class` entry with its class
  /// name, and in a typedstream also a `$classes` entry with its whole chain (forensic tools
  /// such as Python's `nska_deserialize` leave them out).
  public var includesClassNames: Bool
  /// What a nil object or reference (`$null`) and `NSNull` become: plists have no null, so the
  /// empty string by default, as `nska_deserialize` renders them.
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

  /// The marker for a reference back into the ancestor whose place is `keys` (from the root
  /// down): `{MARKER: "key.path.of.the.ancestor"}`, `(root)` for the root itself.
  package func cycleMarker(toAncestorAt keys: ArraySlice<String>) -> PropertyList {
    let ancestor = PropertyListKeyPath(components: Array(keys)).description
    return .dictionary(PropertyListDictionary([(cycleMarkerKey, .string(ancestor.isEmpty ? "(root)" : ancestor))]))
  }
}

/// The name ``PlainViewOptions`` had when only typedstreams used it.
public typealias TypedstreamPlainViewOptions = PlainViewOptions
