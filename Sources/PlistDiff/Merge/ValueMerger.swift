import PlistKit

/// The recursive walk behind ``PropertyListMerge``: the base, both sides and both sides'
/// changes side by side. It goes only where a change is, so its depth is the changes' depth
/// (which the readers limit), and it reads values only where both sides changed.
struct ValueMerger {
  let resolution: PropertyListMerge.Resolution
  let placeholderPrefix: String?
  private(set) var conflicts: [PropertyListConflict] = []
  private(set) var locations: [ConflictLocation] = []
  /// Results of merges that repeated changes refer to, by the paths whose changes they are
  /// (a repeated change's original path, or the place itself), so that a shared value changed
  /// under both sides is merged once, not once per place it occurs.
  private var repeated: [RepeatKey: PropertyList] = [:]
  /// The paths repeated changes refer to, in either side's change.
  private var referenced: Set<PropertyListKeyPath> = []

  private struct RepeatKey: Hashable {
    let ours: PropertyListKeyPath
    let theirs: PropertyListKeyPath
  }

  /// How deep merges recurse: twice what the readers accept.
  static let maximumDepth = 2 * PropertyListLimits.default.maximumDepth

  init(resolution: PropertyListMerge.Resolution, placeholderPrefix: String? = nil) {
    self.resolution = resolution
    self.placeholderPrefix = placeholderPrefix
  }

  mutating func merge(
    base: PropertyList, ours: PropertyList, theirs: PropertyList, oursChange: PropertyListChange?,
    theirsChange: PropertyListChange?, path: PropertyListKeyPath, location: ConflictLocation
  ) -> PropertyList {
    guard let oursChange else { return theirs }
    guard let theirsChange else { return ours }
    // Deeper than any reader nests, both sides' values are compared whole rather than merged
    // inside, so that the recursion stays within a thread's stack.
    guard path.components.count < Self.maximumDepth else {
      if Self.equal(ours, theirs) { return ours }
      return conflict(.changedOnBothSides, at: path, location: location, base: base, ours: ours, theirs: theirs)
    }
    let key = RepeatKey(ours: oursChange.repeatedPath ?? path, theirs: theirsChange.repeatedPath ?? path)
    let remembers = key.ours != path || key.theirs != path || referenced.contains(path)
    if remembers, let known = repeated[key] { return known }
    let result: PropertyList
    switch (oursChange.underlying, theirsChange.underlying, base, ours, theirs) {
    case (
      .dictionary(let oursEntries), .dictionary(let theirsEntries), .dictionary(let baseValue),
      .dictionary(let oursValue),
      .dictionary(let theirsValue)
    ):
      result = .dictionary(
        mergeDictionaries(
          base: baseValue, ours: oursValue, theirs: theirsValue, oursChange: oursEntries, theirsChange: theirsEntries,
          path: path))
    case (
      .array(let oursEdits), .array(let theirsEdits), .array(let baseValue), .array(let oursValue),
      .array(let theirsValue)
    ):
      result = .array(
        mergeArrays(
          base: baseValue, ours: oursValue, theirs: theirsValue, oursChange: oursEdits, theirsChange: theirsEdits,
          path: path))
    default:
      if Self.equal(ours, theirs) { return ours }
      result = conflict(.changedOnBothSides, at: path, location: location, base: base, ours: ours, theirs: theirs)
    }
    if remembers { repeated[key] = result }
    return result
  }

  /// Merges what both sides changed from `base`, diffing each side first.
  mutating func merge(
    base: PropertyList, ours: PropertyList, theirs: PropertyList, path: PropertyListKeyPath
  ) -> PropertyList {
    let oursChange = PropertyListDiff().change(from: base, to: ours)
    let theirsChange = PropertyListDiff().change(from: base, to: theirs)
    for change in [oursChange, theirsChange] { referenced.formUnion(change?.repeatedOriginals ?? []) }
    return merge(
      base: base, ours: ours, theirs: theirs, oursChange: oursChange, theirsChange: theirsChange, path: path,
      location: .root)
  }

  /// Records a conflict and returns what the merged value holds in its place (nil: nothing,
  /// the side it takes removed it).
  mutating func conflict(
    _ kind: PropertyListConflict.Kind, at path: PropertyListKeyPath, location: ConflictLocation,
    elements: Range<Int>? = nil, base: PropertyList?, ours: PropertyList?, theirs: PropertyList?
  ) -> PropertyList? {
    conflicts.append(
      PropertyListConflict(kind: kind, path: path, elements: elements, base: base, ours: ours, theirs: theirs))
    locations.append(location)
    if let placeholderPrefix { return .string("\(placeholderPrefix)\(conflicts.count - 1)") }
    switch resolution {
    case .ours: return ours
    case .theirs: return theirs
    }
  }

  /// A conflict about a value present on both sides (so something always takes its place).
  private mutating func conflict(
    _ kind: PropertyListConflict.Kind, at path: PropertyListKeyPath, location: ConflictLocation, base: PropertyList,
    ours: PropertyList, theirs: PropertyList
  ) -> PropertyList {
    conflict(
      kind, at: path, location: location, elements: nil, base: Optional(base), ours: Optional(ours),
      theirs: Optional(theirs))!
  }

  /// Exact equality that stays linear on shared containers (a diff finding nothing).
  static func equal(_ a: PropertyList, _ b: PropertyList) -> Bool {
    switch (a, b) {
    case (.array, .array), (.dictionary, .dictionary): PropertyListDiff().change(from: a, to: b) == nil
    default: a.isScalarEqual(to: b)
    }
  }
}
