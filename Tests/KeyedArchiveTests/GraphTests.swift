import KeyedArchive
import PlistKit
import Testing

@Suite("Object graph")
struct GraphTests {
  @Test("the book's archive reads into 137 nodes with every reference resolved and strings shared")
  func readsTheBook() throws {
    let graph = try ObjectGraph(archive: Samples.presidentsArchive())
    #expect(graph.archiver == "NSKeyedArchiver")
    #expect(graph.version == 100000)
    // 139 entries less the two class dictionaries.
    #expect(graph.count == 137)
    let arrayID = try #require(graph.topObject(forKey: "Presidents"))
    let array = try #require(graph[arrayID].instance)
    #expect(
      array.classChain == ClassChain(className: "NSMutableArray", classes: ["NSMutableArray", "NSArray", "NSObject"]))
    let elements = try #require(array.fields["NS.objects"]?.arrayValue)
    #expect(elements.count == 43)
    let washington = try #require(graph[Int(elements[0].uidValue!)].instance)
    let adams = try #require(graph[Int(elements[1].uidValue!)].instance)
    #expect(washington.classChain == ClassChain(["President", "NSObject"]))
    #expect(washington.fields["President"] == 1)
    #expect(graph[washington.reference(forKey: "Name")!] == .value("George Washington"))
    // "1797" is one object: Washington's ToYear is Adams's FromYear.
    #expect(washington.reference(forKey: "ToYear") == adams.reference(forKey: "FromYear"))
  }

  @Test("archiving a read graph and reading it again gives an equivalent graph and the same archive each time")
  func roundTrip() throws {
    let graph = try ObjectGraph(archive: Samples.presidentsArchive())
    let archive = try graph.archivedPropertyList()
    let again = try ObjectGraph(archive: archive)
    #expect(graph.isEquivalent(to: again))
    #expect(try again.archivedPropertyList().isIdentical(to: archive))
    #expect(try graph.archivedPropertyList().isIdentical(to: archive))
  }

  @Test("the archive bytes are the same each time")
  func roundTripBytes() throws {
    let graph = try ObjectGraph(archive: Samples.presidentsArchive())
    let bytes = try graph.archivedBytes()
    let again = try ObjectGraph(bytes: bytes)
    #expect(graph.isEquivalent(to: again))
    #expect(try again.archivedBytes() == bytes)
    #expect(try graph.archivedBytes() == bytes)
  }

  @Test("cycles and shared objects survive archiving; an object shared twice is written once")
  func cyclesAndSharing() throws {
    var graph = ObjectGraph()
    let name = graph.add(.value("shared"))
    let array = graph.add(
      .instance(ArchivedInstance(classChain: ClassChain(["NSMutableArray", "NSArray", "NSObject"]))))
    graph[array] = .instance(
      ArchivedInstance(
        classChain: ClassChain(["NSMutableArray", "NSArray", "NSObject"]),
        fields: ["NS.objects": [.uid(UInt64(array)), .uid(UInt64(name)), .uid(UInt64(name))]]))
    graph.top["root"] = .uid(UInt64(array))
    let archive = try graph.archivedPropertyList()
    #expect(
      archive["$objects"]
        == [
          "$null",
          ["NS.objects": [.uid(1), .uid(2), .uid(2)], "$class": .uid(3)],
          "shared",
          Samples.classDictionary("NSMutableArray", "NSArray", "NSObject"),
        ])
    let again = try ObjectGraph(archive: archive)
    #expect(again.isEquivalent(to: graph))
  }

  @Test("equal strings in distinct nodes are written once, canonically equivalent ones twice")
  func stringUniquing() throws {
    var graph = ObjectGraph()
    let first = graph.add(.value("é"))
    let second = graph.add(.value("é"))
    let decomposed = graph.add(.value("e\u{301}"))
    let array = graph.add(
      .instance(
        ArchivedInstance(
          classChain: ClassChain(["NSArray", "NSObject"]),
          fields: ["NS.objects": [.uid(UInt64(first)), .uid(UInt64(second)), .uid(UInt64(decomposed))]])))
    graph.top["root"] = .uid(UInt64(array))
    let objects = try graph.archivedPropertyList()["$objects"]!
    #expect(objects[1]?["NS.objects"] == [.uid(2), .uid(2), .uid(3)])
    #expect(objects[2] == "é")
    #expect(objects[3] == "e\u{301}")
  }

  @Test("isEquivalent tells sharing apart from two equal objects")
  func equivalenceSeesSharing() throws {
    func graph(shared: Bool) -> ObjectGraph {
      var graph = ObjectGraph()
      let chain = ClassChain(["Thing", "NSObject"])
      let a = graph.add(.instance(ArchivedInstance(classChain: chain, fields: ["x": 1])))
      let b = shared ? a : graph.add(.instance(ArchivedInstance(classChain: chain, fields: ["x": 1])))
      let array = graph.add(
        .instance(
          ArchivedInstance(
            classChain: ClassChain(["NSArray", "NSObject"]), fields: ["NS.objects": [.uid(UInt64(a)), .uid(UInt64(b))]])
        ))
      graph.top["root"] = .uid(UInt64(array))
      return graph
    }
    #expect(graph(shared: true).isEquivalent(to: graph(shared: true)))
    #expect(!graph(shared: true).isEquivalent(to: graph(shared: false)))
    #expect(!graph(shared: false).isEquivalent(to: graph(shared: true)))
  }

  @Test("an exponential-sharing bomb reads in linear work, and the plain view refuses it before expanding")
  func bomb() throws {
    // Each level is an array holding the level below twice: 2^60 leaves as a tree.
    let archive = Samples.sharingBombArchive(levels: 60)
    let graph = try ObjectGraph(archive: archive)
    #expect(graph.count == 62)
    #expect(try graph.archivedPropertyList()["$objects"]?.arrayValue?.count == 63)
    #expect(ArchiveValidator().validate(archive) == [])
    let error = Samples.error { () throws(KeyedArchiveError) in try graph.plainView() }
    #expect(
      error
        == KeyedArchiveError(
          .limitExceeded, at: "$top",
          "the plain view would expand 62 shared objects into more than 5000000 nodes"))
  }

  @Test("attribute runs that share a dictionary cannot make the plain view's work exponential")
  func attributedStringBomb() throws {
    let graph = try ObjectGraph(archive: ClassArchives.attributedStringBomb(levels: 30))
    #expect(graph.count == 94)
    let limits = ArchiveLimits(maximumExpandedNodes: 10_000)
    let error = Samples.error { () throws(KeyedArchiveError) in try graph.plainView(limits: limits) }
    #expect(error?.kind == .limitExceeded)
    #expect(error?.message == "the plain view has more than 10000 nodes")
    // A few levels are shown whole: 1 + 2 + 4 attributed strings and 8 innermost values.
    let small = try ObjectGraph(archive: ClassArchives.attributedStringBomb(levels: 3)).plainView()
    let json = String(decoding: try small.serialized(as: .json), as: UTF8.self)
    #expect(json.components(separatedBy: "\"ab\"").count - 1 == 15)
  }
}
