import PlistKit

/// Which ignore patterns can still match below a path: the patterns whose first components
/// match the path so far. Kept as a set of pattern indices so that a diff can tell two places
/// with the same shared value apart only when the patterns treat them differently.
struct PatternState: Hashable, Sendable {
  /// Indices into the pattern list of the patterns still alive.
  var alive: [Int]

  /// The state at the root: every pattern alive.
  static func root(_ patterns: [PropertyListKeyPattern]) -> PatternState {
    PatternState(alive: Array(patterns.indices))
  }

  /// True when no pattern can match here or below.
  var isEmpty: Bool { alive.isEmpty }

  /// The state one component further down, at depth `depth` (the component's index), and
  /// whether a pattern matches the path ending with this component.
  func descend(
    _ component: String, depth: Int, patterns: [PropertyListKeyPattern]
  ) -> (state: PatternState, ignored: Bool) {
    var next: [Int] = []
    var ignored = false
    for index in alive {
      let pattern = patterns[index].components
      guard depth < pattern.count, pattern[depth].matches(component) else { continue }
      if pattern.count == depth + 1 {
        ignored = true
      } else {
        next.append(index)
      }
    }
    return (PatternState(alive: next), ignored)
  }
}
