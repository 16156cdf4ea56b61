import PlistKit

/// The lines a merge leaves in a file it could not merge: `<<<<<<< ours`, `||||||| base`,
/// `=======`, `>>>>>>> theirs`. A project file with them does not parse, and its parse error
/// names the first odd character, not the conflict; these name every marker's line.
enum ConflictMarkers {
  /// The markers in `text`: each line that starts with seven `<`, `|`, `=` or `>` followed by
  /// a space, a tab or the end of the line, with its line number (from 1) and its seven
  /// characters.
  static func find(in text: UnsafeRawBufferPointer) -> [(line: Int, marker: String)] {
    var found: [(line: Int, marker: String)] = []
    var line = 1
    var start = 0
    while start < text.count {
      if let marker = marker(at: start, in: text) { found.append((line, marker)) }
      guard let newline = nextLineStart(after: start, in: text) else { break }
      start = newline
      line += 1
    }
    return found
  }

  private static func marker(at start: Int, in text: UnsafeRawBufferPointer) -> String? {
    guard start + 7 <= text.count else { return nil }
    let first = text[start]
    guard
      first == UInt8(ascii: "<") || first == UInt8(ascii: "|") || first == UInt8(ascii: "=")
        || first == UInt8(ascii: ">")
    else { return nil }
    for offset in 1..<7 where text[start + offset] != first { return nil }
    if start + 7 < text.count {
      let next = text[start + 7]
      guard next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D else { return nil }
    }
    return String(repeating: Character(Unicode.Scalar(first)), count: 7)
  }

  /// Where the line after the one at `start` starts (after `\n`, `\r\n` or a lone `\r`).
  private static func nextLineStart(after start: Int, in text: UnsafeRawBufferPointer) -> Int? {
    var index = start
    while index < text.count {
      let byte = text[index]
      if byte == 0x0A { return index + 1 }
      if byte == 0x0D { return index + 1 < text.count && text[index + 1] == 0x0A ? index + 2 : index + 1 }
      index += 1
    }
    return nil
  }
}
