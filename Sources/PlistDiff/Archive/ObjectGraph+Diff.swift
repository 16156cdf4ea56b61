import KeyedArchive
import PlistKit

extension ObjectGraph {
  /// The differences from this archive's objects to `other`'s, compared as object graphs.
  ///
  /// Objects are paired by identity from `$top` down (see ``ObjectGraphDiff``), so renumbering
  /// or reordering `$objects` is no difference; each pair of objects is compared by class and
  /// content, and its differences are reported once, at the path it is first reached by
  /// (`Presidents.3.Name`), however many objects refer to it. Values in the differences are in
  /// the plain view: an added object shows its fields, a value stored as an object its value.
  public func differences(
    to other: ObjectGraph, options: PropertyListDiffOptions = .default, limits: ArchiveLimits = .default
  ) throws(KeyedArchiveError) -> [PropertyListDifference] {
    try ObjectGraphDiff(options: options, limits: limits).differences(from: self, to: other)
  }
}

/// A diff of two keyed archives as object graphs.
///
/// - Objects are paired from `$top` down, slot by slot (a field, an array element aligned on
///   the objects' fingerprints, a dictionary entry by key): two objects of one class at
///   corresponding slots are one object. An object keeps the first pairing it gets, at the
///   shortest path that reaches it.
/// - Two collections of one kind at corresponding slots are one object too when their classes
///   differ (NSArray and NSMutableArray): the class is reported as a change of `$class` at the
///   collection's path, and the elements are compared as for one class.
/// - Collections compare by what they hold: NSArray and NSOrderedSet as arrays (`Presidents.3`),
///   NSDictionary by its string keys (`Settings.Theme`), NSSet in no order; other objects by
///   their fields (`Presidents.3.Name`). Strings, numbers and data stored as objects compare
///   by value, as archivers share equal strings.
/// - A reference to another object is a difference only when the objects are not one pair;
///   then both are shown in the plain view.
public struct ObjectGraphDiff: Sendable {
  /// What to report.
  public var options: PropertyListDiffOptions
  /// Limits for showing objects in the differences.
  public var limits: ArchiveLimits

  /// Makes a diff.
  public init(options: PropertyListDiffOptions = .default, limits: ArchiveLimits = .default) {
    self.options = options
    self.limits = limits
  }

  /// The differences from `old` to `new`.
  public func differences(
    from old: ObjectGraph, to new: ObjectGraph
  ) throws(KeyedArchiveError)
    -> [PropertyListDifference]
  {
    try old.checkReferences()
    try new.checkReferences()
    let matcher = ArchiveGraphMatcher(old: old, new: new, pairsCollectionsAcrossClasses: true)
    var oldSide = ArchiveSide(matcher.oldPrints)
    var newSide = ArchiveSide(matcher.newPrints)
    var tokens = ArchiveTokens(valueBase: old.count + new.count)
    for id in 0..<old.count where old[id].instance != nil { oldSide.nodes[id] = id }
    for id in 0..<new.count where new[id].instance != nil {
      let token = matcher.oldFor[id] >= 0 ? matcher.oldFor[id] : old.count + id
      newSide.nodes[token] = id
    }
    func oldToken(_ id: Int) -> PropertyList { tokens.token(of: id, in: old, object: { $0 }) }
    func newToken(_ id: Int) -> PropertyList {
      tokens.token(of: id, in: new, object: { matcher.oldFor[$0] >= 0 ? matcher.oldFor[$0] : old.count + $0 })
    }
    var found: [PropertyListDifference] = []
    let root = PropertyListKeyPath(components: [])
    let diff = PropertyListDiff(options: options)
    if !old.archiver.exactlyEquals(new.archiver) {
      found.append(
        PropertyListDifference(
          kind: .changed, path: "$archiver", oldValue: .string(old.archiver), newValue: .string(new.archiver)))
    }
    if old.version != new.version {
      found.append(
        PropertyListDifference(
          kind: .changed, path: "$version", oldValue: .integer(old.version), newValue: .integer(new.version)))
    }
    if !matcher.startsInsideRoot {
      found += diff.differences(
        at: root, newPath: root, from: oldSide.top(tokens: oldToken), to: newSide.top(tokens: newToken))
    }
    // The ignore patterns' state at each pair, from its parent's (nil: ignored), so that no
    // pair's path is made unless it has a difference.
    let rootPatterns = PatternState.root(options.ignoredPaths)
    var patterns: [PatternState?] = []
    patterns.reserveCapacity(matcher.pairs.count)
    for (index, pair) in matcher.pairs.enumerated() {
      let above = pair.parent < 0 ? rootPatterns : patterns[pair.parent]
      let start = pair.depth - pair.oldSteps.count
      let state = above?.descend(pair.oldSteps, from: start, patterns: options.ignoredPaths)
      patterns.append(state)
      guard let state else { continue }
      let oldClass = old[pair.old].instance!.classChain
      let newClass = new[pair.new].instance!.classChain
      if oldClass != newClass {
        // Through the value diff, so that ignore patterns see `PATH.$class` as any other path.
        let (key, before, after): (String, PropertyList, PropertyList) =
          oldClass.className.exactlyEquals(newClass.className)
          ? ("$classes", .array(oldClass.classes.map { .string($0) }), .array(newClass.classes.map { .string($0) }))
          : ("$class", .string(oldClass.className), .string(newClass.className))
        let classesBefore = PropertyList.dictionary(PropertyListDictionary([(key, before)]))
        let classesAfter = PropertyList.dictionary(PropertyListDictionary([(key, after)]))
        var classDiffer = ValueDiffer(old: classesBefore, new: classesAfter, options: options)
        if let change = classDiffer.change(
          from: classesBefore, to: classesAfter, patterns: state, depth: pair.depth,
          prefix: { matcher.oldPath(of: index) })
        {
          found += change.differences(at: matcher.oldPath(of: index), newPath: matcher.newPath(of: index))
        }
      }
      let before = oldSide.content(of: pair.old, tokens: oldToken)
      let after = newSide.content(of: pair.new, tokens: newToken)
      var differ = ValueDiffer(old: before, new: after, options: options)
      guard
        let change = differ.change(
          from: before, to: after, patterns: state, depth: pair.depth, prefix: { matcher.oldPath(of: index) })
      else { continue }
      found += change.differences(at: matcher.oldPath(of: index), newPath: matcher.newPath(of: index))
    }
    return found.map { difference in
      var shown = difference
      shown.oldValue = difference.oldValue.map { oldSide.render($0, tokens: tokens, limits: limits) }
      shown.newValue = difference.newValue.map { newSide.render($0, tokens: tokens, limits: limits) }
      return shown
    }
  }
}

extension PropertyListDiff {
  /// The differences of two values that sit at `path` (old) and `newPath` in larger values:
  /// the ignore patterns see the full paths, and the differences carry them.
  func differences(
    at path: PropertyListKeyPath, newPath: PropertyListKeyPath, from old: PropertyList, to new: PropertyList
  ) -> [PropertyListDifference] {
    var differ = ValueDiffer(old: old, new: new, options: options)
    return differ.change(from: old, to: new, at: path)?.differences(at: path, newPath: newPath) ?? []
  }
}
