import PlistKit

/// Finds the nodes of an OpenStep document that the OpenStep reader has accepted: it follows
/// the same grammar (the `.strings` form without braces, the `"key";` shorthand, GNUstep's
/// typed values) but checks nothing, since the reader already has.
struct OpenStepSyntaxScanner: SyntaxScanner {
  let text: UnsafeBufferPointer<UInt8>
  var cursor = 0
  var tree = SyntaxTree()

  init(text: UnsafeBufferPointer<UInt8>) { self.text = text }

  static var bytesPerNode: Int { 20 }

  private enum Open {
    case array(Int)
    case dictionary(Int, braced: Bool)
  }

  mutating func scanDocument() {
    skipTrivia()
    var stack: [Open] = []
    if cursor == text.count || startsStringsFile() {
      stack.append(.dictionary(tree.open(.dictionary, at: 0), braced: false))
      if cursor == text.count {
        closeLast(&stack, end: text.count)
        return
      }
      scanKey()
    }
    while true {
      // Expecting a value (or, for a shorthand entry, the value is the key just read).
      if case .dictionary(_, _)? = stack.last, tree.kind(tree.count - 1) == .key, shorthandFollows() {
        let key = tree.count - 1
        tree.appendLeaf(.string, tree.span(key))
      } else {
        skipTrivia()
        switch text[cursor] {
        case UInt8(ascii: "{"):
          if !openContainer(.dictionary, closedBy: UInt8(ascii: "}"), on: &stack) {
            scanKey()
            continue
          }
        case UInt8(ascii: "("):
          if !openContainer(.array, closedBy: UInt8(ascii: ")"), on: &stack) { continue }
        case UInt8(ascii: "<"): scanData()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): tree.appendLeaf(.string, scanQuoted())
        default: tree.appendLeaf(.string, scanUnquoted())
        }
      }
      // After a value: close every container that ends here.
      while true {
        guard let open = stack.last else { return }
        skipTrivia()
        switch open {
        case .array:
          if cursor < text.count, text[cursor] == UInt8(ascii: ",") {
            cursor += 1
            skipTrivia()
            if text[cursor] != UInt8(ascii: ")") { break }
          }
          cursor += 1
          closeLast(&stack, end: cursor)
          continue
        case .dictionary(_, let braced):
          cursor += 1  // the ';'
          skipTrivia()
          if braced, text[cursor] == UInt8(ascii: "}") {
            cursor += 1
            closeLast(&stack, end: cursor)
            continue
          }
          if !braced, cursor == text.count {
            closeLast(&stack, end: text.count)
            continue
          }
          scanKey()
        }
        break
      }
    }
  }

  /// Opens the container whose opening mark is at the cursor; when `close` follows at once
  /// (`{}`, `()`), closes it too and returns true.
  // Inlined: as a call, it cost an edit of a large project file 0.4 % more instructions.
  @inline(__always)
  private mutating func openContainer(_ kind: SyntaxTree.Kind, closedBy close: UInt8, on stack: inout [Open]) -> Bool {
    let node = tree.open(kind, at: cursor)
    stack.append(kind == .dictionary ? .dictionary(node, braced: true) : .array(node))
    cursor += 1
    skipTrivia()
    guard text[cursor] == close else { return false }
    cursor += 1
    closeLast(&stack, end: cursor)
    return true
  }

  private mutating func closeLast(_ stack: inout [Open], end: Int) {
    switch stack.removeLast() {
    case .array(let node), .dictionary(let node, _): tree.close(node, end: end)
    }
  }

  /// Reads a key and the `=` after it (or stops on the `;` of a shorthand entry).
  private mutating func scanKey() {
    let span = text[cursor] == UInt8(ascii: "\"") || text[cursor] == UInt8(ascii: "'") ? scanQuoted() : scanUnquoted()
    tree.appendLeaf(.key, span)
    skipTrivia()
    if text[cursor] == UInt8(ascii: "=") { cursor += 1 }
  }

  /// True when the cursor is on the `;` of a `"key";` entry.
  private mutating func shorthandFollows() -> Bool {
    skipTrivia()
    return text[cursor] == UInt8(ascii: ";")
  }

  /// A first string followed by `=` or `;` makes a `.strings` file.
  private mutating func startsStringsFile() -> Bool {
    let start = cursor
    defer { cursor = start }
    switch text[cursor] {
    case UInt8(ascii: "\""), UInt8(ascii: "'"): _ = scanQuoted()
    case let byte where isUnquoted(byte): _ = scanUnquoted()
    default: return false
    }
    skipTrivia()
    return cursor < text.count && (text[cursor] == UInt8(ascii: "=") || text[cursor] == UInt8(ascii: ";"))
  }

  private mutating func scanQuoted() -> Range<Int> {
    let start = cursor
    let quote = text[cursor]
    cursor += 1
    while text[cursor] != quote {
      cursor += text[cursor] == UInt8(ascii: "\\") ? 2 : 1
    }
    cursor += 1
    return start..<cursor
  }

  private mutating func scanUnquoted() -> Range<Int> {
    let start = cursor
    while cursor < text.count, isUnquoted(text[cursor]) { cursor += 1 }
    return start..<cursor
  }

  private mutating func scanData() {
    let start = cursor
    while text[cursor] != UInt8(ascii: ">") { cursor += 1 }
    cursor += 1
    var kind = SyntaxTree.Kind.data
    if text[start + 1] == UInt8(ascii: "*") {
      switch text[start + 2] {
      case UInt8(ascii: "I"): kind = .integer
      case UInt8(ascii: "R"): kind = .real
      case UInt8(ascii: "B"): kind = .boolean
      default: kind = .date
      }
    }
    tree.appendLeaf(kind, start..<cursor)
  }

  /// White space and comments, as the reader skips them.
  mutating func skipTrivia() {
    cursor = OpenStepTrivia.end(of: text, from: cursor)
  }

  private func isUnquoted(_ byte: UInt8) -> Bool { PropertyListFragments.openStepReadsUnquoted(byte) }
}

/// The white space and comments between OpenStep tokens.
enum OpenStepTrivia {
  /// Where the run of white space and comments that starts at `start` ends.
  static func end(of text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var cursor = start
    while cursor < text.count {
      let byte = text[cursor]
      if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
        cursor += 1
        continue
      }
      guard byte == UInt8(ascii: "/"), cursor + 1 < text.count else { return cursor }
      if text[cursor + 1] == UInt8(ascii: "/") {
        cursor += 2
        while cursor < text.count, text[cursor] != 0x0A, text[cursor] != 0x0D { cursor += 1 }
      } else if text[cursor + 1] == UInt8(ascii: "*") {
        cursor += 2
        // The reader has refused a comment left open; the bound keeps text an edit left wrong
        // from being read past its end.
        while cursor + 1 < text.count, !(text[cursor] == UInt8(ascii: "*") && text[cursor + 1] == UInt8(ascii: "/")) {
          cursor += 1
        }
        cursor = min(cursor + 2, text.count)
      } else {
        return cursor
      }
    }
    return cursor
  }
}
