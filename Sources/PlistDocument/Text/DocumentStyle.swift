import PlistKit

/// How a document is written, found in its text, so that what an edit adds looks like what
/// is already there: the indentation step, whether containers spread over lines, whether
/// OpenStep keys and strings are always quoted, and the punctuation between entries.
struct DocumentStyle: Sendable {
  /// One level of indentation: a tab, two or four spaces…
  var indentUnit: [UInt8]
  /// True when containers put their entries on lines of their own (false for one-line
  /// documents, such as compact JSON).
  var multiline: Bool
  /// OpenStep: most keys in the file are quoted, even where they need not be, so new keys are
  /// too (`.strings` files).
  var quotesKeys: Bool
  /// OpenStep: most string values in the file are quoted, so new strings are too.
  var quotesStrings: Bool
  /// What goes between a key and its value: ` = `, `: `, `:`.
  var assignment: [UInt8]
  /// What goes between two entries of a one-line dictionary, after the `;` or `,`: ` `.
  var entryGap: [UInt8]
  /// What goes between two elements of a one-line array: `, `, `,`.
  var elementSeparator: [UInt8]

  init(text: [UInt8], tree: SyntaxTree, format: PropertyListFormat) {
    indentUnit = format == .json ? Array("  ".utf8) : [0x09]
    multiline = true
    var sawMultiline = false
    var sawContainer = false
    var unitFound = false
    var keys = 0
    var quotedKeys = 0
    var strings = 0
    var quotedStrings = 0
    var assignmentFound: [UInt8]?
    var gapFound: [UInt8]?
    var separatorFound: [UInt8]?
    for node in 0..<tree.count {
      let kind = tree.kind(node)
      if format == .openStep, kind == .key || kind == .string {
        let quoted = text[tree.start(node)] == UInt8(ascii: "\"") || text[tree.start(node)] == UInt8(ascii: "'")
        if kind == .key {
          keys += 1
          if quoted { quotedKeys += 1 }
        } else if node == 0 || tree.span(node - 1) != tree.span(node) {
          strings += 1
          if quoted { quotedStrings += 1 }
        }
      }
      guard kind.isContainer, tree.next(node) > node + 1 else { continue }
      sawContainer = true
      let children = tree.children(node)
      let first = tree.start(children[0])
      let onOwnLine = TextLines.hasLineBreak(text, tree.start(node)..<first)
      if onOwnLine {
        sawMultiline = true
        if !unitFound {
          let parent = TextLines.indentation(text, tree.start(node))
          let child = TextLines.indentation(text, first)
          if child.count > parent.count, child.starts(with: parent) {
            indentUnit = Array(child.dropFirst(parent.count))
            unitFound = true
          }
        }
      }
      // The first entry with `=` or `:` between key and value (a `"key";` entry has none).
      if kind == .dictionary, assignmentFound == nil {
        for pair in stride(from: 0, to: children.count - 1, by: 2)
        where tree.end(children[pair]) <= tree.start(children[pair + 1]) {
          let gap = Array(text[tree.end(children[pair])..<tree.start(children[pair + 1])])
          if gap.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: ":") }),
            gap.contains(where: { $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: ":") })
          {
            assignmentFound = gap
          }
          break
        }
      }
      if !onOwnLine, children.count >= (kind == .dictionary ? 4 : 2) {
        let before = children[kind == .dictionary ? 1 : 0]
        let after = children[kind == .dictionary ? 2 : 1]
        let gap = Array(text[tree.end(before)..<tree.start(after)])
        // Only blanks around one separator: anything else (a comment, a line break) is no style.
        if let separator = gap.firstIndex(where: { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ",") }),
          gap.indices.allSatisfy({ $0 == separator || gap[$0] == 0x20 || gap[$0] == 0x09 })
        {
          if kind == .dictionary, gapFound == nil {
            // What follows the separator: a blank before it (`a = b ;c = d;`) belongs to the entry.
            gapFound = Array(gap[(separator + 1)...])
          } else if kind == .array, separatorFound == nil {
            separatorFound = gap
          }
        }
      }
    }
    multiline = sawMultiline || !sawContainer
    // A `.strings` file without entries yet (no braces, no keys) quotes as such files do.
    let emptyStrings =
      format == .openStep && keys == 0 && tree.count > 0 && tree.kind(0) == .dictionary
      && (tree.span(0).isEmpty || text[tree.start(0)] != UInt8(ascii: "{"))
    quotesKeys = emptyStrings || quotedKeys * 2 > keys
    quotesStrings = emptyStrings || quotedStrings * 2 > strings
    let compact = format == .json && !multiline
    assignment = assignmentFound ?? Array((format == .json ? (compact ? ":" : ": ") : " = ").utf8)
    entryGap = gapFound ?? (compact ? [] : [0x20])
    elementSeparator = separatorFound ?? Array((compact ? "," : ", ").utf8)
  }
}
