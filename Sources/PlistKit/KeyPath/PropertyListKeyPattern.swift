/// A key path that may name many values: a component `*` matches every key of a dictionary or
/// every index of an array at its level (`Presidents.*.Name`), and an index may be negative to
/// count from the end of an array (`A.-1` is the last name under `A`).
///
/// The text form is a ``PropertyListKeyPath``'s, with one more escape: `\*` is a key made of a
/// literal star. Only a component that is exactly an unescaped `*` is a wildcard; `a*b` is a key.
public struct PropertyListKeyPattern: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// One step of a pattern.
  public enum Component: Hashable, Sendable {
    /// A dictionary key, or an array index (digits, or `-` and digits from the end).
    case name(String)
    /// Every key or index at this level.
    case any
    /// Every key or index at this level made of these literal pieces in order, with any run of
    /// characters before, between and after them as the stars between the pieces say
    /// (`Mod*Date` is `["Mod", "Date"]`, `*Date` is `["", "Date"]`). Only
    /// ``init(globbing:)`` makes it.
    case glob([String])
  }

  /// The components, unescaped.
  public var components: [Component]

  /// Makes a pattern from its components.
  public init(components: [Component]) { self.components = components }

  /// The pattern that names exactly `path` (no component is a wildcard).
  public init(_ path: PropertyListKeyPath) { components = path.components.map(Component.name) }

  /// Parses a dotted pattern; see the type's documentation for escapes.
  public init(_ text: String) {
    guard !text.isEmpty else {
      components = []
      return
    }
    // Split as ``PropertyListKeyPath`` splits paths; only a `*` that no backslash escapes is
    // a wildcard.
    components = PropertyListKeyPath.split(text, at: ".").map { part in
      part == "*" ? .any : .name(PropertyListKeyPath.unescaped(part))
    }
  }

  /// Parses a pattern literal.
  public init(stringLiteral value: String) { self.init(value) }

  /// True when some component is `*` or a glob, so that the pattern may name any number of
  /// values.
  public var hasWildcard: Bool { components.contains { if case .name = $0 { false } else { true } } }

  /// The dotted form: `*` for a wildcard, with dots, backslashes and a literal `*` escaped.
  public var description: String { components.map(\.patternText).joined(separator: ".") }
}
