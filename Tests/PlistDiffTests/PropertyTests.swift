import PlistDiff
import PlistKit
import Testing

/// Properties over random values and random edit scripts (seeded, so that a failure replays).
@Suite("Diff and merge properties")
struct PropertyTests {
  static let seeds: [UInt64] = Array(1...400)

  @Test("diff(A, B) applied to A gives B, key order included when it is reported", arguments: seeds)
  func patchGivesB(seed: UInt64) throws {
    var random = RandomEdits(seed: seed)
    let a = random.value(depth: 4)
    let b = random.edited(a, edits: Int(seed % 5) + 1)
    let change = PropertyListDiff().change(from: a, to: b)
    #expect((change == nil) == (a == b), "seed \(seed)")
    let patched = try change.map { try a.applying($0) } ?? a
    #expect(patched == b, "seed \(seed)")
    let ordered = PropertyListDiff(options: PropertyListDiffOptions(reportsKeyOrder: true)).change(from: a, to: b)
    #expect((try ordered.map { try a.applying($0) } ?? a).isIdentical(to: b), "seed \(seed)")
  }

  @Test("merge(A, B, C) applies both sides' edits when they touch different keys", arguments: seeds)
  func disjointKeysMerge(seed: UInt64) throws {
    var random = RandomEdits(seed: seed)
    // A dictionary, somewhere in a larger value, whose entries the two sides split between them.
    var entries = PropertyListDictionary()
    for index in 0..<6 { entries["e\(index)"] = random.value(depth: 3) }
    let nested = seed % 2 == 1
    func embed(_ dictionary: PropertyListDictionary) -> PropertyList {
      guard nested else { return .dictionary(dictionary) }
      return ["outer": ["before", ["inner": .dictionary(dictionary), "same": 1], "after"], "top": true]
    }
    let mine = Set((0..<6).filter { _ in Bool.random(using: &random.random) }.map { "e\($0)" })
    var ours = entries
    var theirs = entries
    var expected = entries
    for (key, value) in entries {
      // Each key is edited by at most one side: removed, or edited inside.
      let side = mine.contains(key)
      let edited = random.edited(value, edits: 2)
      let removed = Int.random(in: 0..<5, using: &random.random) == 0
      if side {
        ours[key] = removed ? nil : edited
      } else {
        theirs[key] = removed ? nil : edited
      }
      expected[key] = removed ? nil : edited
    }
    // And each side adds a key of its own.
    ours["ours-added"] = random.value(depth: 2)
    theirs["theirs-added"] = random.value(depth: 2)
    expected["ours-added"] = ours["ours-added"]
    expected["theirs-added"] = theirs["theirs-added"]
    let result = PropertyListMerge().merge(base: embed(entries), ours: embed(ours), theirs: embed(theirs))
    #expect(result.isClean, "seed \(seed): \(result.conflicts)")
    #expect(result.value == embed(expected), "seed \(seed)")
  }

  @Test(
    "merge(A, B, C) applies both sides' edits when they touch different array elements, one side also inserting and removing",
    arguments: seeds)
  func disjointElementsMerge(seed: UInt64) throws {
    var random = RandomEdits(seed: seed)
    // Records with an id each, as arrays of records are; each side edits other records' fields.
    let base: [PropertyList] = (0..<8).map { index in
      ["id": .integer(index), "name": .string("record \(index)"), "data": random.value(depth: 2)]
    }
    var ours = base
    var theirs = base
    var expected = base
    for index in base.indices where Int.random(in: 0..<3, using: &random.random) > 0 {
      var record = base[index].dictionaryValue!
      record["data"] = random.edited(record["data"]!, edits: 2)
      if Bool.random(using: &random.random) { record["name"] = .string("renamed \(index)") }
      if index % 2 == 0 { ours[index] = .dictionary(record) } else { theirs[index] = .dictionary(record) }
      expected[index] = .dictionary(record)
    }
    // Ours also removes a record of its own (an even one) and inserts a new one somewhere.
    let removed = 2 * Int.random(in: 0..<4, using: &random.random)
    let insertion = Int.random(in: 0...8, using: &random.random)
    let added: PropertyList = ["id": 100, "name": "added", "data": random.value(depth: 2)]
    func reshaped(_ records: [PropertyList]) -> [PropertyList] {
      var result: [PropertyList] = []
      for index in 0...records.count {
        if index == insertion { result.append(added) }
        if index < records.count && index != removed { result.append(records[index]) }
      }
      return result
    }
    let result = PropertyListMerge().merge(base: .array(base), ours: .array(reshaped(ours)), theirs: .array(theirs))
    #expect(result.isClean, "seed \(seed): \(result.conflicts)")
    #expect(result.value == .array(reshaped(expected)), "seed \(seed)")
  }

  @Test("merging a side with itself, or with the base, gives that side", arguments: seeds.prefix(100))
  func trivialMerges(seed: UInt64) {
    var random = RandomEdits(seed: seed)
    let base = random.value(depth: 4)
    let side = random.edited(base, edits: 3)
    #expect(PropertyListMerge().merge(base: base, ours: side, theirs: base).value == side, "seed \(seed)")
    #expect(PropertyListMerge().merge(base: base, ours: base, theirs: side).value == side, "seed \(seed)")
    let same = PropertyListMerge().merge(base: base, ours: side, theirs: side)
    #expect(same.isClean && same.value == side, "seed \(seed)")
  }
}
