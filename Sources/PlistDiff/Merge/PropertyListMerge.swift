import PlistKit

/// A three-way merge of property lists at key-path granularity: what each side changed from
/// a common base, combined.
///
/// ```swift
/// let result = PropertyListMerge().merge(base: base, ours: ours, theirs: theirs)
/// if result.isClean { write(result.value) } else { report(result.conflicts) }
/// ```
///
/// - Changes to different keys merge; the same change on both sides merges once.
/// - Dictionaries merge key by key, recursively; keys theirs added go after the key they
///   follow in theirs (so two project files that each add an object merge).
/// - Arrays merge by hunks against the base (each side's diff from the base, aligned as
///   ``PropertyListDiff`` aligns): edits to different elements merge, an element both sides
///   changed merges inside, insertions both sides made at one place are both kept (ours
///   first, and an element theirs inserted that ours inserted too only once: two branches
///   that each append a file to a build phase merge), and overlapping edits conflict.
/// - One side removing what the other changed is a conflict; so is a value both changed
///   differently, or a key both added with different values.
///
/// Conflicts are reported with the base, ours and theirs values, and the merged value takes
/// the side ``Resolution`` names at each.
public struct PropertyListMerge: Sendable {
  /// Which side a conflict takes in the merged value.
  public enum Resolution: Sendable, Equatable {
    /// Our side (the merged value then holds only changes theirs made cleanly).
    case ours
    /// Their side.
    case theirs
  }

  /// Which side conflicts take.
  public var resolution: Resolution

  /// Makes a merge.
  public init(resolution: Resolution = .ours) {
    self.resolution = resolution
  }

  /// Merges what `ours` and `theirs` changed from `base`.
  public func merge(base: PropertyList, ours: PropertyList, theirs: PropertyList) -> PropertyListMergeResult {
    var merger = ValueMerger(resolution: resolution, placeholderPrefix: placeholderPrefix)
    let value = merger.merge(base: base, ours: ours, theirs: theirs, path: PropertyListKeyPath(components: []))
    return PropertyListMergeResult(value: value, conflicts: merger.conflicts, locations: merger.locations)
  }

  /// With a prefix, each conflict's place in the merged value holds the string
  /// `prefix` + its index instead of a side (for conflict markers).
  var placeholderPrefix: String?
}
