import PlistKit

/// A key path with wildcards, naming the values a diff leaves out (`--ignore`).
///
/// The pattern is a dotted key path (with `\.` for a dot inside a key, as in
/// `PropertyListKeyPath`). A component that is exactly `*` matches any one key or index; a
/// `*` inside a component matches any run of characters within that component
/// (`*Date` matches `ModifiedDate`). A pattern matches a path with the same number of
/// components, so `Presidents.*.Party` matches every president's party and nothing below or
/// above it; everything under a matching path is left out with it.
public struct KeyPathPattern: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// One component: literal text, or pieces to match with `*` between them.
  enum Component: Hashable, Sendable {
    case literal(String)
    case any
    /// Literal pieces in order, with any text before, between and after as the `*` say.
    case glob([String])
  }

  let components: [Component]

  /// The text the pattern was made from.
  public let description: String

  /// Parses a pattern; see the type's documentation.
  public init(_ text: String) {
    description = text
    let raw = Self.split(text)
    components = raw.map { parts in
      if parts.count == 1 { return .literal(parts[0]) }
      if parts.allSatisfy(\.isEmpty) && parts.count == 2 { return .any }
      return .glob(parts)
    }
  }

  /// Parses a pattern literal.
  public init(stringLiteral value: String) { self.init(value) }

  /// True when the pattern matches `path` exactly (same number of components).
  public func matches(_ path: PropertyListKeyPath) -> Bool {
    guard path.components.count == components.count else { return false }
    return zip(components, path.components).allSatisfy { Self.matches($0, $1) }
  }

  /// True when component `index` of the pattern matches `component`.
  func matches(component: String, at index: Int) -> Bool {
    index < components.count && Self.matches(components[index], component)
  }

  /// The number of components.
  var count: Int { components.count }

  static func matches(_ pattern: Component, _ component: String) -> Bool {
    switch pattern {
    case .literal(let text): return text.exactlyEquals(component)
    case .any: return true
    case .glob(let pieces): return globMatches(pieces, Array(component.unicodeScalars))
    }
  }

  /// Matches pieces separated by `*`: the first at the start, the last at the end, the rest
  /// in order in between (each taken at its earliest place, which is enough for `*`).
  private static func globMatches(_ pieces: [String], _ text: [Unicode.Scalar]) -> Bool {
    let scalars = pieces.map { Array($0.unicodeScalars) }
    let first = scalars[0]
    let last = scalars[scalars.count - 1]
    guard text.count >= first.count + last.count, text.starts(with: first),
      Array(text.suffix(last.count)) == last
    else { return false }
    var position = first.count
    let end = text.count - last.count
    for piece in scalars.dropFirst().dropLast() where !piece.isEmpty {
      guard let found = find(piece, in: text, from: position, before: end) else { return false }
      position = found + piece.count
    }
    return true
  }

  private static func find(
    _ piece: [Unicode.Scalar], in text: [Unicode.Scalar], from start: Int, before end: Int
  )
    -> Int?
  {
    guard end - start >= piece.count else { return nil }
    for offset in start...(end - piece.count) where text[offset..<offset + piece.count].elementsEqual(piece) {
      return offset
    }
    return nil
  }

  /// Splits the pattern into components, and each component into the pieces around its
  /// unescaped `*` (`\*` is a literal star, `\.` a literal dot).
  private static func split(_ text: String) -> [[String]] {
    guard !text.isEmpty else { return [] }
    return PropertyListKeyPath.split(text, at: ".").map { component in
      PropertyListKeyPath.split(component, at: "*").map(PropertyListKeyPath.unescaped)
    }
  }
}

/// Which ignore patterns can still match below a path: the patterns whose first components
/// match the path so far. Kept as a set of pattern indices so that a diff can tell two places
/// with the same shared value apart only when the patterns treat them differently.
struct PatternState: Hashable, Sendable {
  /// Indices into the pattern list of the patterns still alive.
  var alive: [Int]

  /// The state at the root: every pattern alive.
  static func root(_ patterns: [KeyPathPattern]) -> PatternState {
    PatternState(alive: Array(patterns.indices))
  }

  /// True when no pattern can match here or below.
  var isEmpty: Bool { alive.isEmpty }

  /// The state one component further down, at depth `depth` (the component's index), and
  /// whether a pattern matches the path ending with this component.
  func descend(_ component: String, depth: Int, patterns: [KeyPathPattern]) -> (state: PatternState, ignored: Bool) {
    var next: [Int] = []
    var ignored = false
    for index in alive where patterns[index].matches(component: component, at: depth) {
      if patterns[index].count == depth + 1 {
        ignored = true
      } else {
        next.append(index)
      }
    }
    return (PatternState(alive: next), ignored)
  }
}
