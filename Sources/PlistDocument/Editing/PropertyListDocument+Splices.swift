import PlistKit
import XcodeProject

/// The bytes each kind of edit replaces, inserts or removes: the layout rules of the
/// document (see ``PropertyListDocument``).
extension PropertyListDocument {
  var renderer: FragmentRenderer {
    FragmentRenderer(
      format: format, style: style, lineEnding: lineEnding.bytes, options: options.writing,
      xcode: isXcodeProject ? xcodeObjectVersion : nil)
  }

  /// True when values inside the container `node` are written on one line. `known` is the
  /// container's layout when the caller has it (edits made together share one per container).
  func isFlat(_ node: Int?, layout known: ContainerLayout? = nil) -> Bool {
    guard let node else { return !style.multiline }
    let layout = known ?? ContainerLayout(node: node, in: self)
    return !layout.multiline && (!layout.entries.isEmpty || !style.multiline || isXcodeProject)
  }

  /// Writes `value` in place of the value node `node` (in `parent`, nil for the root, whose
  /// layout `parentLayout` is when the caller has it).
  func replacement(
    of node: Int, parent: Int?, with value: PropertyList, path: PropertyListKeyPath,
    parentLayout: ContainerLayout? = nil
  ) throws(PropertyListError) -> [Splice] {
    let span = tree.valueSpan(node)
    if parent == nil, format == .openStep, tree.kind(node) == .dictionary,
      ContainerLayout(node: node, in: self).braceless,
      case .dictionary(let entries) = value, !entries.isEmpty
    {
      // A `.strings` file stays without braces: one entry per line.
      var bytes: [UInt8] = []
      for (key, element) in entries {
        let rendered = try renderer.value(element, path: path.appending(key), indentation: [], flat: false)
        bytes +=
          try renderer.entry(key: key, value: rendered, path: path.appending(key), indentation: []) + lineEnding.bytes
      }
      return [Splice(range: span, bytes: bytes)]
    }
    let indentation = TextLines.indentation(text, span.lowerBound)
    var rendered = try renderer.value(
      value, path: path, indentation: indentation, flat: isFlat(parent, layout: parentLayout))
    if format == .openStep, !isXcodeProject, parent != nil, tree.kind(node) == .string, case .string(let new) = value {
      // A string keeps its own quoting where the new one allows it (quoted stays quoted; bare
      // stays bare unless the new string needs quotes), not the file's prevailing style.
      let quoted = text[span.lowerBound] == UInt8(ascii: "\"") || text[span.lowerBound] == UInt8(ascii: "'")
      rendered = PropertyListFragments.openStepString(new, quoted: quoted)
    }
    let comment = isXcodeProject ? XcodeProjectSyntax.commentSpan(after: span.upperBound, in: text) : nil
    if let parent, tree.kind(parent) == .dictionary, node > 0, tree.kind(node - 1) == .key,
      tree.span(node - 1) == tree.span(node)
    {
      // A `"key";` entry: the value follows the key, and the comment that names the key.
      let offset = comment?.upperBound ?? span.upperBound
      return [Splice(range: offset..<offset, bytes: style.assignment + rendered)]
    }
    if let comment {
      // The comment named the old value; the new one gets its own, if any, afterwards.
      return [Splice(range: span.lowerBound..<comment.upperBound, bytes: rendered)]
    }
    return [Splice(range: span, bytes: rendered)]
  }

  /// Adds an entry (`key` for a dictionary, nil for an array) before the entry at `position`
  /// (the count appends). `verbatim` is the value's text to use as it is, when it fits there;
  /// `known` the container's layout, when the caller has it.
  func insertion(
    into container: Int, at position: Int, key: String?, value: PropertyList, path: PropertyListKeyPath,
    verbatim: MovedText? = nil, layout known: ContainerLayout? = nil
  ) throws(PropertyListError) -> [Splice] {
    let layout = known ?? ContainerLayout(node: container, in: self)
    let entries = layout.entries
    let isArray = layout.kind == .array
    let unit = style.indentUnit
    let containerIndentation = TextLines.indentation(text, tree.start(container))
    let linewise: Bool
    let indentation: [UInt8]
    if entries.isEmpty {
      linewise = layout.multiline || layout.braceless || (style.multiline && !isXcodeProject) || format == .xml
      indentation =
        layout.braceless
        ? [] : (layout.multiline ? TextLines.indentation(text, layout.closeStart) : containerIndentation) + unit
    } else {
      let reference = entries[min(position, entries.count - 1)]
      linewise = ownsLines(reference)
      indentation = linewise ? TextLines.indentation(text, reference.start) : containerIndentation + unit
    }
    let valueBytes: [UInt8]
    if let verbatim, verbatim.indentation == indentation, verbatim.flat == !linewise {
      valueBytes = verbatim.bytes
    } else {
      valueBytes = try renderer.value(value, path: path, indentation: indentation, flat: !linewise)
    }
    // A moved entry's comment lines come along to a line of its own; whole lines, so they go
    // right before the entry's line.
    let comments = linewise ? verbatim?.comments(indentedFor: indentation) ?? [] : []
    var item =
      try key.map { (key) throws(PropertyListError) in
        try renderer.entry(key: key, value: valueBytes, path: path, indentation: indentation, flat: !linewise)
      } ?? valueBytes
    let eol = lineEnding.bytes
    let comma = [UInt8(ascii: ",")]
    let openStepArray = format == .openStep && isArray

    guard !entries.isEmpty else {
      if openStepArray && (linewise || isXcodeProject) { item += comma }
      // Xcode ends every entry of a one-line container with a space: `(a, )`, `{a = b; }`.
      if isXcodeProject && !linewise && format == .openStep { item.append(0x20) }
      if layout.braceless {
        let needsBreak = !text.isEmpty && text.last != 0x0A && text.last != 0x0D
        return [Splice(range: text.count..<text.count, bytes: (needsBreak ? eol : []) + comments + item + eol)]
      }
      // Comments and processing instructions inside the empty container stay, before the entry.
      var kept = layout.closeStart
      while kept > layout.interiorStart, Self.isWhiteSpace(text[kept - 1]) { kept -= 1 }
      let closingLine = TextLines.lineStart(text, layout.closeStart)
      if layout.multiline, kept <= closingLine {
        return [Splice(range: closingLine..<closingLine, bytes: comments + indentation + item + eol)]
      }
      // Else the closing mark shares its line with the opening one or with the end of a
      // comment (`lines */ }`): the entry goes after what is there.
      let brackets = renderer.brackets(layout.kind)
      let inner = linewise ? eol + comments + indentation + item + eol + containerIndentation : item
      if layout.selfClosing {
        return [Splice(range: tree.span(container), bytes: brackets.open + inner + brackets.close)]
      }
      let space: [UInt8] = !linewise && kept > layout.interiorStart ? [0x20] : []
      return [Splice(range: kept..<layout.closeStart, bytes: space + inner)]
    }

    // Entries parted by blank lines (as `.strings` files often are) get one too.
    let gap = linewise && entriesArePartedByBlankLines(layout, near: position) ? eol : []
    if position < entries.count {
      let next = entries[position]
      if linewise {
        let lower = position > 0 ? entries[position - 1].end : layout.interiorStart
        let offset = attachedStart(next, notBefore: lower)
        let separator = format == .json || openStepArray ? comma : []
        return [Splice(range: offset..<offset, bytes: comments + indentation + item + separator + eol + gap)]
      }
      let separator: [UInt8]
      switch format {
      case .openStep: separator = isArray ? style.elementSeparator : style.entryGap
      case .json: separator = isArray ? style.elementSeparator : comma + style.entryGap
      default: separator = []
      }
      return [Splice(range: next.start..<next.start, bytes: item + separator)]
    }

    let last = entries[entries.count - 1]
    var splices: [Splice] = []
    if linewise {
      let lineEnd = TextLines.lineEnd(text, last.end)
      if openStepArray && last.terminated { item += comma }
      if lineEnd == text.count {
        splices.append(Splice(range: text.count..<text.count, bytes: eol + gap + comments + indentation + item))
      } else {
        let offset = TextLines.afterLineEnding(text, lineEnd)
        splices.append(Splice(range: offset..<offset, bytes: gap + comments + indentation + item + eol))
      }
      if format == .json || (openStepArray && !last.terminated) {
        splices.append(Splice(range: last.valueEnd..<last.valueEnd, bytes: comma))
      }
      return splices
    }
    switch format {
    case .openStep where isArray:
      if last.terminated {
        return [
          Splice(
            range: last.end..<last.end, bytes: style.elementSeparator.drop { $0 != 0x2C }.dropFirst() + item + comma)
        ]
      }
      return [Splice(range: last.valueEnd..<last.valueEnd, bytes: style.elementSeparator + item)]
    case .openStep:
      return [Splice(range: last.end..<last.end, bytes: style.entryGap + item)]
    case .json:
      return [
        Splice(
          range: last.valueEnd..<last.valueEnd,
          bytes: (isArray ? style.elementSeparator : comma + style.entryGap) + item)
      ]
    default:
      return [Splice(range: last.end..<last.end, bytes: item)]
    }
  }

  static func isWhiteSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

  /// True when the entries around `position` (the one there and the one before it, or the
  /// last two) have a blank line between them: a new entry there is parted the same way.
  private func entriesArePartedByBlankLines(_ layout: ContainerLayout, near position: Int) -> Bool {
    guard !isXcodeProject, layout.entries.count >= 2 else { return false }
    let later = min(max(position, 1), layout.entries.count - 1)
    let earlier = layout.entries[later - 1]
    let limit = attachedStart(layout.entries[later], notBefore: earlier.end)
    var line = TextLines.afterLineEnding(text, TextLines.lineEnd(text, earlier.end))
    while line < limit {
      let end = TextLines.lineEnd(text, line)
      if TextLines.isBlank(text, line..<end) { return true }
      line = TextLines.afterLineEnding(text, end)
    }
    return false
  }

  /// Takes out the entry at `position`, with its lines when it has them to itself (`known` is
  /// the container's layout, when the caller has it).
  func removal(from container: Int, at position: Int, layout known: ContainerLayout? = nil) -> [Splice] {
    let layout = known ?? ContainerLayout(node: container, in: self)
    if isXcodeProject, container == objectsNode, let splices = objectRemoval(at: position, layout: layout) {
      return splices
    }
    let entries = layout.entries
    let entry = entries[position]
    if entries.count == 1, !layout.braceless, !isXcodeProject {
      // The container is left empty: written as the writer writes an empty one, unless
      // comments stay inside it.
      let taken =
        layout.multiline && ownsLines(entry)
        ? attachedStart(
          entry, notBefore: layout.interiorStart)..<TextLines.afterLineEnding(
            text, TextLines.lineEnd(text, entry.end))
        : entry.start..<entry.end
      let outside = [layout.interiorStart..<taken.lowerBound, taken.upperBound..<layout.closeStart]
      if outside.allSatisfy({ range in text[range].allSatisfy(Self.isWhiteSpace) }) {
        return [Splice(range: tree.span(container), bytes: renderer.empty(layout.kind))]
      }
    }
    if entries.count == 1, !layout.braceless, !layout.multiline {
      // On the container's line: the entry goes, and the blanks around it unless a comment
      // stays there with them.
      let outside = [layout.interiorStart..<entry.start, entry.end..<layout.closeStart]
      let blank = outside.allSatisfy { range in text[range].allSatisfy(Self.isWhiteSpace) }
      return [Splice(range: blank ? layout.interiorStart..<layout.closeStart : entry.start..<entry.end, bytes: [])]
    }
    if layout.multiline && ownsLines(entry) {
      let lower = position > 0 ? entries[position - 1].end : layout.interiorStart
      var start = attachedStart(entry, notBefore: lower)
      var end = TextLines.afterLineEnding(text, TextLines.lineEnd(text, entry.end))
      // Blank lines around the entry part it from its neighbours: keep one, and none at the
      // edges of the container.
      let firstLine = TextLines.afterLineEnding(text, TextLines.lineEnd(text, layout.interiorStart))
      let atStart = layout.braceless ? start == 0 : start <= firstLine
      let closingLine = layout.braceless ? text.count : TextLines.lineStart(text, layout.closeStart)
      let nextBlank = end < closingLine && TextLines.isBlank(text, end..<TextLines.lineEnd(text, end))
      let previousLine = start > 0 ? TextLines.previousLineStart(text, start) : 0
      let previousBlank =
        start > 0 && !atStart && TextLines.isBlank(text, previousLine..<TextLines.lineEnd(text, previousLine))
      if nextBlank && (previousBlank || atStart) {
        end = TextLines.afterLineEnding(text, TextLines.lineEnd(text, end))
      } else if previousBlank && end >= closingLine {
        start = previousLine
      }
      var splices = [Splice(range: start..<end, bytes: [])]
      if position == entries.count - 1, position > 0 {
        let previous = entries[position - 1]
        if format == .json, let comma = jsonComma(after: previous.valueEnd) {
          splices.append(Splice(range: comma..<(comma + 1), bytes: []))
        } else if format == .openStep, layout.kind == .array, !entry.terminated, previous.terminated {
          splices.append(Splice(range: (previous.end - 1)..<previous.end, bytes: []))
        }
      }
      return splices
    }
    if entries.count == 1 {
      // The only entry, on a line it shares with the container's marks: its text goes.
      return [Splice(range: entry.start..<entry.end, bytes: [])]
    }
    if position < entries.count - 1 {
      return [Splice(range: entry.start..<entries[position + 1].start, bytes: [])]
    }
    let previous = entries[position - 1]
    let keepsTerminator = format == .openStep && (layout.kind == .dictionary || entry.terminated)
    return [Splice(range: (keepsTerminator ? previous.end : previous.valueEnd)..<entry.end, bytes: [])]
  }

  /// Applies `splices` (which must not overlap; insertions at one offset go in the order
  /// given, before a replacement that starts there) in one pass over the text, then finds the
  /// syntax of the new text (or, without `rescan`, leaves that to the next edit); returns where
  /// the new bytes are in it, in text order.
  @discardableResult
  mutating func apply(_ splices: [Splice], value: PropertyList?, rescan: Bool = true) -> [Range<Int>] {
    var placed: [Range<Int>] = []
    if splices.count <= Self.inPlaceSplices {
      // A few splices (an edit and the comments it changes): in place, from the end, without
      // a second copy of a large text; each moves the text after it once.
      let order = Self.textOrder(splices)
      for (earlier, later) in zip(order, order.dropFirst()) {
        precondition(splices[earlier].range.upperBound <= splices[later].range.lowerBound, "overlapping splices")
      }
      for index in order.reversed() {
        text.replaceSubrange(splices[index].range, with: splices[index].bytes)
      }
      var shift = 0
      for index in order {
        let splice = splices[index]
        placed.append((splice.range.lowerBound + shift)..<(splice.range.lowerBound + shift + splice.bytes.count))
        shift += splice.bytes.count - splice.range.count
      }
    } else {
      var edited: [UInt8] = []
      edited.reserveCapacity(text.count + splices.reduce(0) { $0 + $1.bytes.count - $1.range.count })
      var copied = 0
      for index in Self.textOrder(splices) {
        let splice = splices[index]
        precondition(copied <= splice.range.lowerBound, "overlapping splices")
        edited += text[copied..<splice.range.lowerBound]
        placed.append(edited.count..<(edited.count + splice.bytes.count))
        edited += splice.bytes
        copied = splice.range.upperBound
      }
      edited += text[copied...]
      text = edited
    }
    knownValue = format == .openStep ? nil : value
    isEdited = true
    syntaxIsStale = true
    if rescan { refreshSyntax() }
    return placed
  }

  /// Up to this many splices are made in place; more (a merge's batch) in one copy of the text,
  /// as each splice made in place moves the rest of the text.
  static let inPlaceSplices = 16

  /// Finds the syntax of the text again, if an edit left it out of date.
  mutating func refreshSyntax() {
    guard syntaxIsStale else { return }
    // The old tree goes first: a large file's two trees need not be in memory at once.
    tree = SyntaxTree()
    tree = Self.scan(text, format: format, value: knownValue, options: options.reading)
    syntaxIsStale = false
    syntaxScans += 1
  }

  /// The indices of `splices` in the order they apply in: by offset, insertions at one offset
  /// as given and before a replacement that starts there.
  static func textOrder(_ splices: [Splice]) -> [Int] {
    splices.indices.sorted {
      (splices[$0].range.lowerBound, splices[$0].range.isEmpty ? 0 : 1, $0)
        < (splices[$1].range.lowerBound, splices[$1].range.isEmpty ? 0 : 1, $1)
    }
  }
}
