import KeyedArchive
import PlistKit

/// Which objects of one archive are which objects of another: the identity a diff and a merge
/// of keyed archives compare by, so that renumbering or reordering `$objects` is no
/// difference.
///
/// Objects are paired from `$top` down, breadth first, slot by slot: a field of two paired
/// objects, an element of two paired arrays (aligned as ``PropertyListDiff`` aligns arrays,
/// on the fingerprints of the objects), an entry of two paired dictionaries. Two objects at
/// corresponding slots pair when they have the same class and neither is paired yet; each
/// object is thus paired once, at the first (shortest) path it is reached by, which is the
/// path its differences are reported at. Strings, numbers and data stored as objects are
/// values, compared by value, never paired. A diff also pairs two collections of one shape
/// whose classes differ (an NSArray that became an NSMutableArray), so that it can report the
/// class and still compare the elements; a merge, which must rebuild one object of one class,
/// does not.
struct ArchiveGraphMatcher {
  /// A pair of objects and the paths they were paired at.
  struct Pair {
    let old: Int
    let new: Int
    let oldPath: PropertyListKeyPath
    let newPath: PropertyListKeyPath
  }

  let old: ObjectGraph
  let new: ObjectGraph
  let oldPrints: ArchiveFingerprints
  let newPrints: ArchiveFingerprints
  /// Old node → the new node it is paired with, or -1.
  private(set) var newFor: [Int]
  /// New node → the old node it is paired with, or -1.
  private(set) var oldFor: [Int]
  /// The pairs, in the order they were made.
  private(set) var pairs: [Pair] = []
  /// True when both archives have the single top-level key `root`: paths start inside it.
  let startsInsideRoot: Bool
  /// True when collections of one shape and different classes pair (see the type's notes).
  let pairsCollectionsAcrossClasses: Bool

  init(old: ObjectGraph, new: ObjectGraph, pairsCollectionsAcrossClasses: Bool = false) {
    self.old = old
    self.new = new
    self.pairsCollectionsAcrossClasses = pairsCollectionsAcrossClasses
    oldPrints = ArchiveFingerprints(old)
    newPrints = ArchiveFingerprints(new)
    newFor = [Int](repeating: -1, count: old.count)
    oldFor = [Int](repeating: -1, count: new.count)
    startsInsideRoot = Self.startsInsideRoot(old) && Self.startsInsideRoot(new)
    let root = PropertyListKeyPath(components: [])
    if startsInsideRoot {
      pairSlots(old.top.values[0], new.top.values[0], root, root)
    } else {
      pairSlots(.dictionary(old.top), .dictionary(new.top), root, root)
    }
    var next = 0
    while next < pairs.count {
      let pair = pairs[next]
      next += 1
      pairSlots(rawContent(pair.old, in: oldPrints), rawContent(pair.new, in: newPrints), pair.oldPath, pair.newPath)
    }
  }

  /// True when the archive's `$top` is the single key `root` (any case), as the plain view
  /// and archive key paths treat it.
  static func startsInsideRoot(_ graph: ObjectGraph) -> Bool {
    graph.top.count == 1 && graph.top.keys[0].lowercased() == "root"
  }

  /// An object's content with references as node ids; a set's elements in fingerprint order.
  private func rawContent(_ id: Int, in prints: ArchiveFingerprints) -> PropertyList {
    let instance = prints.graph[id].instance!
    let shape = prints.shapes[id]!
    let content = shape.content(of: instance, in: prints.graph) { .uid(UInt64($0)) }
    guard shape == .set, case .array(let elements) = content else { return content }
    return .array(elements.sorted { prints.slotPrint($0) < prints.slotPrint($1) })
  }

  private mutating func pairSlots(
    _ x: PropertyList, _ y: PropertyList, _ oldPath: PropertyListKeyPath, _ newPath: PropertyListKeyPath
  ) {
    switch (x, y) {
    case (.uid(let a), .uid(let b)):
      tryPair(Int(a), Int(b), oldPath, newPath)
    case (.array(let xs), .array(let ys)):
      let matches = SequenceAlignment.matches(xs.map(oldPrints.slotPrint), ys.map(newPrints.slotPrint))
      var oldCursor = 0
      var newCursor = 0
      var pairs: [(Int, Int)] = []
      for (oldIndex, newIndex) in matches + [(xs.count, ys.count)] {
        pairs += HunkPairing.pairs(oldCursor..<oldIndex, newCursor..<newIndex) { likeness(xs[$0], ys[$1]) }
        if oldIndex < xs.count { pairs.append((oldIndex, newIndex)) }
        oldCursor = oldIndex + 1
        newCursor = newIndex + 1
      }
      for (oldIndex, newIndex) in pairs {
        pairSlots(xs[oldIndex], ys[newIndex], oldPath.appending(index: oldIndex), newPath.appending(index: newIndex))
      }
    case (.dictionary(let dx), .dictionary(let dy)):
      for (key, value) in dx {
        if let other = dy[key] { pairSlots(value, other, oldPath.appending(key), newPath.appending(key)) }
      }
    default:
      break
    }
  }

  private mutating func tryPair(_ a: Int, _ b: Int, _ oldPath: PropertyListKeyPath, _ newPath: PropertyListKeyPath) {
    guard newFor[a] == -1, oldFor[b] == -1, sameKind(a, b) else { return }
    newFor[a] = b
    oldFor[b] = a
    pairs.append(Pair(old: a, new: b, oldPath: oldPath, newPath: newPath))
  }

  /// True when old object `a` and new object `b` may be one object: one class, or (when this
  /// matcher pairs across classes) collections of one shape.
  private func sameKind(_ a: Int, _ b: Int) -> Bool {
    guard case .instance(let x) = old[a], case .instance(let y) = new[b] else { return false }
    if x.classChain == y.classChain { return true }
    guard pairsCollectionsAcrossClasses, let shape = oldPrints.shapes[a] else { return false }
    return shape != .object && shape == newPrints.shapes[b]
  }

  /// How alike two slots are: objects of one kind (see ``sameKind(_:_:)``) by their
  /// first-sight contents, values as values; objects of different kinds not at all.
  private func likeness(_ x: PropertyList, _ y: PropertyList) -> Double {
    switch (x, y) {
    case (.uid(let a), .uid(let b)):
      switch (old[Int(a)], new[Int(b)]) {
      case (.instance, .instance):
        guard sameKind(Int(a), Int(b)), let first = oldPrints.firstContents[Int(a)],
          let second = newPrints.firstContents[Int(b)]
        else { return 0 }
        return 0.01 + 0.99
          * HunkPairing.likeness(first, second, oldPrint: ValueFingerprints.of, newPrint: ValueFingerprints.of)
      case (.value(let p), .value(let q)): return p.kind == q.kind ? 0.5 : 0
      default: return 0
      }
    default:
      return HunkPairing.likeness(x, y, oldPrint: oldPrints.slotPrint, newPrint: newPrints.slotPrint)
    }
  }
}
