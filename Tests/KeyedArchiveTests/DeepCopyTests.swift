import BookModels
import KeyedArchive
import PlistKit
import Testing

@Suite("Deep copy")
struct DeepCopyTests {
  @Test("mutating a copy of a PropertyList at any depth leaves the original untouched")
  func propertyListValues() throws {
    let original = try Samples.presidentsArchive()
    var copy = original
    try copy.setValue("Changed", at: "$objects.3")
    try copy.setValue(.uid(99), at: "$objects.2.Name")
    try copy.setValue("x", at: "$objects.1.NS\\.objects.0")
    #expect(original["$objects"]?[3] == "George Washington")
    #expect(original["$objects"]?[2]?["Name"] == .uid(3))
    #expect(original["$objects"]?[1]?["NS.objects"]?[0] == .uid(2))
    #expect(copy["$objects"]?[3] == "Changed")
  }

  @Test("a copied graph is independent of the original")
  func graphValue() throws {
    let original = try ObjectGraph(archive: Samples.presidentsArchive())
    var copy = original
    copy[3] = .value("Changed")
    #expect(original[3] == .value("George Washington"))
    #expect(copy != original)
  }

  @Test("deepCopyObject keeps sharing and cycles within the copy and aliases nothing of the original")
  func graphDeepCopy() throws {
    var graph = ObjectGraph()
    let chain = ClassChain(["NSMutableArray", "NSArray", "NSObject"])
    let leaf = graph.add(.value("leaf"))
    let inner = graph.add(.instance(ArchivedInstance(classChain: chain, fields: ["NS.objects": [.uid(UInt64(leaf))]])))
    let outer = graph.add(.instance(ArchivedInstance(classChain: chain)))
    graph[outer] = .instance(
      ArchivedInstance(
        classChain: chain,
        fields: ["NS.objects": [.uid(UInt64(inner)), .uid(UInt64(inner)), .uid(UInt64(outer)), .uid(0)]]))
    graph.top["root"] = .uid(UInt64(outer))
    let copyID = graph.deepCopyObject(outer)
    #expect(copyID == 4)
    let copy = try #require(graph[copyID].instance?.fields["NS.objects"]?.arrayValue)
    #expect(copy[0] == copy[1])
    #expect(copy[2] == .uid(UInt64(copyID)))
    #expect(copy[3] == .uid(0))
    let copiedIDs = Set([copyID, Int(copy[0].uidValue!)])
    #expect(copiedIDs.isDisjoint(with: [leaf, inner, outer]))
    let copiedLeaf = graph[Int(copy[0].uidValue!)].instance!.fields["NS.objects"]![0]!
    #expect(copiedLeaf != .uid(UInt64(leaf)))
    graph[Int(copiedLeaf.uidValue!)] = .value("edited")
    #expect(graph[leaf] == .value("leaf"))
    var copyGraph = ObjectGraph()
    copyGraph = graph
    copyGraph.top["root"] = .uid(UInt64(copyID))
    #expect(!copyGraph.isEquivalent(to: graph))
  }

  @Test("the book's models are values")
  func models() {
    let original = [President(number: 1, name: "A", fromYear: "1", toYear: "2", party: "P")]
    var copy = original
    copy[0].party = "Q"
    #expect(original[0].party == "P")
  }
}

@Suite("Deep copy of decoded objects")
struct ObjectDeepCopyTests {
  @Test("copying decoded generic objects keeps sharing and cycles and aliases nothing")
  func genericObjects() throws {
    // A list holding one widget twice and a second widget; the first widget refers to itself.
    let archive = Samples.archive(objects: [
      "$null", ["$class": .uid(2), "NS.objects": [.uid(3), .uid(3), .uid(5)]],
      Samples.classDictionary("NSMutableArray", "NSArray", "NSObject"),
      ["$class": .uid(4), "me": .uid(3), "label": .uid(6)], Samples.classDictionary("Widget", "NSObject"),
      ["$class": .uid(4), "label": .uid(6)], "w",
    ])
    let original = try #require(try KeyedUnarchiver(archive: archive).decodeTopLevelObject() as? [Any])
    let copy = try #require(try ArchiveDeepCopy.copy(original) as? [Any])
    let originals = original.map { $0 as! GenericArchivedObject }
    let copies = copy.map { $0 as! GenericArchivedObject }
    #expect(copies[0] === copies[1])
    #expect(copies[0] !== copies[2])
    for (left, right) in zip(originals, copies) { #expect(left !== right) }
    guard case .object(let me)? = copies[0]["me"] else {
      Issue.record("expected a reference")
      return
    }
    #expect((me as? GenericArchivedObject) === copies[0])
    // Both encode to equivalent graphs.
    let left = KeyedArchiver()
    try left.encode(original)
    let right = KeyedArchiver()
    try right.encode(copy)
    #expect(left.graph.isEquivalent(to: right.graph))
    #expect(right.graph.count == left.graph.count)
    copies[2].fields = [("label", .value("changed"))]
    guard case .object(let label)? = originals[2]["label"] else {
      Issue.record("expected a reference")
      return
    }
    #expect(label as? String == "w")
  }

  @Test("an optional inside Any archives as what it holds, nil as $null")
  func optionalsInAny() throws {
    let values: [Any?] = ["a", nil]
    let archiver = KeyedArchiver()
    try archiver.encode(values.map { $0 as Any })
    let objects = try archiver.archivedPropertyList()["$objects"]
    #expect(objects?[1]?["NS.objects"] == [.uid(2), .uid(0)])
    #expect(objects?[2] == "a")
  }
}
