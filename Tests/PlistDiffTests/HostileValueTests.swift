import PlistDiff
import PlistKit
import Testing

/// Values made to hurt a diff or a merge: bounded in time, whatever their shape.
@Suite("Hostile values")
struct HostileValueTests {
  /// Sixty levels of an array holding its child twice: 2^60 places, 61 containers.
  static func bomb(_ leaf: PropertyList, levels: Int = 60) -> PropertyList {
    var value = leaf
    for _ in 0..<levels { value = [value, value] }
    return value
  }

  static func nested(_ leaf: PropertyList, depth: Int) -> PropertyList {
    var value = leaf
    for level in 0..<depth { value = level % 2 == 0 ? [value] : ["k": value] }
    return value
  }

  @Test("a sharing bomb is compared once per shared pair, and its change reported once")
  func bombDiff() throws {
    let a = Self.bomb("leaf")
    let b = Self.bomb("LEAF")
    let differences = PropertyListDiff().differences(from: a, to: b)
    #expect(differences.count == 61)
    #expect(differences.first?.path == PropertyListKeyPath(components: Array(repeating: "0", count: 60)))
    #expect(differences[1].path == PropertyListKeyPath(components: Array(repeating: "0", count: 59) + ["1"]))
    // Each level repeats its first half's change; the leaves are scalars, two of them.
    #expect(differences.filter { $0.kind == .repeated }.count == 59)
    #expect(PropertyListDiff().change(from: a, to: Self.bomb("leaf")) == nil)
    // Patching keeps the sharing: the result is the 61-container bomb, compared by a diff.
    let patched = try a.applying(PropertyListDiff().change(from: a, to: b)!)
    #expect(PropertyListDiff().change(from: patched, to: b) == nil)
  }

  @Test("a sharing bomb merges once per shared pair")
  func bombMerge() {
    let base = Self.bomb("leaf")
    let clean = PropertyListMerge().merge(base: base, ours: Self.bomb("ours"), theirs: base)
    #expect(clean.isClean)
    #expect(PropertyListDiff().change(from: clean.value, to: Self.bomb("ours")) == nil)
    let conflict = PropertyListMerge().merge(base: base, ours: Self.bomb("ours"), theirs: Self.bomb("theirs"))
    // The two leaves of the innermost array; every other place repeats them.
    #expect(conflict.conflicts.count == 2)
    #expect(conflict.conflicts.first?.path.components.count == 60)
    #expect(PropertyListDiff().change(from: conflict.value, to: Self.bomb("ours")) == nil)
  }

  @Test("nesting as deep as readers allow, and deeper, diffs, patches and merges")
  func deep() throws {
    for depth in [512, 3000] {
      let a = Self.nested("leaf", depth: depth)
      let b = Self.nested("LEAF", depth: depth)
      let differences = PropertyListDiff().differences(from: a, to: b)
      #expect(differences.count == 1 && differences[0].path.components.count == depth)
      let merged = PropertyListMerge().merge(base: a, ours: b, theirs: Self.nested("other", depth: depth))
      #expect(merged.conflicts.count == 1)
      if depth < 1024 {
        #expect(try a.applying(PropertyListDiff().change(from: a, to: b)!) == b)
      } else {
        #expect(throws: PropertyListError.self) { try a.applying(PropertyListDiff().change(from: a, to: b)!) }
      }
    }
  }

  @Test("huge arrays with nothing in order in common stay within the alignment budget")
  func hugeArrays() {
    let count = 20_000
    let a: PropertyList = .array((0..<count).map { .integer($0) })
    let b: PropertyList = .array((0..<count).reversed().map { .integer($0) })
    let change = PropertyListDiff().change(from: a, to: b)
    guard case .array(let edits)? = change else {
      Issue.record("expected an array change")
      return
    }
    #expect(edits.oldCount == count && edits.newCount == count)
    // Patched back, whatever alignment the budget allowed.
    #expect((try? a.applying(change!)) == b)
    let merged = PropertyListMerge().merge(base: a, ours: b, theirs: a)
    #expect(merged.isClean && merged.value == b)
  }
}
