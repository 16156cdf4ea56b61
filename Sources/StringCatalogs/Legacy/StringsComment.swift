/// The comments of a `.strings` file: found between entries when reading, written above an
/// entry when writing.
enum StringsComment {
  /// The text of the last comment in `gap` (the text between one entry's value and the next
  /// key: the `;`, white space and comments), trimmed of white space; nil when there is none.
  /// The last one is the entry's own: a file's header comment comes first, then the entry's.
  static func last(in gap: ArraySlice<UInt8>) -> String? {
    var index = gap.startIndex
    var found: Range<Int>?
    while index < gap.endIndex {
      let byte = gap[index]
      let next = index + 1 < gap.endIndex ? gap[index + 1] : 0
      if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
        let start = index + 2
        var end = start
        while end + 1 < gap.endIndex, !(gap[end] == UInt8(ascii: "*") && gap[end + 1] == UInt8(ascii: "/")) { end += 1 }
        found = start..<min(end, gap.endIndex)
        index = end + 2
      } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
        let start = index + 2
        var end = start
        while end < gap.endIndex, gap[end] != 0x0A, gap[end] != 0x0D { end += 1 }
        found = start..<end
        index = end
      } else {
        index += 1
      }
    }
    guard let found else { return nil }
    return trimmed(String(decoding: gap[found], as: UTF8.self))
  }

  /// `text` without the white space (spaces, tabs, line breaks) at either end.
  static func trimmed(_ text: String) -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
    guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(text[first...last])
  }

  /// `comment` as a `/* … */` block: a `*/` inside it would end the block early, so it is
  /// written `* /`.
  static func block(_ comment: String) -> String {
    "/* " + comment.replacing("*/", with: "* /") + " */"
  }
}
