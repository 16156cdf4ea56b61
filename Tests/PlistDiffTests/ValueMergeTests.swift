import PlistDiff
import PlistKit
import Testing

@Suite("Three-way merge of values")
struct ValueMergeTests {
  func merge(
    _ base: PropertyList, _ ours: PropertyList, _ theirs: PropertyList,
    _ resolution: PropertyListMerge.Resolution = .ours
  ) -> (String, [String]) {
    let result = PropertyListMerge(resolution: resolution).merge(base: base, ours: ours, theirs: theirs)
    return (text(result.value), lines(result.conflicts))
  }

  @Test("changes to different keys merge, in ours' key order with theirs' additions after their neighbour")
  func differentKeys() {
    let base: PropertyList = ["a": 1, "b": 2, "c": 3]
    let ours: PropertyList = ["a": 10, "b": 2, "c": 3, "o": "ours"]
    let theirs: PropertyList = ["a": 1, "t": "theirs", "b": 2]
    #expect(merge(base, ours, theirs) == (#"{a: 10, t: "theirs", b: 2, o: "ours"}"#, []))
  }

  @Test("the same change on both sides merges once")
  func sameChange() {
    let base: PropertyList = ["a": 1, "list": [1, 2, 3]]
    let both: PropertyList = ["a": 2, "list": [1, 3], "new": true]
    #expect(merge(base, both, both) == ("{a: 2, list: [1, 3], new: true}", []))
  }

  @Test("a scalar both changed differently conflicts; --ours and --theirs pick a side")
  func conflictingScalars() {
    let base: PropertyList = ["Name": "Gerald Ford", "Year": 1974]
    let ours: PropertyList = ["Name": "Gerald R. Ford", "Year": 1974]
    let theirs: PropertyList = ["Name": "Jerry Ford", "Year": 1975]
    let conflict = [#"! both-changed Name: base "Gerald Ford" | ours "Gerald R. Ford" | theirs "Jerry Ford""#]
    #expect(merge(base, ours, theirs) == (#"{Name: "Gerald R. Ford", Year: 1975}"#, conflict))
    #expect(merge(base, ours, theirs, .theirs) == (#"{Name: "Jerry Ford", Year: 1975}"#, conflict))
  }

  @Test("removing what the other side changed conflicts, either way round")
  func deleteModify() {
    let base: PropertyList = ["k": ["x": 1], "keep": 0]
    let removed: PropertyList = ["keep": 0]
    let changed: PropertyList = ["k": ["x": 2], "keep": 0]
    #expect(merge(base, removed, changed) == ("{keep: 0}", ["! ours-removed k: base {x: 1} | ours - | theirs {x: 2}"]))
    #expect(
      merge(base, removed, changed, .theirs) == (
        "{k: {x: 2}, keep: 0}", ["! ours-removed k: base {x: 1} | ours - | theirs {x: 2}"]
      ))
    #expect(
      merge(base, changed, removed) == (
        "{k: {x: 2}, keep: 0}", ["! theirs-removed k: base {x: 1} | ours {x: 2} | theirs -"]
      ))
    #expect(merge(base, changed, removed, .theirs).0 == "{keep: 0}")
  }

  @Test("a key both added with different values conflicts; with the same value it merges")
  func bothAdded() {
    #expect(merge([:], ["n": 1], ["n": 2]) == ("{n: 1}", ["! both-added n: base - | ours 1 | theirs 2"]))
    #expect(merge([:], ["n": 1], ["n": 1]) == ("{n: 1}", []))
  }

  @Test("nested changes to one record merge field by field")
  func nested() {
    let base: PropertyList = ["P": [["Name": "A", "Party": "X"], ["Name": "B", "Party": "Y"]]]
    let ours: PropertyList = ["P": [["Name": "A2", "Party": "X"], ["Name": "B", "Party": "Y"]]]
    let theirs: PropertyList = ["P": [["Name": "A", "Party": "X2"], ["Name": "B", "Party": "Y2"]]]
    #expect(merge(base, ours, theirs) == (#"{P: [{Name: "A2", Party: "X2"}, {Name: "B", Party: "Y2"}]}"#, []))
  }

  @Test("array edits merge by hunks against the base")
  func arrayHunks() {
    let base: PropertyList = ["a", "b", "c", "d", "e"]
    // Ours removes b, theirs inserts x after d.
    #expect(merge(base, ["a", "c", "d", "e"], ["a", "b", "c", "d", "x", "e"]) == (#"["a", "c", "d", "x", "e"]"#, []))
    // Ours changes a, theirs changes e.
    #expect(merge(base, ["A", "b", "c", "d", "e"], ["a", "b", "c", "d", "E"]) == (#"["A", "b", "c", "d", "E"]"#, []))
    // Both append at the end: both kept, ours first, a shared element once.
    #expect(
      merge(base, ["a", "b", "c", "d", "e", "o", "s"], ["a", "b", "c", "d", "e", "s", "t"]).0
        == #"["a", "b", "c", "d", "e", "o", "s", "t"]"#)
    // Elements both changed merge element by element: only the one both changed conflicts.
    #expect(
      merge(base, ["a", "B", "C", "d", "e"], ["a", "b", "X", "Y", "e"]) == (
        #"["a", "B", "C", "Y", "e"]"#, [#"! both-changed 2: base "c" | ours "C" | theirs "X""#]
      ))
    // Overlapping hunks conflict over the span they cover; the rest still merges.
    #expect(
      merge(base, ["a", "d", "e"], ["a", "b", "X", "e"]) == (
        #"["a", "e"]"#, [#"! ours-removed 1 [1..<3]: base ["b", "c"] | ours [] | theirs ["b", "X"]"#]
      ))
    // Removing an element the other side changed conflicts.
    #expect(
      merge(base, ["a", "c", "d", "e"], ["a", "B", "c", "d", "e"]) == (
        #"["a", "c", "d", "e"]"#, [#"! ours-removed 1 [1..<2]: base ["b"] | ours [] | theirs ["B"]"#]
      ))
  }
}
