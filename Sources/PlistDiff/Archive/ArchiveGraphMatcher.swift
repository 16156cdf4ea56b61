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
  /// A pair of objects and where they were paired: the pair whose content holds the slot, and
  /// the components from that content to the slot. A pair's paths are made from these only
  /// when asked for (``oldPath(of:)``), so that a chain of many objects, each referring to
  /// the next, does not hold a path as long as the chain for each of its objects.
  struct Pair {
    let old: Int
    let new: Int
    /// The index of the pair whose content holds the slot, or -1 for `$top`.
    let parent: Int
    /// The number of components of the pair's paths.
    let depth: Int
    let oldSteps: [String]
    let newSteps: [String]
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
    var steps = Steps(parent: -1, depth: 0)
    if startsInsideRoot {
      pairSlots(old.top.values[0], new.top.values[0], &steps)
    } else {
      pairSlots(.dictionary(old.top), .dictionary(new.top), &steps)
    }
    var next = 0
    while next < pairs.count {
      let pair = pairs[next]
      var steps = Steps(parent: next, depth: pair.depth)
      next += 1
      pairSlots(rawContent(pair.old, in: oldPrints), rawContent(pair.new, in: newPrints), &steps)
    }
  }

  /// The old path of the pair at `index` in ``pairs``.
  func oldPath(of index: Int) -> PropertyListKeyPath { path(of: index, \.oldSteps) }

  /// The new path of the pair at `index` in ``pairs``.
  func newPath(of index: Int) -> PropertyListKeyPath { path(of: index, \.newSteps) }

  private func path(of index: Int, _ steps: KeyPath<Pair, [String]>) -> PropertyListKeyPath {
    var components: [String] = []
    components.reserveCapacity(index >= 0 ? pairs[index].depth : 0)
    var next = index
    while next >= 0 {
      components.append(contentsOf: pairs[next][keyPath: steps].reversed())
      next = pairs[next].parent
    }
    return PropertyListKeyPath(components: components.reversed())
  }

  /// Where the slots being paired are: the pair whose content holds them and the components
  /// from that content down to them.
  private struct Steps {
    let parent: Int
    let depth: Int
    var old: [String] = []
    var new: [String] = []
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

  private mutating func pairSlots(_ x: PropertyList, _ y: PropertyList, _ steps: inout Steps) {
    switch (x, y) {
    case (.uid(let a), .uid(let b)):
      tryPair(Int(a), Int(b), steps)
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
        steps.old.append(String(oldIndex))
        steps.new.append(String(newIndex))
        pairSlots(xs[oldIndex], ys[newIndex], &steps)
        steps.old.removeLast()
        steps.new.removeLast()
      }
    case (.dictionary(let dx), .dictionary(let dy)):
      for (key, value) in dx {
        guard let other = dy[key] else { continue }
        steps.old.append(key)
        steps.new.append(key)
        pairSlots(value, other, &steps)
        steps.old.removeLast()
        steps.new.removeLast()
      }
    default:
      break
    }
  }

  private mutating func tryPair(_ a: Int, _ b: Int, _ steps: Steps) {
    guard newFor[a] == -1, oldFor[b] == -1, sameKind(a, b) else { return }
    newFor[a] = b
    oldFor[b] = a
    pairs.append(
      Pair(
        old: a, new: b, parent: steps.parent, depth: steps.depth + steps.old.count, oldSteps: steps.old,
        newSteps: steps.new))
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
