import PlistDiff
import PlistKit
import Testing

/// Arrays whose elements repeat, as build settings do (`OTHER_LDFLAGS = ("-framework", A,
/// "-framework", B)`): a merge keeps every entry either side has.
@Suite("Merging arrays with repeated elements")
struct RepeatedElementMergeTests {
  static let flags: PropertyList = ["OTHER_LDFLAGS": ["-framework", "A", "-framework", "B"]]

  static func flags(_ elements: PropertyList...) -> PropertyList {
    ["OTHER_LDFLAGS": .array(["-framework", "A", "-framework", "B"] + elements)]
  }

  @Test("one side adding a framework keeps every entry, whatever the other side did")
  func oneSideAddsAFramework() {
    let ours = Self.flags("-framework", "C")
    // Theirs changed nothing in the array, or something else in it.
    for theirs in [Self.flags, ["OTHER_LDFLAGS": ["-framework", "A2", "-framework", "B"]] as PropertyList] {
      let result = PropertyListMerge().merge(base: Self.flags, ours: ours, theirs: theirs)
      #expect(result.isClean)
      let expected: PropertyList =
        theirs == Self.flags
        ? ours : ["OTHER_LDFLAGS": ["-framework", "A2", "-framework", "B", "-framework", "C"]]
      #expect(result.value == expected)
    }
  }

  @Test("both sides adding a framework at the end keep both pairs, ours first")
  func bothSidesAddAFramework() {
    let result = PropertyListMerge().merge(
      base: Self.flags, ours: Self.flags("-framework", "C"), theirs: Self.flags("-framework", "D"))
    #expect(result.isClean)
    #expect(result.value == Self.flags("-framework", "C", "-framework", "D"))
  }

  @Test("a run both sides inserted is kept once; a run inside the other side's is the other side's")
  func runsBothInserted() {
    let same = PropertyListMerge().merge(
      base: Self.flags, ours: Self.flags("-framework", "C"), theirs: Self.flags("-framework", "C"))
    #expect(same.isClean && same.value == Self.flags("-framework", "C"))
    let longer = PropertyListMerge().merge(
      base: Self.flags, ours: Self.flags("-framework", "C"), theirs: Self.flags("-framework", "C", "-ObjC"))
    #expect(longer.isClean && longer.value == Self.flags("-framework", "C", "-ObjC"))
    let overlapping = PropertyListMerge().merge(
      base: Self.flags, ours: Self.flags("-ObjC", "-framework", "C"), theirs: Self.flags("-framework", "C", "-lz"))
    #expect(overlapping.isClean && overlapping.value == Self.flags("-ObjC", "-framework", "C", "-lz"))
  }

  // MARK: - Properties

  static let seeds: [UInt64] = Array(1...300)
  /// A tiny alphabet, so that most elements repeat.
  static let alphabet: [PropertyList] = ["-framework", "A", "B"]

  /// One side's edit as the diff reports it: base elements `range` replaced by `elements`.
  struct Splice {
    var range: Range<Int>
    var elements: [PropertyList]
  }

  /// A random array over the alphabet.
  static func array(_ random: inout Xorshift, count: ClosedRange<Int>) -> [PropertyList] {
    (0..<Int.random(in: count, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
  }

  /// `base` with 1 to 3 random insertions, removals and replacements, each inside `zone`.
  static func edited(_ base: [PropertyList], in zone: Range<Int>, _ random: inout Xorshift) -> [PropertyList] {
    var result = base
    var end = zone.upperBound
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      let start = Int.random(in: zone.lowerBound...end, using: &random)
      let stop = min(end, start + Int.random(in: 0...2, using: &random))
      let inserted = array(&random, count: (start == stop ? 1 : 0)...2)
      result.replaceSubrange(start..<stop, with: inserted)
      end += inserted.count - (stop - start)
    }
    return result
  }

  /// What the library's diff says one side did to `base`, as splices of base positions.
  static func splices(from base: [PropertyList], to side: [PropertyList]) -> [Splice] {
    guard let change = PropertyListDiff().change(from: .array(base), to: .array(side)) else { return [] }
    guard case .array(let array) = change.underlying else {
      return [Splice(range: base.indices, elements: side)]
    }
    return array.edits.map { edit in
      switch edit {
      case .changed(let old, let new, _): Splice(range: old..<old + 1, elements: [side[new]])
      case .replaced(let old, _, _, let inserted): Splice(range: old, elements: inserted)
      }
    }
  }

  /// True when two splices touch the same place: overlapping base elements, an insertion
  /// inside the other's span, or two insertions at one position.
  static func touch(_ a: Splice, _ b: Splice) -> Bool {
    if a.range.isEmpty && b.range.isEmpty { return a.range.lowerBound == b.range.lowerBound }
    if a.range.isEmpty { return b.range.lowerBound < a.range.lowerBound && a.range.lowerBound < b.range.upperBound }
    if b.range.isEmpty { return a.range.lowerBound < b.range.lowerBound && b.range.lowerBound < a.range.upperBound }
    return a.range.overlaps(b.range)
  }

  /// `base` with both sides' splices applied, which touch no common place; at one position an
  /// insertion goes before the other side's removal or replacement.
  static func applying(_ ours: [Splice], _ theirs: [Splice], to base: [PropertyList]) -> [PropertyList] {
    let all = (ours + theirs).sorted {
      ($0.range.lowerBound, $0.range.isEmpty ? 0 : 1) < ($1.range.lowerBound, $1.range.isEmpty ? 0 : 1)
    }
    var result: [PropertyList] = []
    var cursor = 0
    for splice in all {
      result.append(contentsOf: base[cursor..<splice.range.lowerBound])
      result.append(contentsOf: splice.elements)
      cursor = splice.range.upperBound
    }
    return result + base[cursor...]
  }

  @Test(
    "edits of an array with repeated elements that touch different places merge to both edit scripts applied",
    arguments: seeds)
  func disjointEdits(seed: UInt64) throws {
    var random = Xorshift(seed: seed)
    // Each try is a new base and new edits: ours in the first part, theirs in the last, with a
    // few base elements between; a try whose diffs (which may slide an edit along a run of
    // equal elements) touch one place is drawn again, so every seed checks a merge.
    var scenario: (base: [PropertyList], ours: [PropertyList], theirs: [PropertyList], expected: [PropertyList])?
    for _ in 0..<100 where scenario == nil {
      let base = Self.array(&random, count: 4...14)
      let split = Int.random(in: 1..<base.count - 1, using: &random)
      let swapped = Bool.random(using: &random)
      let first = Self.edited(base, in: 0..<split, &random)
      let second = Self.edited(base, in: split + 1..<base.count, &random)
      let (ours, theirs) = swapped ? (second, first) : (first, second)
      let oursSplices = Self.splices(from: base, to: ours)
      let theirsSplices = Self.splices(from: base, to: theirs)
      guard !oursSplices.contains(where: { o in theirsSplices.contains { Self.touch(o, $0) } }) else { continue }
      scenario = (base, ours, theirs, Self.applying(oursSplices, theirsSplices, to: base))
    }
    let (base, ours, theirs, expected) = try #require(scenario, "seed \(seed): no edits that touch different places")
    let result = PropertyListMerge().merge(base: .array(base), ours: .array(ours), theirs: .array(theirs))
    #expect(result.isClean, "seed \(seed): \(lines(result.conflicts))")
    #expect(
      result.value == .array(expected),
      "seed \(seed): \(text(.array(base))) \(text(.array(ours))) \(text(.array(theirs)))")
    // Every entry either side added is there: each element occurs as often as in the base,
    // plus what each side added, minus what each side removed.
    func counts(_ elements: [PropertyList]) -> [String: Int] {
      elements.reduce(into: [:]) { $0[text($1), default: 0] += 1 }
    }
    let (b, o, t, m) = (counts(base), counts(ours), counts(theirs), counts(result.value.arrayValue ?? []))
    for element in Self.alphabet.map(text) {
      #expect(
        m[element, default: 0] == o[element, default: 0] + t[element, default: 0] - b[element, default: 0],
        "seed \(seed)")
    }
  }

  @Test("insertions both sides made at one place of an array with repeated elements are both kept", arguments: seeds)
  func insertionsAtOnePlace(seed: UInt64) throws {
    var random = Xorshift(seed: seed)
    var scenario: (base: [PropertyList], at: Int, ours: [PropertyList], theirs: [PropertyList])?
    for _ in 0..<100 where scenario == nil {
      let base = Self.array(&random, count: 0...8)
      let position = Int.random(in: 0...base.count, using: &random)
      let oursRun = Self.array(&random, count: 1...4)
      let theirsRun = Self.array(&random, count: 1...4)
      var ours = base
      ours.insert(contentsOf: oursRun, at: position)
      var theirs = base
      theirs.insert(contentsOf: theirsRun, at: position)
      // The diff may place an insertion elsewhere along a run of equal elements; the case
      // wanted here is the one where both diffs insert at one position.
      let oursSplices = Self.splices(from: base, to: ours)
      let theirsSplices = Self.splices(from: base, to: theirs)
      guard oursSplices.count == 1, theirsSplices.count == 1, oursSplices[0].range.isEmpty,
        oursSplices[0].range == theirsSplices[0].range
      else { continue }
      scenario = (base, oursSplices[0].range.lowerBound, oursSplices[0].elements, theirsSplices[0].elements)
    }
    let (base, position, oursRun, theirsRun) = try #require(scenario, "seed \(seed): no insertions at one place")
    var ours = base
    ours.insert(contentsOf: oursRun, at: position)
    var theirs = base
    theirs.insert(contentsOf: theirsRun, at: position)
    let result = PropertyListMerge().merge(base: .array(base), ours: .array(ours), theirs: .array(theirs))
    #expect(result.isClean, "seed \(seed)")
    let merged = try #require(result.value.arrayValue, "seed \(seed)")
    // The base around the insertion stays; in between, both runs whole, nothing else.
    let inserted = merged.count - base.count
    try #require(inserted >= 0, "seed \(seed)")
    #expect(Array(merged.prefix(position)) == Array(base.prefix(position)), "seed \(seed)")
    #expect(Array(merged.suffix(base.count - position)) == Array(base.suffix(base.count - position)), "seed \(seed)")
    let joined = Array(merged[position..<position + inserted])
    #expect(
      Self.holds(joined, run: oursRun) && Self.holds(joined, run: theirsRun), "seed \(seed): \(text(.array(joined)))")
    #expect(inserted <= oursRun.count + theirsRun.count, "seed \(seed)")
    // Kept once only where one run ends as the other starts, or holds it; else both whole.
    if !Self.holds(oursRun, run: theirsRun) && !Self.holds(theirsRun, run: oursRun)
      && !(1..<min(oursRun.count, theirsRun.count)).contains(where: { oursRun.suffix($0) == theirsRun.prefix($0) })
    {
      #expect(joined == oursRun + theirsRun, "seed \(seed)")
    }
  }

  static func holds(_ elements: [PropertyList], run: [PropertyList]) -> Bool {
    run.count <= elements.count
      && (0...(elements.count - run.count)).contains { Array(elements[$0..<$0 + run.count]) == run }
  }
}
