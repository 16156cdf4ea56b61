extension OpenStepParser {
  /// Skips white space, `// …` line comments and `/* … */` block comments (which do not
  /// nest). An unclosed block comment is an error at its start.
  mutating func skipTrivia() throws(PropertyListError) {
    while cursor < bytes.count {
      let byte = bytes[cursor]
      if OpenStepCharacters.isWhitespace(byte) {
        cursor += 1
        continue
      }
      guard byte == UInt8(ascii: "/"), cursor + 1 < bytes.count else { return }
      switch bytes[cursor + 1] {
      case UInt8(ascii: "/"):
        cursor += 2
        while cursor < bytes.count, bytes[cursor] != 0x0A, bytes[cursor] != 0x0D { cursor += 1 }
      case UInt8(ascii: "*"):
        let start = cursor
        cursor += 2
        while true {
          guard cursor + 1 < bytes.count else {
            throw error(.unexpectedEnd, at: start, "the comment that starts here has no closing '*/'")
          }
          if bytes[cursor] == UInt8(ascii: "*"), bytes[cursor + 1] == UInt8(ascii: "/") { break }
          cursor += 1
        }
        cursor += 2
      default:
        return
      }
    }
  }
}
