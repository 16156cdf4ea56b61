/// What a blob of a database holds, as extraction recognizes it from its first bytes and its
/// content. The raw value is the name records show (the same words as `NestedPlistKind`).
public enum BlobKind: String, Sendable, Equatable, CaseIterable {
  /// A binary property list (`bplist00`) that is not a keyed archive.
  case binaryPlist = "binary-plist"
  /// An XML property list that is not a keyed archive (in a blob or in a text column).
  case xmlPlist = "xml-plist"
  /// An NSKeyedArchiver archive, binary or XML: a plist with `$archiver`, `$top` or `$objects`.
  case keyedArchive = "keyed-archive"
  /// An NSArchiver typedstream (`\x04\x0bstreamtyped`), such as a message's `attributedBody`.
  case typedstream
}
