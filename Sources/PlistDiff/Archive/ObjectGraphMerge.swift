import KeyedArchive
import PlistKit

/// A three-way merge of keyed archives as object graphs, by the identity ``ObjectGraphDiff``
/// compares by: each side's objects are paired with the base's, and every object's content
/// (its fields, an array's elements, a dictionary's entries) merges as ``PropertyListMerge``
/// merges values, references compared by identity.
///
/// - Objects either side added are kept (when the merged archive still refers to them).
/// - One side removing an object the other changed is a conflict at the place that referred
///   to it (`Presidents.5`): with ``PropertyListMerge/Resolution/theirs`` the changed object
///   stays, with ``PropertyListMerge/Resolution/ours`` it goes.
/// - The merged graph is numbered afresh when written (`ObjectGraph/archivedPropertyList()`)
///   and passes `ArchiveValidator`; `$archiver` and `$version` are ours.
public struct ObjectGraphMerge: Sendable {
  /// Which side conflicts take.
  public var resolution: PropertyListMerge.Resolution
  /// Limits for showing objects in conflicts.
  public var limits: ArchiveLimits

  /// Makes a merge.
  public init(resolution: PropertyListMerge.Resolution = .ours, limits: ArchiveLimits = .default) {
    self.resolution = resolution
    self.limits = limits
  }

  /// Merges what `ours` and `theirs` changed from `base`.
  public func merge(
    base: ObjectGraph, ours: ObjectGraph, theirs: ObjectGraph
  ) throws(KeyedArchiveError)
    -> ObjectGraphMergeResult
  {
    try base.checkReferences()
    try ours.checkReferences()
    try theirs.checkReferences()
    var run = GraphMergeRun(base: base, ours: ours, theirs: theirs, resolution: resolution, limits: limits)
    return run.merge()
  }
}

/// The result of merging archives.
public struct ObjectGraphMergeResult: Sendable {
  /// The merged graph; at each conflict, the side the resolution names.
  public var graph: ObjectGraph
  /// The conflicts, with values in the plain view; empty for a clean merge.
  public var conflicts: [PropertyListConflict]

  /// True when the archives merged without a conflict.
  public var isClean: Bool { conflicts.isEmpty }
}

/// One merge of three graphs in one token space.
///
/// Tokens: base objects are `0..<b`; objects only ours has `b + id`; only theirs has
/// `b + o + id`; an object one side removed and the other changed gets a token of the
/// changing side's version (`b + o + t + id` for theirs', `2b + o + t + id` for ours'), so
/// that the place the remover changed and the changer kept conflicts; values come after.
private struct GraphMergeRun {
  let base: ObjectGraph
  let ours: ObjectGraph
  let theirs: ObjectGraph
  let resolution: PropertyListMerge.Resolution
  let limits: ArchiveLimits
  let withOurs: ArchiveGraphMatcher
  let withTheirs: ArchiveGraphMatcher
  var tokens: ArchiveTokens
  var baseSide: ArchiveSide
  var oursSide: ArchiveSide
  var theirsSide: ArchiveSide
  /// Base objects that ours removed and theirs changed, and the other way round.
  var keptByTheirs: Set<Int> = []
  var keptByOurs: Set<Int> = []

  init(
    base: ObjectGraph, ours: ObjectGraph, theirs: ObjectGraph, resolution: PropertyListMerge.Resolution,
    limits: ArchiveLimits
  ) {
    self.base = base
    self.ours = ours
    self.theirs = theirs
    self.resolution = resolution
    self.limits = limits
    withOurs = ArchiveGraphMatcher(old: base, new: ours)
    withTheirs = ArchiveGraphMatcher(old: base, new: theirs)
    tokens = ArchiveTokens(valueBase: 3 * base.count + ours.count + theirs.count)
    baseSide = ArchiveSide(withOurs.oldPrints)
    oursSide = ArchiveSide(withOurs.newPrints)
    theirsSide = ArchiveSide(withTheirs.newPrints)
  }

  private var oursNew: Int { base.count }
  private var theirsNew: Int { base.count + ours.count }
  private var theirsVersion: Int { base.count + ours.count + theirs.count }
  private var oursVersion: Int { 2 * base.count + ours.count + theirs.count }

  private mutating func baseToken(_ id: Int) -> PropertyList { tokens.token(of: id, in: base, object: { $0 }) }

  private mutating func oursToken(_ id: Int) -> PropertyList {
    sideToken(id, in: ours, paired: withOurs.oldFor, new: oursNew, version: oursVersion, kept: keptByOurs)
  }

  private mutating func theirsToken(_ id: Int) -> PropertyList {
    sideToken(id, in: theirs, paired: withTheirs.oldFor, new: theirsNew, version: theirsVersion, kept: keptByTheirs)
  }

  /// The token of a side's node: its base object's, its own version of a base object the
  /// other side removed and this one changed (`version` + base id), or its own (`new` + id).
  private mutating func sideToken(
    _ id: Int, in graph: ObjectGraph, paired: [Int], new: Int, version: Int, kept: Set<Int>
  ) -> PropertyList {
    tokens.token(of: id, in: graph) { node in
      guard paired[node] >= 0 else { return new + node }
      return kept.contains(paired[node]) ? version + paired[node] : paired[node]
    }
  }

  mutating func merge() -> ObjectGraphMergeResult {
    let (baseGraph, oursGraph, theirsGraph) = (baseSide, oursSide, theirsSide)
    // Which removed objects the other side changed.
    var baseContents: [Int: PropertyList] = [:]
    for id in withOurs.pairs.map(\.old) + withTheirs.pairs.map(\.old) where baseContents[id] == nil {
      baseContents[id] = baseGraph.content(of: id) { baseToken($0) }
    }
    for pair in withTheirs.pairs where withOurs.newFor[pair.old] < 0 {
      if theirsGraph.content(of: pair.new, tokens: { theirsToken($0) }) != baseContents[pair.old] {
        keptByTheirs.insert(pair.old)
      }
    }
    for pair in withOurs.pairs where withTheirs.newFor[pair.old] < 0 {
      if oursGraph.content(of: pair.new, tokens: { oursToken($0) }) != baseContents[pair.old] {
        keptByOurs.insert(pair.old)
      }
    }
    var merger = ValueMerger(resolution: resolution)
    let root = PropertyListKeyPath(components: [])
    let baseTop = baseGraph.top { baseToken($0) }
    let top = merger.merge(
      base: baseTop, ours: oursGraph.top { oursToken($0) }, theirs: theirsGraph.top { theirsToken($0) }, path: root)
    // Each object's content in the merged graph, by token, with the node it comes from.
    var merged: [Int: MergedObject] = [:]
    var basePaths: [Int: PropertyListKeyPath] = [:]
    for (index, pair) in withTheirs.pairs.enumerated() { basePaths[pair.old] = withTheirs.oldPath(of: index) }
    for (index, pair) in withOurs.pairs.enumerated() { basePaths[pair.old] = withOurs.oldPath(of: index) }
    let order = withOurs.pairs.map(\.old) + withTheirs.pairs.map(\.old).filter { withOurs.newFor[$0] < 0 }
    for id in order {
      let (oursNode, theirsNode) = (withOurs.newFor[id], withTheirs.newFor[id])
      let shape = baseGraph.shapes[id]!
      if oursNode >= 0 && theirsNode >= 0 {
        let value = merger.merge(
          base: baseContents[id]!, ours: oursGraph.content(of: oursNode) { oursToken($0) },
          theirs: theirsGraph.content(of: theirsNode) { theirsToken($0) }, path: basePaths[id] ?? root)
        merged[id] = MergedObject(content: value, graph: base, node: id, shape: shape)
      } else if oursNode >= 0 {
        let object = MergedObject(
          content: oursGraph.content(of: oursNode) { oursToken($0) }, graph: ours, node: oursNode, shape: shape)
        merged[id] = object
        if keptByOurs.contains(id) { merged[oursVersion + id] = object }
      } else if theirsNode >= 0 {
        let object = MergedObject(
          content: theirsGraph.content(of: theirsNode) { theirsToken($0) }, graph: theirs, node: theirsNode,
          shape: shape)
        merged[id] = object
        if keptByTheirs.contains(id) { merged[theirsVersion + id] = object }
      }
    }
    for id in 0..<ours.count where withOurs.oldFor[id] < 0 && oursGraph.shapes[id] != nil {
      merged[oursNew + id] = MergedObject(
        content: oursGraph.content(of: id) { oursToken($0) }, graph: ours, node: id, shape: oursGraph.shapes[id]!)
    }
    for id in 0..<theirs.count where withTheirs.oldFor[id] < 0 && theirsGraph.shapes[id] != nil {
      merged[theirsNew + id] = MergedObject(
        content: theirsGraph.content(of: id) { theirsToken($0) }, graph: theirs, node: id,
        shape: theirsGraph.shapes[id]!)
    }
    let graph = build(top: top, merged: merged)
    registerNodes()
    let conflicts = merger.conflicts.map { conflict in
      var shown = conflict
      shown.base = conflict.base.map { baseSide.render($0, tokens: tokens, limits: limits) }
      shown.ours = conflict.ours.map { oursSide.render($0, tokens: tokens, limits: limits) }
      shown.theirs = conflict.theirs.map { theirsSide.render($0, tokens: tokens, limits: limits) }
      return shown
    }
    return ObjectGraphMergeResult(graph: graph, conflicts: conflicts)
  }

  /// Tells each side which of its nodes each object token names (to show conflicts).
  private mutating func registerNodes() {
    for id in 0..<base.count where base[id].instance != nil { baseSide.nodes[id] = id }
    Self.register(&oursSide, paired: withOurs.oldFor, new: oursNew, version: oursVersion)
    Self.register(&theirsSide, paired: withTheirs.oldFor, new: theirsNew, version: theirsVersion)
  }

  /// A side's objects by token: a paired object under its base object's token and its own
  /// version's, another under its own token.
  private static func register(_ side: inout ArchiveSide, paired: [Int], new: Int, version: Int) {
    for id in 0..<side.graph.count where side.graph[id].instance != nil {
      if paired[id] < 0 {
        side.nodes[new + id] = id
      } else {
        side.nodes[paired[id]] = id
        side.nodes[version + paired[id]] = id
      }
    }
  }

  /// The merged graph: the objects the merged `$top` reaches, numbered as they are reached.
  private func build(top: PropertyList, merged: [Int: MergedObject]) -> ObjectGraph {
    var graph = ObjectGraph(archiver: ours.archiver, version: ours.version)
    var nodeFor: [Int: Int] = [0: ObjectGraph.nullID]
    var pending: [Int] = []
    func node(_ token: PropertyList) -> PropertyList {
      let id = Int(token.uidValue!)
      if let known = nodeFor[id] { return .uid(UInt64(known)) }
      let made: Int
      if let value = tokens.value(of: id) {
        made = graph.add(.value(value))
      } else if merged[id] != nil {
        // Filled in below; a placeholder for now, so that references to it have a node.
        made = graph.add(.value(false))
        pending.append(id)
      } else {
        return .uid(UInt64(ObjectGraph.nullID))
      }
      nodeFor[id] = made
      return .uid(UInt64(made))
    }
    if case .dictionary(let entries) = ArchiveObjectShape.mapTokens(top, node) { graph.top = entries }
    while let id = pending.popLast() {
      let object = merged[id]!
      let fields = object.shape.fields(
        for: object.content, reference: node, string: { .uid(UInt64(graph.add(.value(.string($0))))) })
      graph[nodeFor[id]!] = .instance(ArchivedInstance(classChain: object.classChain, fields: fields))
    }
    return graph
  }
}

/// An object of the merged graph: its content in tokens, and the node it takes its class from.
private struct MergedObject {
  let content: PropertyList
  let graph: ObjectGraph
  let node: Int
  let shape: ArchiveObjectShape

  var classChain: ClassChain { graph[node].instance!.classChain }
}
