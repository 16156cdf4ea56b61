/// Keeps a diagnostic readable when it quotes a huge piece of its input (a 100 KB key path or
/// number on one line): every run of more than ``longestRun`` characters without white space
/// is cut to its start and end, with its length in between.
enum MessageAbbreviation {
  /// Runs up to this many characters are shown whole.
  static let longestRun = 200
  /// Characters kept from the start and from the end of a longer run.
  static let keptAtStart = 80
  static let keptAtEnd = 20

  /// `line` with its overlong runs cut: `aaaa…[100000 characters]…aaaa`.
  static func abbreviated(_ line: String) -> String {
    guard line.utf8.count > longestRun else { return line }
    var result = ""
    var run: [Character] = []
    func flush() {
      if run.count > longestRun {
        result += String(run.prefix(keptAtStart)) + "…[\(run.count) characters]…" + String(run.suffix(keptAtEnd))
      } else {
        result += String(run)
      }
      run.removeAll(keepingCapacity: true)
    }
    for character in line {
      if character.isWhitespace {
        flush()
        result.append(character)
      } else {
        run.append(character)
      }
    }
    flush()
    return result
  }
}
