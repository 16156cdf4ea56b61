extension PropertyListKeyPattern {
  /// Parses a pattern in which a `*` inside a component also matches any run of characters
  /// within that component, as `plistkit diff --ignore` reads its patterns: `*Date` matches
  /// `ModifiedDate`, `Mod*Date` matches `ModDate`. A component that is exactly `*` is
  /// ``Component/any`` as in ``init(_:)-(String)``; `\*` is a literal star and `\.` a literal dot.
  public init(globbing text: String) {
    guard !text.isEmpty else {
      self.init(components: [])
      return
    }
    self.init(
      components: PropertyListKeyPath.split(text, at: ".").map { component in
        let pieces = PropertyListKeyPath.split(component, at: "*").map(PropertyListKeyPath.unescaped)
        if pieces.count == 1 { return .name(pieces[0]) }
        if pieces.count == 2 && pieces.allSatisfy(\.isEmpty) { return .any }
        return .glob(pieces)
      })
  }

  /// True when the pattern names `path` itself: as many components, each matching (a
  /// negative index is not resolved here: it matches only a component with that text).
  public func matches(_ path: PropertyListKeyPath) -> Bool {
    path.components.count == components.count && zip(components, path.components).allSatisfy { $0.matches($1) }
  }
}

extension PropertyListKeyPattern.Component {
  /// True when this component names the key, or the index written in digits, `component`:
  /// a name by its exact code units (a precomposed and a decomposed "é" differ), `*` any one,
  /// a glob when its pieces come in order, the first at the start and the last at the end.
  public func matches(_ component: String) -> Bool {
    switch self {
    case .name(let name): return name.exactlyEquals(component)
    case .any: return true
    case .glob(let pieces):
      return Self.globMatches(pieces.map { Array($0.unicodeScalars) }, Array(component.unicodeScalars))
    }
  }

  /// Each middle piece is taken at its earliest place, which is enough for `*`.
  private static func globMatches(_ pieces: [[Unicode.Scalar]], _ text: [Unicode.Scalar]) -> Bool {
    let first = pieces[0]
    let last = pieces[pieces.count - 1]
    guard text.count >= first.count + last.count, text.starts(with: first), text.suffix(last.count).elementsEqual(last)
    else { return false }
    var position = first.count
    let end = text.count - last.count
    for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
      guard let found = find(piece, in: text, from: position, before: end) else { return false }
      position = found + piece.count
    }
    return true
  }

  private static func find(
    _ piece: [Unicode.Scalar], in text: [Unicode.Scalar], from start: Int, before end: Int
  ) -> Int? {
    guard end - start >= piece.count else { return nil }
    for offset in start...(end - piece.count) where text[offset..<offset + piece.count].elementsEqual(piece) {
      return offset
    }
    return nil
  }

  /// The component's text in a pattern: a glob's pieces escaped and joined by `*`.
  var patternText: String {
    switch self {
    case .any: return "*"
    case .name(let name): return PropertyListKeyPath(components: [name]).description
    case .glob(let pieces):
      return pieces.map { piece in
        PropertyListKeyPath(components: [piece]).description.replacingStars()
      }.joined(separator: "*")
    }
  }
}

extension String {
  /// A glob piece's text with its literal stars escaped (a lone `*` comes escaped already).
  fileprivate func replacingStars() -> String {
    if self == "\\*" { return self }
    var escaped = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      if scalar == "*" { escaped.append("\\") }
      escaped.append(scalar)
    }
    return String(escaped)
  }
}
