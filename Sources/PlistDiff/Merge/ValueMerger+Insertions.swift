import PlistKit

extension ValueMerger {
  /// The elements both sides inserted at one place of an array: ours, then theirs, what both
  /// inserted alike kept once.
  ///
  /// Alike is decided by runs, never element by element: build settings such as
  /// `OTHER_LDFLAGS = ("-framework", A)` repeat an element in pairs, and two sides appending
  /// `"-framework", B` and `"-framework", C` must keep both `"-framework"`s. So one side's run
  /// that holds the other's whole is kept alone, and otherwise theirs follows ours with only the
  /// longest run that ends ours and starts theirs written once (`[o, s]` and `[s, t]` give
  /// `[o, s, t]`). Nothing either side inserted is lost.
  static func joinedInsertions(ours: [PropertyList], theirs: [PropertyList]) -> [PropertyList] {
    // Comparing runs costs up to one comparison per pair of elements: past this, two unlike
    // runs are both kept whole, which loses nothing either.
    let comparisonBudget = 1 << 20
    guard ours.count.multipliedReportingOverflow(by: theirs.count).partialValue <= comparisonBudget,
      !ours.isEmpty, !theirs.isEmpty
    else {
      return elementsEqual(ours[...], theirs[...]) ? ours : ours + theirs
    }
    if contains(ours, run: theirs) { return ours }
    if contains(theirs, run: ours) { return theirs }
    for overlap in stride(from: min(ours.count, theirs.count) - 1, to: 0, by: -1)
    where elementsEqual(ours.suffix(overlap), theirs.prefix(overlap)) {
      return ours + theirs.dropFirst(overlap)
    }
    return ours + theirs
  }

  /// True when `run` occurs in `elements` as consecutive elements.
  private static func contains(_ elements: [PropertyList], run: [PropertyList]) -> Bool {
    guard run.count <= elements.count else { return false }
    return (0...(elements.count - run.count)).contains { start in
      elementsEqual(elements[start..<start + run.count], run[...])
    }
  }

  private static func elementsEqual(_ a: ArraySlice<PropertyList>, _ b: ArraySlice<PropertyList>) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
  }
}
