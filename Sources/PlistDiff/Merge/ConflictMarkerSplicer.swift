import PlistDocument
import PlistKit

/// Splices markers into a document that holds OURS' side of every conflict.
///
/// A conflict's lines are those that change when the document's own edits put THEIRS' side
/// in its place (its "hunks": a project file's edit may rewrite comments far from the value),
/// with the lines of OURS' entry of it kept together in one hunk. Conflicts whose hunks
/// overlap or meet are made together, as one, so that each hunk's THEIRS side is what the
/// edits write there together.
struct ConflictMarkerSplicer {
  /// Lines of the text that a conflict (or conflicts made together) replaces.
  struct Hunk {
    /// OURS' side: the lines in the text.
    var lines: Range<Int>
    /// THEIRS' side: the lines that the edits write in their place.
    var theirs: [UInt8]
  }

  /// The hunks of sites made together.
  struct Group {
    /// The sites (indices into ``sites``).
    var members: [Int]
    var hunks: [Hunk]

    /// True when a hunk of one overlaps or meets a hunk of the other.
    func meets(_ other: Group) -> Bool {
      hunks.contains { hunk in
        other.hunks.contains {
          $0.lines.lowerBound <= hunk.lines.upperBound && hunk.lines.lowerBound <= $0.lines.upperBound
        }
      }
    }
  }

  let document: PropertyListDocument
  let conflicts: [PropertyListConflict]
  let sites: [ConflictSites.Site]
  let text: [UInt8]

  init(document: PropertyListDocument, conflicts: [PropertyListConflict], sites: [ConflictSites.Site]) {
    self.document = document
    self.conflicts = conflicts
    self.sites = sites
    text = document.utf8Text
  }

  /// The text with the markers.
  func markedText(
    labels: (ours: String, theirs: String), markerSize: Int, lineEnding: [UInt8]
  ) throws(PropertyListError) -> [UInt8] {
    let hunks = try groups().flatMap(\.hunks).sorted { $0.lines.lowerBound < $1.lines.lowerBound }
    let open = Array(ConflictMarkers.marker("<", markerSize, label: labels.ours).utf8) + lineEnding
    let middle = Array(ConflictMarkers.marker("=", markerSize).utf8) + lineEnding
    let close = Array(ConflictMarkers.marker(">", markerSize, label: labels.theirs).utf8) + lineEnding
    var output: [UInt8] = []
    output.reserveCapacity(text.count + hunks.count * (open.count + middle.count + close.count))
    var copied = 0
    for hunk in hunks {
      output += text[copied..<hunk.lines.lowerBound]
      output += open
      output += Self.ended(text[hunk.lines], lineEnding)
      output += middle
      output += Self.ended(hunk.theirs[...], lineEnding)
      output += close
      copied = hunk.lines.upperBound
    }
    output += text[copied...]
    return output
  }

  /// A side's lines, with a line ending after the last when the text ended without one.
  private static func ended(_ lines: ArraySlice<UInt8>, _ lineEnding: [UInt8]) -> [UInt8] {
    guard let last = lines.last, last != 0x0A, last != 0x0D else { return Array(lines) }
    return Array(lines) + lineEnding
  }

  /// Each site's hunks, those of sites whose hunks meet made together, until none meet.
  private func groups() throws(PropertyListError) -> [Group] {
    var groups: [Group] = []
    for index in sites.indices { groups.append(try group(of: [index])) }
    while true {
      var meeting: (Int, Int)?
      search: for first in groups.indices {
        for second in groups.indices.dropFirst(first + 1) where groups[first].meets(groups[second]) {
          meeting = (first, second)
          break search
        }
      }
      guard let (first, second) = meeting else { return groups }
      // Made together, they may reach further than either: the list is looked through again.
      groups[first] = try group(of: groups[first].members + groups[second].members)
      groups.remove(at: second)
    }
  }

  /// The hunks of the sites `members`, their edits made together.
  private func group(of members: [Int]) throws(PropertyListError) -> Group {
    var theirsDocument = document
    try theirsDocument.apply(members.flatMap { edits(of: sites[$0]) })
    let changed = theirsDocument.utf8Text
    // What differs lies between a common start and a common end.
    let common = min(text.count, changed.count)
    var prefix = 0
    while prefix < common, text[prefix] == changed[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < common - prefix, text[text.count - 1 - suffix] == changed[changed.count - 1 - suffix] {
      suffix += 1
    }
    var entries: [Range<Int>] = []
    for member in members {
      if let span = try oursSpan(of: sites[member]) { entries.append(span) }
    }
    var lower = min(prefix, entries.map(\.lowerBound).min() ?? prefix)
    var upper = max(text.count - suffix, entries.map(\.upperBound).max() ?? 0)
    // Before `lower` and after `upper` both texts are the same: whole lines are taken alike.
    while lower > 0, !Self.isLineStart(text, lower) { lower -= 1 }
    while upper < text.count, !Self.isLineStart(text, upper) { upper += 1 }
    let ours = Self.lines(text, lower..<upper)
    let theirs = Self.lines(changed, lower..<(upper + changed.count - text.count))
    // The lines of OURS' entries stay in one hunk, whatever of them THEIRS has too.
    let inEntry = ours.map { line in entries.contains { $0.overlaps(line) } }
    var matches = SequenceAlignment.matches(
      ours.map { Self.fingerprint(text[$0]) }, theirs.map { Self.fingerprint(changed[$0]) }
    ).filter { text[ours[$0.0]].elementsEqual(changed[theirs[$0.1]]) && !inEntry[$0.0] }
    matches.append((ours.count, theirs.count))
    var hunks: [Hunk] = []
    var next = (ours: 0, theirs: 0)
    for (oursLine, theirsLine) in matches {
      if oursLine > next.ours || theirsLine > next.theirs {
        let start = next.ours < ours.count ? ours[next.ours].lowerBound : upper
        let end = oursLine < ours.count ? ours[oursLine].lowerBound : upper
        let theirsStart = next.theirs < theirs.count ? theirs[next.theirs].lowerBound : theirs.last?.upperBound ?? lower
        let theirsEnd = theirsLine < theirs.count ? theirs[theirsLine].lowerBound : theirs.last?.upperBound ?? lower
        hunks.append(Hunk(lines: start..<end, theirs: Array(changed[theirsStart..<theirsEnd])))
      }
      next = (oursLine + 1, theirsLine + 1)
    }
    return Group(members: members, hunks: hunks)
  }

  /// The lines of `range` in `text` (which starts and ends at line starts), with their endings.
  private static func lines(_ text: [UInt8], _ range: Range<Int>) -> [Range<Int>] {
    var lines: [Range<Int>] = []
    var start = range.lowerBound
    for offset in range where offset + 1 == range.upperBound || isLineStart(text, offset + 1) {
      lines.append(start..<(offset + 1))
      start = offset + 1
    }
    return lines
  }

  private static func fingerprint(_ line: ArraySlice<UInt8>) -> UInt64 {
    var hasher = Hasher()
    line.withUnsafeBytes { hasher.combine(bytes: $0) }
    return UInt64(bitPattern: Int64(hasher.finalize()))
  }

  /// True when a line starts at `offset` (after `\n`, `\r\n` or a lone `\r`).
  private static func isLineStart(_ text: [UInt8], _ offset: Int) -> Bool {
    guard offset > 0 else { return true }
    if text[offset - 1] == 0x0A { return true }
    return text[offset - 1] == 0x0D && (offset == text.count || text[offset] != 0x0A)
  }

  /// Where OURS' side of a site is in the text (nil when OURS has nothing there).
  private func oursSpan(of site: ConflictSites.Site) throws(PropertyListError) -> Range<Int>? {
    switch site.place {
    case .root:
      return try document.spans(at: site.container).value
    case .entry(let key):
      guard conflicts[site.conflict].ours != nil else { return nil }
      let spans = try document.spans(at: site.container.appending(key))
      return (spans.key?.lowerBound ?? spans.value.lowerBound)..<spans.value.upperBound
    case .elements(let index, let count):
      guard count > 0 else { return nil }
      let first = try document.spans(at: site.container.appending(index: index)).value
      let last = try document.spans(at: site.container.appending(index: index + count - 1)).value
      return first.lowerBound..<last.upperBound
    }
  }

  /// The document's edits that put THEIRS' side at a site, with paths in the document.
  private func edits(of site: ConflictSites.Site) -> [PropertyListDocument.BatchEdit] {
    let conflict = conflicts[site.conflict]
    switch site.place {
    case .root:
      return conflict.theirs.map { [.replace(site.container, with: $0)] } ?? []
    case .entry(let key):
      let path = site.container.appending(key)
      switch (conflict.ours, conflict.theirs) {
      case (_?, let theirs?): return [.replace(path, with: theirs)]
      case (_?, nil): return [.remove(path)]
      case (nil, let theirs?): return [.insert(theirs, at: path)]
      case (nil, nil): return []
      }
    case .elements(let index, let count):
      guard conflict.elements != nil else {
        return conflict.theirs.map { [.replace(site.container.appending(index: index), with: $0)] } ?? []
      }
      let removals = (index..<(index + count)).map {
        PropertyListDocument.BatchEdit.remove(site.container.appending(index: $0))
      }
      // After the span: where it was, once it is removed (as a change's edits are made).
      let insertions = (conflict.theirs?.arrayValue ?? []).map {
        PropertyListDocument.BatchEdit.insert($0, at: site.container.appending(index: index + count))
      }
      return removals + insertions
    }
  }
}
