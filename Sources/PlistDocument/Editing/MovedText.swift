/// The text of a value that moves, taken from where it was: used as it is where it lands
/// when it keeps its indentation and its line, and the comment lines right above its entry,
/// which go with it wherever it lands on a line of its own.
struct MovedText {
  /// The value's bytes.
  let bytes: [UInt8]
  /// The indentation of the line the value started on.
  let indentation: [UInt8]
  /// True when the value sat on one line with its neighbours.
  let flat: Bool
  /// The whole comment lines above the entry (with their indentation and line endings), which
  /// a removal takes with the entry; empty when there are none.
  let comments: [UInt8]

  /// The comment lines indented for `newIndentation`: each line that starts with the old
  /// indentation gets the new one instead.
  func comments(indentedFor newIndentation: [UInt8]) -> [UInt8] {
    guard newIndentation != indentation, !comments.isEmpty else { return comments }
    var result: [UInt8] = []
    var lineStart = true
    var index = 0
    while index < comments.count {
      if lineStart, comments[index...].starts(with: indentation) {
        result += newIndentation
        index += indentation.count
        if index == comments.count { break }
      }
      let byte = comments[index]
      result.append(byte)
      lineStart = byte == 0x0A || (byte == 0x0D && (index + 1 == comments.count || comments[index + 1] != 0x0A))
      index += 1
    }
    return result
  }
}
