import PlistKit

/// Problems of one cause found at many objects, to be reported once: a broken class that 43
/// objects name is one line with "and 42 more objects", not 43 lines.
///
/// Two problems share a cause when they have the same kind and message and their key paths
/// are the same but for the object index (`$objects.2.$class` and `$objects.5.$class`).
public struct ArchiveProblemGroup: Sendable, Equatable, CustomStringConvertible {
  /// The first problem of the group, in archive order.
  public var first: KeyedArchiveError
  /// The key paths of the others, in archive order.
  public var others: [String]

  /// At most this many of the other objects are named in ``description``.
  public static let namedOthers = 3

  /// Groups `problems` (as ``ArchiveValidator/validate(_:)`` lists them), keeping the order in
  /// which each group's first problem came.
  public static func grouping(_ problems: [KeyedArchiveError]) -> [ArchiveProblemGroup] {
    var groups: [ArchiveProblemGroup] = []
    var positions: [String: Int] = [:]
    for problem in problems {
      guard let cause = cause(of: problem) else {
        groups.append(ArchiveProblemGroup(first: problem, others: []))
        continue
      }
      if let position = positions[cause] {
        groups[position].others.append(problem.keyPath)
      } else {
        positions[cause] = groups.count
        groups.append(ArchiveProblemGroup(first: problem, others: []))
      }
    }
    return groups
  }

  /// The first problem, and how many more objects have it: `KEY.PATH: message (and 42 more
  /// objects: $objects.8, $objects.11, $objects.14, …)`.
  public var description: String {
    guard !others.isEmpty else { return first.description }
    let named = others.prefix(Self.namedOthers).map(Self.objectPath).joined(separator: ", ")
    let objects = others.count == 1 ? "object" : "objects"
    return
      "\(first.description) (and \(others.count) more \(objects): \(named)\(others.count > Self.namedOthers ? ", …" : ""))"
  }

  /// The kind, message and key path without its object index, for a problem inside an
  /// object of `$objects`; nil for a problem elsewhere.
  private static func cause(of problem: KeyedArchiveError) -> String? {
    let components = PropertyListKeyPath(problem.keyPath).components
    guard components.count >= 2, components[0] == "$objects", Int(components[1]) != nil else { return nil }
    let rest = PropertyListKeyPath(components: Array(components.dropFirst(2))).description
    return "\(problem.kind.rawValue)\u{0}\(problem.message)\u{0}\(rest)"
  }

  /// `$objects.8` for `$objects.8.$class`.
  private static func objectPath(_ keyPath: String) -> String {
    PropertyListKeyPath(components: Array(PropertyListKeyPath(keyPath).components.prefix(2))).description
  }
}
