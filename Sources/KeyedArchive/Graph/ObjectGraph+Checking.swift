import PlistKit

extension ObjectGraph {
  /// Checks that every reference in `$top` and in every field names a node of the graph, and
  /// that node 0 is the null object and no other is.
  ///
  /// A graph read from an archive always passes; a graph built or edited by hand may not.
  public func checkReferences() throws(KeyedArchiveError) {
    for (key, value) in top {
      try Self.checkReferences(in: value, count: count, path: ["$top", key])
    }
    for id in objects.indices {
      switch objects[id] {
      case .null:
        guard id == Self.nullID else {
          throw KeyedArchiveError(.malformed, at: ["objects", String(id)], "only node 0 may be the null object")
        }
      case .value(let value):
        guard id != Self.nullID else {
          throw KeyedArchiveError(.malformed, at: ["objects", "0"], "node 0 must be the null object")
        }
        switch value {
        case .array, .dictionary, .uid:
          throw KeyedArchiveError(
            .malformed, at: ["objects", String(id)],
            "an inline value cannot be \(withArticle(value.kind.rawValue)): use an instance (NSArray, NSDictionary)")
        default: break
        }
      case .instance(let instance):
        guard id != Self.nullID else {
          throw KeyedArchiveError(.malformed, at: ["objects", "0"], "node 0 must be the null object")
        }
        for (key, value) in instance.fields {
          try Self.checkReferences(in: value, count: count, path: ["objects", String(id), key])
        }
      }
    }
  }

  private static func checkReferences(in value: PropertyList, count: Int, path: [String]) throws(KeyedArchiveError) {
    switch value {
    case .uid(let uid):
      guard uid < UInt64(count) else {
        throw KeyedArchiveError(
          .referenceOutOfRange, at: path, "reference \(uid) names no node (the graph has \(count))")
      }
    case .array(let elements):
      for (position, element) in elements.enumerated() {
        try checkReferences(in: element, count: count, path: path + [String(position)])
      }
    case .dictionary(let dictionary):
      for (key, element) in dictionary { try checkReferences(in: element, count: count, path: path + [key]) }
    default: break
    }
  }
}
