import KeyedArchive
import PlistKit

/// The identities that normalized archive contents refer to: `.uid(token)` stands for the
/// null object (0), an object (a token each side maps to its own node), or a value stored as
/// an object (one token per distinct value, so values compare by value).
struct ArchiveTokens {
  /// Tokens from here on are values.
  let valueBase: Int
  private var values: [PropertyList] = []
  private var index: [PropertyList: Int] = [:]

  init(valueBase: Int) { self.valueBase = valueBase }

  /// The token of a value stored as an object.
  mutating func token(for value: PropertyList) -> PropertyList {
    if let known = index[value] { return .uid(UInt64(valueBase + known)) }
    index[value] = values.count
    values.append(value)
    return .uid(UInt64(valueBase + values.count - 1))
  }

  /// The value a token stands for, if it is a value's.
  func value(of token: Int) -> PropertyList? {
    token >= valueBase && token - valueBase < values.count ? values[token - valueBase] : nil
  }

  /// The token of node `id` of a graph, objects numbered by `object` (nil: not an object).
  mutating func token(of id: Int, in graph: ObjectGraph, object: (Int) -> Int) -> PropertyList {
    switch graph[id] {
    case .null: return .uid(0)
    case .value(let value): return token(for: value)
    case .instance: return .uid(UInt64(object(id)))
    }
  }
}

/// One archive as a diff or merge sees it: its objects' contents in tokens, and the way
/// back from a token to its node (to show an object, to rebuild one).
struct ArchiveSide {
  let graph: ObjectGraph
  let shapes: [ArchiveObjectShape?]
  /// Object token → node id, for the objects of this side.
  var nodes: [Int: Int] = [:]

  init(_ prints: ArchiveFingerprints) {
    graph = prints.graph
    shapes = prints.shapes
  }

  /// The content of node `id` with references replaced by tokens.
  func content(of id: Int, tokens: (Int) -> PropertyList) -> PropertyList {
    shapes[id]!.content(of: graph[id].instance!, in: graph, reference: tokens)
  }

  /// `$top` with references replaced by tokens.
  func top(tokens: (Int) -> PropertyList) -> PropertyList {
    ArchiveObjectShape.map(.dictionary(graph.top), tokens)
  }

  /// `value` (in tokens) as the plain view shows it: objects expanded, values as values, nil
  /// as `$null`; an object too large to show as `<Class: … objects>`.
  func render(_ value: PropertyList, tokens: ArchiveTokens, limits: ArchiveLimits) -> PropertyList {
    ArchiveObjectShape.mapTokens(value) { token in
      let id = Int(token.uidValue!)
      if id == 0 { return "$null" }
      if let value = tokens.value(of: id) { return value }
      guard let node = nodes[id] else { return token }
      do {
        return try graph.plainView(of: .uid(UInt64(node)), limits: limits)
      } catch {
        let name = graph[node].instance?.className ?? "object"
        return .string("<\(name): too large to show (over \(limits.maximumExpandedNodes) values)>")
      }
    }
  }
}
