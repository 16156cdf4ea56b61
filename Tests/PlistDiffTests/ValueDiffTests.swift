import PlistDiff
import PlistKit
import Testing

@Suite("Diff of values")
struct ValueDiffTests {
  @Test("equal values have no differences, whatever the key order")
  func equal() {
    let a: PropertyList = ["x": 1, "y": ["a", "b"], "z": ["k": true]]
    let b: PropertyList = ["z": ["k": true], "y": ["a", "b"], "x": 1]
    #expect(diffLines(a, b) == [])
    #expect(PropertyListDiff().change(from: a, to: b) == nil)
  }

  @Test("every kind of scalar change, and a change of kind")
  func scalars() {
    let a: PropertyList = [
      "s": "Gerald Ford", "i": 1, "r": .real(1.5), "b": true,
      "d": .date(PropertyListDate(secondsSinceReferenceDate: 0)),
      "data": .data([1, 2]), "u": .uid(3), "kind": 1, "same": "x",
    ]
    let b: PropertyList = [
      "s": "Gerald R. Ford", "i": 2, "r": .real(-0.0), "b": false,
      "d": .date(PropertyListDate(secondsSinceReferenceDate: 60)), "data": .data([1, 3]), "u": .uid(4),
      "kind": .real(1), "same": "x",
    ]
    #expect(
      diffLines(a, b) == [
        #"~ s: "Gerald Ford" → "Gerald R. Ford""#, "~ i: 1 → 2", "~ r: 1.5r → -0.0r", "~ b: true → false",
        "~ d: 2001-01-01T00:00:00Z → 2001-01-01T00:01:00Z", "~ data: <1 2> → <1 3>", "~ u: uid(3) → uid(4)",
        "~ kind: 1 → 1.0r",
      ])
  }

  @Test("strings compare by their scalars, not by canonical equivalence")
  func exactStrings() {
    #expect(diffLines(["k": "\u{E9}"], ["k": "e\u{301}"]) == ["~ k: \"\u{E9}\" → \"e\u{301}\""])
    #expect(diffLines(["\u{E9}": 1], ["e\u{301}": 1]) == ["- \u{E9}: 1", "+ e\u{301}: 1"])
  }

  @Test("added and removed keys, nested paths")
  func keys() {
    let a: PropertyList = ["Presidents": [["Name": "Gerald Ford", "Party": "Republican"]], "Old": 1]
    let b: PropertyList = ["Presidents": [["Name": "Gerald R. Ford", "Party": "Republican", "Born": 1913]], "New": 2]
    #expect(
      diffLines(a, b) == [
        #"~ Presidents.0.Name: "Gerald Ford" → "Gerald R. Ford""#, "+ Presidents.0.Born: 1913", "- Old: 1", "+ New: 2",
      ])
  }

  @Test("one inserted row is one addition, not a cascade of changes")
  func insertedRow() {
    let rows: [PropertyList] = (0..<50).map { ["id": .integer($0), "name": .string("row \($0)")] }
    var inserted = rows
    inserted.insert(["id": 999, "name": "new"], at: 10)
    #expect(diffLines(.array(rows), .array(inserted)) == [#"+ 10: {id: 999, name: "new"}"#])
    var removed = rows
    removed.remove(at: 3)
    #expect(diffLines(.array(rows), .array(removed)) == [#"- 3: {id: 3, name: "row 3"}"#])
  }

  @Test("a changed field of a moved record is reported at the field, with both paths")
  func movedChange() {
    let rows: [PropertyList] = (0..<5).map { ["id": .integer($0), "name": .string("row \($0)")] }
    var b = rows
    b.insert("first", at: 0)
    b[4] = ["id": 3, "name": "row three"]
    #expect(diffLines(.array(rows), .array(b)) == [#"+ 0: "first""#, #"~ 3.name (now 4.name): "row 3" → "row three""#])
  }

  @Test("scalars in a hunk pair up as changes; the rest are removed or added")
  func scalarHunks() {
    #expect(diffLines(["a", "b", "c"], ["a", "x", "c"]) == [#"~ 1: "b" → "x""#])
    #expect(diffLines(["a", "b", "c", "d"], ["a", "x", "d"]) == [#"~ 1: "b" → "x""#, #"- 2: "c""#])
    #expect(diffLines([1, 2], ["one", 2]) == [#"- 0: 1"#, #"+ 0: "one""#])
  }

  @Test("key order is no difference unless asked for")
  func keyOrder() {
    let a: PropertyList = .dictionary(PropertyListDictionary([("a", 1), ("b", 2), ("c", 3)]))
    let b: PropertyList = .dictionary(PropertyListDictionary([("b", 2), ("a", 1), ("c", 3), ("d", 4)]))
    #expect(diffLines(a, b) == ["+ d: 4"])
    #expect(
      diffLines(a, b, options: PropertyListDiffOptions(reportsKeyOrder: true)) == [
        #"^ : ["a", "b", "c"] → ["b", "a", "c"]"#, "+ d: 4",
      ])
  }

  @Test("ignored paths, with wildcards")
  func ignored() {
    let a: PropertyList = ["P": [["Name": "A", "Modified": 1], ["Name": "B", "Modified": 2]], "Stamp": 5, "Keep": 1]
    let b: PropertyList = ["P": [["Name": "A", "Modified": 3], ["Name": "C", "Modified": 4]], "Stamp": 6, "Keep": 2]
    let options = PropertyListDiffOptions(
      ignoredPaths: ["P.*.Modified", "Sta*"].map(PropertyListKeyPattern.init(globbing:)))
    #expect(diffLines(a, b, options: options) == [#"~ P.1.Name: "B" → "C""#, "~ Keep: 1 → 2"])
    #expect(
      diffLines(a, b, options: PropertyListDiffOptions(ignoredPaths: ["P"])) == ["~ Stamp: 5 → 6", "~ Keep: 1 → 2"])
  }

  @Test("the root itself can change")
  func root() {
    #expect(diffLines(1, "one") == [#"~ : 1 → "one""#])
    #expect(diffLines([1], ["k": 1]) == ["~ : [1] → {k: 1}"])
  }
}
