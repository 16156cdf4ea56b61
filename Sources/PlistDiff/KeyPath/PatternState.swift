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

  /// The state at the end of `path`, which starts at the root; nil when a pattern matches
  /// `path` or a path above it.
  func descend(_ path: PropertyListKeyPath, patterns: [PropertyListKeyPattern]) -> PatternState? {
    descend(path.components, from: 0, patterns: patterns)
  }

  /// The state after `components`, the first of which is at depth `depth`; nil when a pattern
  /// matches the path ending with one of them.
  func descend(_ components: [String], from depth: Int, patterns: [PropertyListKeyPattern]) -> PatternState? {
    var state = self
    for (offset, component) in components.enumerated() where !state.isEmpty {
      let step = state.descend(component, depth: depth + offset, patterns: patterns)
      if step.ignored { return nil }
      state = step.state
    }
    return state
  }

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
