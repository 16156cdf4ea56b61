import PlistKit

extension ValueMerger {
  /// One side's edit of the base array, as the span of base elements it covers.
  struct Region {
    /// True for our side.
    let isOurs: Bool
    let edit: ArrayEdit
    var lo: Int { edit.oldRange.lowerBound }
    var hi: Int { edit.oldRange.upperBound }
    /// An insertion covers no base element; it goes before element `lo`.
    var isInsertion: Bool { edit.oldRange.isEmpty }
  }

  /// Merges two sides' edits of an array against the base: edits that touch different base
  /// elements apply side by side; edits that overlap form a group, which merges when both
  /// sides changed one element (recursively), inserted at one place (see
  /// ``joinedInsertions(ours:theirs:)``), or did the same, and
  /// conflicts otherwise.
  mutating func mergeArrays(
    base: [PropertyList], ours: [PropertyList], theirs: [PropertyList], oursChange: ArrayChange,
    theirsChange: ArrayChange, path: PropertyListKeyPath
  ) -> [PropertyList] {
    let regions = Self.sortedRegions(oursChange, theirsChange)
    var result: [PropertyList] = []
    result.reserveCapacity(max(ours.count, theirs.count))
    var cursor = 0
    var group: [Region] = []
    // The furthest base element each side's non-insertion members cover, and where the last
    // insertion of each side in the group goes.
    var reach = (ours: -1, theirs: -1)
    var insertionPoint = (ours: -1, theirs: -1)
    func flush(_ merger: inout ValueMerger) {
      guard let first = group.first else { return }
      result.append(contentsOf: base[cursor..<first.lo])
      let end = group.map(\.hi).max()!
      merger.resolve(group, span: first.lo..<end, base: base, ours: ours, theirs: theirs, path: path, into: &result)
      cursor = end
      group = []
      reach = (-1, -1)
      insertionPoint = (-1, -1)
    }
    for region in regions {
      if !group.isEmpty {
        let otherReach = region.isOurs ? reach.theirs : reach.ours
        let otherInsertion = region.isOurs ? insertionPoint.theirs : insertionPoint.ours
        let clashes = otherReach > region.lo || (region.isInsertion && otherInsertion == region.lo)
        if !clashes { flush(&self) }
      }
      group.append(region)
      if region.isInsertion {
        if region.isOurs { insertionPoint.ours = region.lo } else { insertionPoint.theirs = region.lo }
      } else if region.isOurs {
        reach.ours = max(reach.ours, region.hi)
      } else {
        reach.theirs = max(reach.theirs, region.hi)
      }
    }
    flush(&self)
    result.append(contentsOf: base[cursor...])
    return result
  }

  /// Both sides' edits by base position; at one position insertions come first (they go
  /// before the element), ours before theirs.
  static func sortedRegions(_ ours: ArrayChange, _ theirs: ArrayChange) -> [Region] {
    let all = ours.edits.map { Region(isOurs: true, edit: $0) } + theirs.edits.map { Region(isOurs: false, edit: $0) }
    return all.sorted { a, b in
      if a.lo != b.lo { return a.lo < b.lo }
      if a.isInsertion != b.isInsertion { return a.isInsertion }
      return a.isOurs && !b.isOurs
    }
  }

  /// Appends the merge of one group of overlapping edits covering the base elements `span`.
  private mutating func resolve(
    _ group: [Region], span: Range<Int>, base: [PropertyList], ours: [PropertyList], theirs: [PropertyList],
    path: PropertyListKeyPath, into result: inout [PropertyList]
  ) {
    let mine = group.filter(\.isOurs)
    let others = group.filter { !$0.isOurs }
    if others.isEmpty { return Self.apply(mine, over: span, base: base, side: ours, into: &result) }
    if mine.isEmpty { return Self.apply(others, over: span, base: base, side: theirs, into: &result) }
    if mine.count == 1, others.count == 1 {
      switch (mine[0].edit, others[0].edit) {
      case (.changed(let index, let oursIndex, let oursInner), .changed(_, let theirsIndex, let theirsInner)):
        result.append(
          merge(
            base: base[index], ours: ours[oursIndex], theirs: theirs[theirsIndex], oursChange: oursInner,
            theirsChange: theirsInner, path: path.appending(index: index), location: .elements))
        return
      case (.replaced(let range, _, _, let oursInserted), .replaced(_, _, _, let theirsInserted)) where range.isEmpty:
        result.append(contentsOf: Self.joinedInsertions(ours: oursInserted, theirs: theirsInserted))
        return
      default: break
      }
    }
    var oursSpan: [PropertyList] = []
    Self.apply(mine, over: span, base: base, side: ours, into: &oursSpan)
    var theirsSpan: [PropertyList] = []
    Self.apply(others, over: span, base: base, side: theirs, into: &theirsSpan)
    if oursSpan.count == theirsSpan.count && zip(oursSpan, theirsSpan).allSatisfy({ Self.equal($0, $1) }) {
      return result.append(contentsOf: oursSpan)
    }
    let baseSpan = Array(base[span])
    let kind: PropertyListConflict.Kind =
      baseSpan.isEmpty
      ? .addedOnBothSides
      : oursSpan.isEmpty ? .removedByOurs : theirsSpan.isEmpty ? .removedByTheirs : .changedOnBothSides
    let kept = conflict(
      kind, at: path.appending(index: span.lowerBound), location: .elements, elements: span, base: .array(baseSpan),
      ours: .array(oursSpan), theirs: .array(theirsSpan))
    switch kept {
    case .array(let elements)?: result.append(contentsOf: elements)
    case let placeholder?: result.append(placeholder)
    case nil: break
    }
  }

  /// Appends one side's edits over the base elements `span`, base elements between them kept.
  static func apply(
    _ edits: [Region], over span: Range<Int>, base: [PropertyList], side: [PropertyList],
    into result: inout [PropertyList]
  ) {
    var cursor = span.lowerBound
    for region in edits {
      result.append(contentsOf: base[cursor..<region.lo])
      switch region.edit {
      case .changed(_, let newIndex, _): result.append(side[newIndex])
      case .replaced(_, _, _, let inserted): result.append(contentsOf: inserted)
      }
      cursor = region.hi
    }
    result.append(contentsOf: base[cursor..<span.upperBound])
  }
}
