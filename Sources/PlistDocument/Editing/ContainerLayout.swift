import PlistKit

/// One replacement of bytes in a document's text.
struct Splice: Sendable {
  var range: Range<Int>
  var bytes: [UInt8]
}

/// Where a container's entries and marks are in the text, and how they are laid out.
struct ContainerLayout {
  /// One entry: a key and its value, or an array element.
  struct Entry {
    let key: Int?
    let value: Int
    /// Where the entry starts: its key, or its value.
    let start: Int
    /// Where its value ends.
    let valueEnd: Int
    /// Where it ends with its own punctuation: after an OpenStep entry's `;` or an OpenStep
    /// element's `,`; else ``valueEnd``.
    let end: Int
    /// True for an OpenStep element followed by its `,`.
    let terminated: Bool
  }

  let node: Int
  let kind: SyntaxTree.Kind
  let entries: [Entry]
  /// Where the entries may go: after the opening mark.
  let interiorStart: Int
  /// Where the closing mark starts (the end of the text for a `.strings` file without braces).
  let closeStart: Int
  /// A `.strings` file's dictionary, which has no braces.
  let braceless: Bool
  /// XML's `<dict/>` and `<array/>`.
  let selfClosing: Bool
  /// True when the entries (or, empty, the closing mark) have lines of their own.
  let multiline: Bool

  init(node: Int, in document: PropertyListDocument) {
    let tree = document.tree
    let text = document.text
    self.node = node
    kind = tree.kind(node)
    let span = tree.span(node)
    var selfClosing = false
    var braceless = false
    switch document.format {
    case .xml:
      var open = span.lowerBound
      while text[open] != UInt8(ascii: ">") { open += 1 }
      if text[open - 1] == UInt8(ascii: "/") {
        selfClosing = true
        interiorStart = open + 1
        closeStart = open + 1
      } else {
        interiorStart = open + 1
        var close = span.upperBound - 1
        while text[close] != UInt8(ascii: "<") { close -= 1 }
        closeStart = close
      }
    case .openStep where kind == .dictionary && (span.isEmpty || text[span.lowerBound] != UInt8(ascii: "{")):
      braceless = true
      interiorStart = span.lowerBound
      closeStart = span.upperBound
    default:
      interiorStart = span.lowerBound + 1
      closeStart = span.upperBound - 1
    }
    self.selfClosing = selfClosing
    self.braceless = braceless
    var entries: [Entry] = []
    text.withUnsafeBufferPointer { buffer in
      for (key, value) in tree.entries(node) {
        let start = key.map { tree.start($0) } ?? tree.start(value)
        let valueEnd = tree.end(value)
        var end = valueEnd
        var terminated = false
        if document.format == .openStep {
          let next = OpenStepTrivia.end(of: buffer, from: valueEnd)
          if key != nil {
            end = next + 1
          } else if next < buffer.count, buffer[next] == UInt8(ascii: ",") {
            end = next + 1
            terminated = true
          }
        }
        entries.append(
          Entry(key: key, value: value, start: start, valueEnd: valueEnd, end: end, terminated: terminated))
      }
    }
    self.entries = entries
    if braceless {
      multiline = true
    } else if let first = entries.first {
      multiline = TextLines.hasLineBreak(text, interiorStart..<first.start)
    } else {
      multiline = TextLines.hasLineBreak(text, interiorStart..<closeStart)
    }
  }
}

extension PropertyListDocument {
  /// True when the entry has its lines to itself: only indentation before it, and only white
  /// space, comments and its separator after it on its last line.
  func ownsLines(_ entry: ContainerLayout.Entry) -> Bool {
    TextLines.isBlank(text, TextLines.lineStart(text, entry.start)..<entry.start) && restOfLineIsTrivia(from: entry.end)
  }

  /// True when only white space and comments (and, in JSON, one `,`) follow `offset` on its line.
  func restOfLineIsTrivia(from offset: Int) -> Bool {
    let lineEnd = TextLines.lineEnd(text, offset)
    var index = offset
    var sawComma = false
    while index < lineEnd {
      let byte = text[index]
      if byte == 0x20 || byte == 0x09 {
        index += 1
      } else if format == .json, byte == UInt8(ascii: ","), !sawComma {
        sawComma = true
        index += 1
      } else if format == .openStep, starts(with: "//", at: index) {
        return true
      } else if format == .openStep, starts(with: "/*", at: index),
        let close = find("*/", from: index + 2, before: lineEnd)
      {
        index = close + 2
      } else if format == .xml, starts(with: "<!--", at: index),
        let close = find("-->", from: index + 4, before: lineEnd)
      {
        index = close + 3
      } else {
        return false
      }
    }
    return true
  }

  /// The start of the comment lines right above an entry that belong to it (none in a
  /// project file, whose comment lines are Xcode's section marks), or of its own line.
  func attachedStart(_ entry: ContainerLayout.Entry, notBefore lowerLimit: Int) -> Int {
    var start = TextLines.lineStart(text, entry.start)
    guard !isXcodeProject, start > lowerLimit else { return start }
    // The comments between the previous entry and this one, found from the previous entry's
    // end (a `/*` inside a comment starts nothing).
    let comments = commentSpans(in: lowerLimit..<start)
    while start > lowerLimit {
      let previousStart = TextLines.previousLineStart(text, start)
      guard previousStart >= lowerLimit else { break }
      let previousEnd = TextLines.lineEnd(text, previousStart)
      guard
        let comment = comments.first(where: { $0.upperBound <= previousEnd && $0.upperBound > previousStart }),
        comment.lowerBound >= previousStart,
        TextLines.isBlank(text, previousStart..<comment.lowerBound),
        TextLines.isBlank(text, comment.upperBound..<previousEnd)
      else { break }
      start = previousStart
    }
    return start
  }

  /// The whole comment lines right above the entry whose value is `node` in `container`:
  /// those a removal of the entry takes with it (when it has its lines to itself in a
  /// multi-line container), as they are in the text.
  func attachedComments(of node: Int, in container: Int) -> [UInt8] {
    let layout = ContainerLayout(node: container, in: self)
    guard layout.multiline, let position = layout.entries.lastIndex(where: { $0.value == node }) else { return [] }
    let entry = layout.entries[position]
    guard ownsLines(entry) else { return [] }
    let lower = position > 0 ? layout.entries[position - 1].end : layout.interiorStart
    return Array(text[attachedStart(entry, notBefore: lower)..<TextLines.lineStart(text, entry.start)])
  }

  /// The comments in `range`, which starts between tokens.
  private func commentSpans(in range: Range<Int>) -> [Range<Int>] {
    var spans: [Range<Int>] = []
    var index = range.lowerBound
    while index < range.upperBound {
      if format == .openStep, starts(with: "//", at: index) {
        let end = TextLines.lineEnd(text, index)
        spans.append(index..<end)
        index = end
      } else if format == .openStep, starts(with: "/*", at: index) {
        let end = (find("*/", from: index + 2, before: text.count) ?? text.count - 2) + 2
        spans.append(index..<end)
        index = end
      } else if format == .xml, starts(with: "<!--", at: index) {
        let end = (find("-->", from: index + 4, before: text.count) ?? text.count - 3) + 3
        spans.append(index..<end)
        index = end
      } else {
        index += 1
      }
    }
    return spans
  }

  func starts(with literal: String, at offset: Int) -> Bool {
    let bytes = Array(literal.utf8)
    return offset + bytes.count <= text.count && text[offset..<(offset + bytes.count)].elementsEqual(bytes)
  }

  func find(_ literal: String, from start: Int, before end: Int) -> Int? {
    let bytes = Array(literal.utf8)
    var index = start
    while index + bytes.count <= end {
      if text[index..<(index + bytes.count)].elementsEqual(bytes) { return index }
      index += 1
    }
    return nil
  }

  /// The offset of the `,` that follows a JSON value.
  func jsonComma(after offset: Int) -> Int? {
    var index = offset
    while index < text.count, text[index] == 0x20 || text[index] == 0x09 || text[index] == 0x0A || text[index] == 0x0D {
      index += 1
    }
    return index < text.count && text[index] == UInt8(ascii: ",") ? index : nil
  }
}
