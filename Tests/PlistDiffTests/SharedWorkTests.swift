import KeyedArchive
import PlistKit
import Testing

@testable import PlistDiff

/// The work and memory of diffs whose objects share references or nest deeply: linear in the
/// objects, each shared pair compared once, paths made only for the differences.
@Suite("Diff work on shared and deep objects")
struct SharedWorkTests {
  /// A keyed archive of `depth` objects of one class, each with one field referring to the
  /// next; the last holds `leaf` instead.
  static func chain(depth: Int, leaf: String) throws -> ObjectGraph {
    var objects: [PropertyList] = ["$null", ["$classname": "Node", "$classes": ["Node", "NSObject"]]]
    for index in 0..<depth {
      let next = UInt64(objects.count + 1)
      objects.append(
        index < depth - 1 ? ["$class": .uid(1), "next": .uid(next)] : ["$class": .uid(1), "name": .string(leaf)])
    }
    let archive: PropertyList = [
      "$archiver": "NSKeyedArchiver", "$version": 100000, "$top": ["root": .uid(2)], "$objects": .array(objects),
    ]
    return try ObjectGraph(archive: archive)
  }

  @Test("a 5,000-deep chain of objects: the pairs hold one step each, and the one change has the whole path")
  func chain() throws {
    let (old, new) = (try Self.chain(depth: 5_000, leaf: "a"), try Self.chain(depth: 5_000, leaf: "b"))
    let matcher = ArchiveGraphMatcher(old: old, new: new)
    #expect(matcher.pairs.count == 5_000)
    // Paths of every length up to 5,000 would be 12.5 million components.
    #expect(matcher.pairs.reduce(0) { $0 + $1.oldSteps.count + $1.newSteps.count } == 2 * 4_999)
    #expect(matcher.oldPath(of: 4_999).components == Array(repeating: "next", count: 4_999))
    let differences = try old.differences(to: new)
    #expect(differences.count == 1)
    #expect(differences.first?.path.components == Array(repeating: "next", count: 4_999) + ["name"])
    #expect(differences.first?.newValue == "b")
    // Ignore patterns are followed from pair to pair.
    var options = PropertyListDiffOptions.default
    options.ignoredPaths = [PropertyListKeyPattern(globbing: "next.next.*")]
    #expect(try old.differences(to: new, options: options) == [])
    options.ignoredPaths = [PropertyListKeyPattern(globbing: "next.nope")]
    #expect(try old.differences(to: new, options: options).count == 1)
  }

  /// `levels` dictionaries, each holding the one below under `width` keys (shared), over a leaf.
  static func dag(levels: Int, width: Int, leaf: PropertyList) -> PropertyList {
    var node: PropertyList = ["leaf": leaf]
    for _ in 0..<levels {
      node = .dictionary(PropertyListDictionary((0..<width).map { ("k\($0)", node) }))
    }
    return node
  }

  @Test("a shared DAG against its unshared form: compared pair by pair, no path remembered unless changed")
  func dagAgainstTree() throws {
    let shared = Self.dag(levels: 5, width: 5, leaf: 1)
    // XML cannot share: read back, every container is its own.
    let xml = try shared.serialized(as: .xml)
    let tree = try xml.withUnsafeBytes { try PropertyList.read(bytes: $0, format: .xml) }.value
    var differ = ValueDiffer(old: shared, new: tree, options: .default)
    #expect(differ.change(from: shared, to: tree) == nil)
    #expect(differ.rememberedPathComponents == 0)
    // One leaf changed in the tree: the changed pairs are the leaf's ancestors, and only they
    // remember a path (1 + 2 + … + 5 components).
    var changed = tree
    try changed.setValue(2, at: "k1.k2.k3.k4.k0.leaf")
    var again = ValueDiffer(old: shared, new: changed, options: .default)
    let change = again.change(from: shared, to: changed)
    #expect(change?.differences().map(\.path) == ["k1.k2.k3.k4.k0.leaf"])
    #expect(again.rememberedPathComponents <= 15)
  }
}
