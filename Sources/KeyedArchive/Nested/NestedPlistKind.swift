/// What a data value turned out to hold, as `PropertyList.decodingNestedPlists(options:)`
/// marks it: the raw value is the marker's text (`"$nested": "keyed-archive"`).
public enum NestedPlistKind: String, Sendable, Equatable, CaseIterable {
  /// An NSKeyedArchiver archive (in the binary or the XML form), shown as its plain view.
  case keyedArchive = "keyed-archive"
  /// A binary property list (`bplist00`) that is not a keyed archive.
  case binaryPlist = "binary-plist"
  /// An XML property list that is not a keyed archive.
  case xmlPlist = "xml-plist"
  /// An NSArchiver typedstream (`\x04\x0bstreamtyped`), shown as its plain view.
  case typedstream
}
