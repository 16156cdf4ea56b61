import PlistKit

/// The recursive walk behind ``PropertyListMerge``: the base, both sides and both sides'
/// changes side by side. It goes only where a change is, so its depth is the changes' depth
/// (which the readers limit), and it reads values only where both sides changed.
struct ValueMerger {
  let resolution: PropertyListMerge.Resolution
  let placeholderPrefix: String?
  private(set) var conflicts: [PropertyListConflict] = []
  private(set) var locations: [ConflictLocation] = []
  /// Results of changes both sides share as one repeated change (a shared value changed the
  /// same way under both), by the path the change repeats.
  private var repeated: [PropertyListKeyPath: PropertyList] = [:]

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
    if case .repeated(let original, _) = oursChange, case .repeated(let other, _) = theirsChange, original == other,
      let known = repeated[original]
    {
      return known
    }
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
    if case .repeated = oursChange, case .repeated = theirsChange { repeated[path] = result }
    return result
  }

  /// Merges what both sides changed from `base`, diffing each side first.
  mutating func merge(
    base: PropertyList, ours: PropertyList, theirs: PropertyList, path: PropertyListKeyPath
  ) -> PropertyList {
    merge(
      base: base, ours: ours, theirs: theirs, oursChange: PropertyListDiff().change(from: base, to: ours),
      theirsChange: PropertyListDiff().change(from: base, to: theirs), path: path, location: .root)
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
