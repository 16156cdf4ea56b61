import KeyedArchive
import PlistKit

/// Fingerprints of the nodes of an object graph, to align the elements of archived arrays.
///
/// A value node's fingerprint is its value's; an object's is refined in rounds from its class
/// and content, each round folding in the fingerprints its references had the round before
/// (as in Weisfeiler–Lehman refinement), so that cycles need no special care and two
/// objects alike down to a few levels get the same fingerprint. The differ then compares the
/// objects it pairs field by field, so a shallow likeness only guides the alignment.
struct ArchiveFingerprints {
  /// Rounds of refinement: how many levels of references an object's fingerprint sees.
  static let rounds = 3

  let graph: ObjectGraph
  /// The shape of each node that is an instance.
  let shapes: [ArchiveObjectShape?]
  /// The final fingerprint of each node.
  private(set) var prints: [UInt64]
  /// Each instance's content with its references replaced by what they name at first sight
  /// (a value's fingerprint, an object's class), to judge two objects alike.
  private(set) var firstContents: [PropertyList?]

  init(_ graph: ObjectGraph) {
    self.graph = graph
    var shapes = [ArchiveObjectShape?](repeating: nil, count: graph.count)
    var prints = [UInt64](repeating: 0, count: graph.count)
    for id in 0..<graph.count {
      switch graph[id] {
      case .null: prints[id] = Self.nullPrint
      case .value(let value): prints[id] = ValueFingerprints.of(value)
      case .instance(let instance):
        shapes[id] = ArchiveObjectShape.of(instance, in: graph)
        prints[id] = Self.classPrint(instance.classChain)
      }
    }
    self.shapes = shapes
    var firstContents = [PropertyList?](repeating: nil, count: graph.count)
    for round in 0..<Self.rounds {
      var next = prints
      for id in 0..<graph.count {
        guard case .instance(let instance) = graph[id], let shape = shapes[id] else { continue }
        let content = shape.content(of: instance, in: graph) { .uid(prints[$0]) }
        if round == 0 { firstContents[id] = content }
        var hasher = Hasher()
        hasher.combine(instance.classChain)
        hasher.combine(ValueFingerprints.of(content))
        next[id] = UInt64(bitPattern: Int64(hasher.finalize()))
      }
      prints = next
    }
    self.prints = prints
    self.firstContents = firstContents
  }

  /// The fingerprint of a field value: a reference's node, or an inline value with the
  /// references inside it replaced by their nodes' fingerprints.
  func slotPrint(_ value: PropertyList) -> UInt64 {
    if case .uid(let id) = value { return prints[Int(id)] }
    return ValueFingerprints.of(ArchiveObjectShape.map(value) { .uid(prints[$0]) })
  }

  private static let nullPrint: UInt64 = {
    var hasher = Hasher()
    hasher.combine("$null")
    return UInt64(bitPattern: Int64(hasher.finalize()))
  }()

  private static func classPrint(_ chain: ClassChain) -> UInt64 {
    var hasher = Hasher()
    hasher.combine(chain)
    return UInt64(bitPattern: Int64(hasher.finalize()))
  }
}
