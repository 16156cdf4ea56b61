/// Finds the nodes of a JSON document that the JSON reader has accepted.
struct JSONSyntaxScanner: SyntaxScanner {
  let text: UnsafeBufferPointer<UInt8>
  var cursor = 0
  var tree = SyntaxTree()

  init(text: UnsafeBufferPointer<UInt8>) { self.text = text }

  static var bytesPerNode: Int { 8 }

  mutating func scanDocument() {
    var stack: [Int] = []
    while true {
      skipWhitespace()
      switch text[cursor] {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = text[cursor] == UInt8(ascii: "{")
        stack.append(tree.open(isObject ? .dictionary : .array, at: cursor))
        cursor += 1
        skipWhitespace()
        if text[cursor] == UInt8(ascii: isObject ? "}" : "]") {
          cursor += 1
          tree.close(stack.removeLast(), end: cursor)
        } else {
          if isObject { scanKey() }
          continue
        }
      case UInt8(ascii: "\""): tree.appendLeaf(.string, scanString())
      case UInt8(ascii: "t"), UInt8(ascii: "f"):
        let start = cursor
        cursor += text[cursor] == UInt8(ascii: "t") ? 4 : 5
        tree.appendLeaf(.boolean, start..<cursor)
      default:
        let start = cursor
        var real = false
        while cursor < text.count, Self.isNumberByte(text[cursor]) {
          if text[cursor] == UInt8(ascii: ".") || text[cursor] | 0x20 == UInt8(ascii: "e") { real = true }
          cursor += 1
        }
        tree.appendLeaf(real ? .real : .integer, start..<cursor)
      }
      // After a value: close every container that ends here.
      while let open = stack.last {
        skipWhitespace()
        if text[cursor] == UInt8(ascii: ",") {
          cursor += 1
          if tree.kind(open) == .dictionary {
            skipWhitespace()
            scanKey()
          }
          break
        }
        cursor += 1
        tree.close(stack.removeLast(), end: cursor)
      }
      if stack.isEmpty { return }
    }
  }

  private static func isNumberByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
      UInt8(ascii: "e"), UInt8(ascii: "E"):
      true
    default: false
    }
  }

  /// Reads `"key"` and the `:` after it.
  private mutating func scanKey() {
    tree.appendLeaf(.key, scanString())
    skipWhitespace()
    cursor += 1
  }

  private mutating func scanString() -> Range<Int> {
    let start = cursor
    cursor += 1
    while text[cursor] != UInt8(ascii: "\"") {
      cursor += text[cursor] == UInt8(ascii: "\\") ? 2 : 1
    }
    cursor += 1
    return start..<cursor
  }

  mutating func skipWhitespace() {
    while cursor < text.count {
      switch text[cursor] {
      case 0x20, 0x0A, 0x0D, 0x09: cursor += 1
      default: return
      }
    }
  }
}
