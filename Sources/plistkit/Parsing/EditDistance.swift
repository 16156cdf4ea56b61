/// Suggestions for mistyped command and option names.
enum Suggestion {
  /// The Levenshtein distance (insertions, deletions, substitutions; an adjacent swap counts
  /// once) between two short words, over their Unicode scalars.
  static func distance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs.unicodeScalars)
    let b = Array(rhs.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previousPrevious[j - 2] + 1)
        }
      }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
  }

  /// The candidate closest to `word`, if it is close enough to be a plausible typo
  /// (at most a third of the word's length, at least one edit) or `word` is a prefix of it.
  static func closest(to word: String, among candidates: [String]) -> String? {
    let allowed = max(1, word.count / 3)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = Self.distance(word, candidate)
      if distance <= allowed, distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    if let best { return best.candidate }
    if word.count >= 2 { return candidates.first { $0.hasPrefix(word) } }
    return nil
  }

  /// `; did you mean 'convert'?` or nothing.
  static func hint(for word: String, among candidates: [String], prefix: String = "") -> String {
    guard let match = closest(to: word, among: candidates) else { return "" }
    return "; did you mean '\(prefix)\(match)'?"
  }
}
