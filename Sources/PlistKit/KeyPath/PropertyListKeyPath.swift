/// A path to a value inside a property list: dictionary keys and array indices separated by
/// dots, as in `Presidents.0.Name`.
///
/// A backslash escapes the next character, so `a\.b` is the single key `a.b` and `a\\b` is
/// `a\b`. A component made of decimal digits is an index when it meets an array and a key
/// when it meets a dictionary; so is a minus sign and digits, an index that counts from the end
/// of the array (`-1` is the last element). The empty path is the root.
public struct PropertyListKeyPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// The components, unescaped.
  public var components: [String]

  /// Makes a path from unescaped components.
  public init(components: [String]) { self.components = components }

  /// Parses a dotted path; see the type's documentation for escapes. A trailing lone
  /// backslash is kept literally.
  public init(_ text: String) {
    guard !text.isEmpty else {
      components = []
      return
    }
    components = Self.split(text, at: ".").map(Self.unescaped)
  }

  /// Parses a path literal.
  public init(stringLiteral value: String) { self.init(value) }

  /// The dotted form, with dots and backslashes inside components escaped, and a component
  /// that is a lone `*` written `\*` so that it reads back as a key, not as a wildcard of a
  /// ``PropertyListKeyPattern``.
  public var description: String {
    components.map { component in
      if component == "*" { return "\\*" }
      // Scalar by scalar: a dot followed by a combining mark is one `Character` that is not ".".
      var escaped = String.UnicodeScalarView()
      for scalar in component.unicodeScalars {
        if scalar == "." || scalar == "\\" { escaped.append("\\") }
        escaped.append(scalar)
      }
      return String(escaped)
    }.joined(separator: ".")
  }

  /// This path with one more component.
  public func appending(_ component: String) -> PropertyListKeyPath {
    PropertyListKeyPath(components: components + [component])
  }

  /// This path with an index appended.
  public func appending(index: Int) -> PropertyListKeyPath { appending(String(index)) }

  /// The prefix of this path with `count` components.
  func prefix(_ count: Int) -> PropertyListKeyPath {
    PropertyListKeyPath(components: Array(components.prefix(count)))
  }
}

extension PropertyListKeyPath {
  /// `text` cut at each `separator` that no backslash escapes; the pieces keep their escapes
  /// (so that a caller can look for other special characters in them before resolving them
  /// with ``unescaped(_:)``). The text is read scalar by scalar: a separator followed by a
  /// combining mark (a key that starts with one) is a separator, not part of a `Character`.
  package static func split(_ text: String, at separator: Unicode.Scalar) -> [String] {
    var parts: [String] = []
    var current = String.UnicodeScalarView()
    forEachScalar(of: text) { scalar, escaped in
      if escaped {
        current.append("\\")
        current.append(scalar)
      } else if scalar == separator {
        parts.append(String(current))
        current = String.UnicodeScalarView()
      } else {
        current.append(scalar)
      }
    }
    parts.append(String(current))
    return parts
  }

  /// `text` with each backslash escape resolved to the scalar it escapes; a trailing lone
  /// backslash is kept literally.
  package static func unescaped(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    forEachScalar(of: text) { scalar, _ in result.append(scalar) }
    return String(result)
  }

  /// Calls `body` with each scalar of `text` but the backslashes that escape, and whether a
  /// backslash escapes it: the one reading of escapes that paths and patterns share. A
  /// trailing lone backslash escapes nothing, and comes as itself.
  private static func forEachScalar(of text: String, _ body: (Unicode.Scalar, _ escaped: Bool) -> Void) {
    var escaping = false
    for scalar in text.unicodeScalars {
      if escaping {
        body(scalar, true)
        escaping = false
      } else if scalar == "\\" {
        escaping = true
      } else {
        body(scalar, false)
      }
    }
    if escaping { body("\\", false) }
  }

  /// The array index a component names: decimal digits only, no sign.
  package static func index(_ component: String) -> Int? {
    guard !component.isEmpty, component.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return Int(component)
  }

  /// This path with each negative index that meets an array replaced by the position it
  /// names (`list.-1` is `list.3` in an array of four), as far as the path leads; the other
  /// components stay as they are. `arrayCount` gives the element count of the array at a path
  /// (one resolved already), nil where there is none.
  package func resolvingNegativeIndices(arrayCount: (PropertyListKeyPath) -> Int?) -> PropertyListKeyPath {
    var resolved = PropertyListKeyPath(components: [])
    for component in components {
      if component.hasPrefix("-"), let count = arrayCount(resolved),
        let index = Self.index(component, count: count)
      {
        resolved.components.append(String(index))
      } else {
        resolved.components.append(component)
      }
    }
    return resolved
  }

  /// The array index a component names in an array of `count` elements: decimal digits, or a
  /// minus sign and digits to count from the end (`-1` is the last element). Nil when the
  /// component is not an index or a negative index reaches before the start.
  package static func index(_ component: String, count: Int) -> Int? {
    if let index = index(component) { return index }
    guard component.hasPrefix("-"), let fromEnd = index(String(component.dropFirst())), fromEnd > 0,
      fromEnd <= count
    else { return nil }
    return count - fromEnd
  }
}
