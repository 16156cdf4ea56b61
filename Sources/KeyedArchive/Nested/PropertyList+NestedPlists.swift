import PlistKit

extension PropertyList {
  /// This value with the property lists and keyed archives that its data values hold shown
  /// decoded, in place, as forensic tools open them: preferences, caches and app state keep
  /// NSKeyedArchiver blobs and binary plists inside `<data>`.
  ///
  /// A data value that is a complete binary plist (`bplist00`) or XML plist becomes a marker
  /// dictionary, `{"$nested": "keyed-archive", "$value": …}` (see ``NestedPlistKind``): keyed
  /// archives show as their ``ObjectGraph/plainView(options:limits:)``, other plists as they
  /// are. What a blob decodes to is opened in turn, to
  /// ``NestedPlistOptions/maximumNestingDepth`` levels.
  ///
  /// Nothing here fails: data that starts like a plist but does not decode, or that a limit
  /// stops, stays data and gets a ``NestedPlistNote``; data that does not start like a plist
  /// (an image, an NSArchiver typedstream, text) stays data silently. Work is linear in the
  /// value as stored: a shared container is opened once and stays shared in the result, and
  /// equal blobs are decoded once (the first place met names the notes).
  public func decodingNestedPlists(options: NestedPlistOptions = .default) -> NestedPlistDecoding {
    var walker = NestedPlistWalker(options: options)
    let value = walker.walk(self, level: 0, depth: 0) ?? self
    return NestedPlistDecoding(value: value, notes: walker.notes, decodedCount: walker.decodedCount)
  }
}
