/// Finds the nodes of an XML property list that the XML reader has accepted: the elements
/// of the value (under `<plist>` or bare), with comments, processing instructions, CDATA
/// and white space between them left in the gaps.
struct XMLSyntaxScanner: SyntaxScanner {
  let text: UnsafeBufferPointer<UInt8>
  var cursor = 0
  var tree = SyntaxTree()

  init(text: UnsafeBufferPointer<UInt8>) { self.text = text }

  static var bytesPerNode: Int { 24 }

  mutating func scanDocument() {
    var stack: [Int] = []
    while true {
      skipMisc()
      // An end tag here closes the innermost open container: right after its start tag when
      // it is empty (`<dict></dict>`, or only white space, comments or processing
      // instructions inside), or after its last child.
      if !stack.isEmpty, text[cursor + 1] == UInt8(ascii: "/") {
        skipEndTag()
        tree.close(stack.removeLast(), end: cursor)
        if stack.isEmpty { return }
        continue
      }
      let start = cursor
      let (name, selfClosing) = scanStartTag()
      if name.elementsEqual("plist".utf8) {
        if selfClosing { return }
        continue
      }
      let kind = Self.kind(of: name)
      if kind.isContainer {
        if selfClosing {
          tree.close(tree.open(kind, at: start), end: cursor)
        } else {
          stack.append(tree.open(kind, at: start))
        }
      } else if selfClosing {
        tree.appendLeaf(kind, start..<cursor)
      } else {
        skipContent()
        tree.appendLeaf(kind, start..<cursor)
      }
      if stack.isEmpty { return }
    }
  }

  static func kind(of name: UnsafeBufferPointer<UInt8>.SubSequence) -> SyntaxTree.Kind {
    switch String(decoding: name, as: UTF8.self) {
    case "dict": .dictionary
    case "array": .array
    case "key": .key
    case "integer": .integer
    case "real": .real
    case "true", "false": .boolean
    case "date": .date
    case "data": .data
    default: .string
    }
  }

  /// Reads `<name …>` or `<name …/>`.
  private mutating func scanStartTag() -> (name: UnsafeBufferPointer<UInt8>.SubSequence, selfClosing: Bool) {
    cursor += 1
    let nameStart = cursor
    while !Self.endsName(text[cursor]) { cursor += 1 }
    let name = text[nameStart..<cursor]
    var quote: UInt8 = 0
    while true {
      let byte = text[cursor]
      cursor += 1
      if quote != 0 {
        if byte == quote { quote = 0 }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        return (name, text[cursor - 2] == UInt8(ascii: "/"))
      }
    }
  }

  private mutating func skipEndTag() {
    while text[cursor] != UInt8(ascii: ">") { cursor += 1 }
    cursor += 1
  }

  /// Skips the content of a scalar element and its end tag.
  private mutating func skipContent() {
    while true {
      while text[cursor] != UInt8(ascii: "<") { cursor += 1 }
      if skipMarkup() { continue }
      skipEndTag()
      return
    }
  }

  /// Skips white space, comments, processing instructions, CDATA sections and a DOCTYPE.
  private mutating func skipMisc() {
    while cursor < text.count {
      let byte = text[cursor]
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        cursor += 1
      } else if byte == UInt8(ascii: "<"), skipMarkup() {
        continue
      } else {
        return
      }
    }
  }

  /// Skips a comment, processing instruction, CDATA section or DOCTYPE at the cursor; false
  /// when the cursor is on an element's tag.
  private mutating func skipMarkup() -> Bool {
    if starts(with: "<!--") {
      skip(past: "-->")
    } else if starts(with: "<?") {
      skip(past: "?>")
    } else if starts(with: "<![CDATA[") {
      skip(past: "]]>")
    } else if starts(with: "<!") {
      skipDeclaration()
    } else {
      return false
    }
    return true
  }

  /// Skips `<!DOCTYPE …>`, with an internal subset in brackets and quoted strings.
  private mutating func skipDeclaration() {
    var depth = 0
    var quote: UInt8 = 0
    cursor += 2
    while true {
      let byte = text[cursor]
      cursor += 1
      if quote != 0 {
        if byte == quote { quote = 0 }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
      case UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "]"): depth -= 1
      case UInt8(ascii: "<") where depth > 0:
        cursor -= 1
        if !skipMarkup() { cursor += 1 }
      case UInt8(ascii: ">") where depth == 0: return
      default: break
      }
    }
  }

  private func starts(with literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard cursor + count <= text.count else { return false }
    for offset in 0..<count where text[cursor + offset] != literal.utf8Start[offset] { return false }
    return true
  }

  private mutating func skip(past literal: StaticString) {
    while !starts(with: literal) { cursor += 1 }
    cursor += literal.utf8CodeUnitCount
  }

  private static func endsName(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == 0x20 || byte == 0x09 || byte == 0x0A
      || byte == 0x0D
  }
}
