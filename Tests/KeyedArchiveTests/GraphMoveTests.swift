import KeyedArchive
import PlistKit
import Testing

/// `ObjectGraph.moveValue(from:to:)`: the reference moves, never a copy, and the archive's
/// plain view changes exactly as the plain value's own move changes it.
@Suite("Moving values in an archive")
struct GraphMoveTests {
  static func graph() throws -> ObjectGraph { try ObjectGraph(archive: Samples.presidentsArchive()) }

  /// The graph written out and read back: what a file would hold.
  static func reread(_ graph: ObjectGraph) throws -> ObjectGraph {
    try ObjectGraph(archive: graph.archivedPropertyList())
  }

  /// Makes the moves in the book's archive and in its plain view: the archive, written and
  /// read back, shows what the plain view shows, it still validates, and no object was added.
  static func moved(_ moves: [(PropertyListKeyPath, PropertyListKeyPath)]) throws -> ObjectGraph {
    var graph = try Self.graph()
    var expected = try graph.plainView()
    let count = graph.count
    for (source, destination) in moves {
      try graph.moveValue(from: source, to: destination)
      try expected.moveValue(from: source, to: destination, keepingPosition: true)
    }
    #expect(graph.count == count)
    #expect(try Self.reread(graph).plainView().isIdentical(to: expected))
    #expect(ArchiveValidator().validate(try graph.archivedPropertyList()) == [])
    return graph
  }

  @Test("an NSArray element moves to another index, counted after the removal; no object is added")
  func reorderArray() throws {
    let graph = try Self.moved([("Presidents.0", "Presidents.42")])
    #expect(try graph.plainView().value(at: "Presidents.42.Name") == "George Washington")
  }

  @Test("a field renamed in its object keeps its place among the fields")
  func renameField() throws {
    let party = try Self.graph().plainView().value(at: "Presidents.4.Party")
    let graph = try Self.moved([("Presidents.3.Party", "Presidents.3.Affiliation")])
    // The other objects that shared the string still have their own field.
    #expect(try graph.plainView().value(at: "Presidents.4.Party") == party)
  }

  @Test("a value moves to a $top key and into another object: the same object, referred to from there")
  func moveAcrossObjects() throws {
    let graph = try Self.moved([("Presidents.5", "Favourite"), ("Presidents.0.Name", "Favourite.Nickname")])
    guard case .uid = graph.top["Favourite"] else {
      Issue.record("$top.Favourite is \(String(describing: graph.top["Favourite"])), not a reference")
      return
    }
  }

  @Test("an NSDictionary entry renamed keeps its place; a $top key renamed too")
  func renameEntries() throws {
    var graph = ObjectGraph()
    let keys = ["a", "b", "c"].map { graph.add(.value(.string($0))) }
    let values = [1, 2, 3].map { graph.add(.value(.integer($0))) }
    let dictionary = graph.add(
      .instance(
        ArchivedInstance(
          classChain: ClassChain(["NSDictionary", "NSObject"]),
          fields: [
            "NS.keys": .array(keys.map { .uid(UInt64($0)) }), "NS.objects": .array(values.map { .uid(UInt64($0)) }),
          ]
        )))
    graph.top["root"] = .uid(UInt64(dictionary))
    try graph.moveValue(from: "b", to: "z")
    #expect(try graph.plainView().isIdentical(to: ["a": 1, "z": 2, "c": 3]))
    var top = ObjectGraph()
    top.top["first"] = .integer(1)
    top.top["second"] = .integer(2)
    try top.moveValue(from: "first", to: "premier")
    #expect(Array(top.top.keys) == ["premier", "second"])
  }

  @Test("a failed move names its key path and why, and changes nothing")
  func failures() throws {
    let original = try Self.graph()
    let cases: [(PropertyListKeyPath, PropertyListKeyPath, KeyedArchiveError)] = [
      ("", "x", KeyedArchiveError(.keyPath, at: "", "cannot move the root")),
      (
        "Presidents", "Presidents.0.List",
        KeyedArchiveError(.keyPath, at: "Presidents.0.List", "cannot move a value into itself")
      ),
      ("Presidents.0.Nope", "Presidents.0.Other", KeyedArchiveError(.keyPath, at: "Presidents.0.Nope", "no such key")),
      (
        "Presidents.0.Name", "Presidents.0.Party",
        KeyedArchiveError(.keyPath, at: "Presidents.0.Party", "a value is there already; use set to replace it")
      ),
    ]
    for (source, destination, expected) in cases {
      var graph = original
      #expect(throws: expected, "\(source) → \(destination)") { try graph.moveValue(from: source, to: destination) }
      #expect(try graph.archivedPropertyList() == original.archivedPropertyList(), "\(source) → \(destination)")
    }
    var graph = original
    #expect(throws: KeyedArchiveError.self) { try graph.moveValue(from: "Presidents.0", to: "Presidents.43") }
    #expect(try graph.archivedPropertyList() == original.archivedPropertyList())
  }
}
