import Foundation
import KeyedArchive
import PlistKit
import Testing

/// The layouts Apple's Foundation really writes, from archives it wrote (the corpus's
/// `apple-archives/`, see its README for their source and licence; skipped without it), and
/// Foundation on Linux as a live peer.
@Suite("Foundation's archive layouts")
struct FoundationLayoutTests {
  static let names = [
    "NSOrderedSet-Numbers.archive", "NSCountedSet-NumbersAppearingSeveralTimes.archive",
    "NSIndexSet-ManyRanges.archive", "NSKeyedUnarchiver-OrderedSetTest.plist", "NSKeyedUnarchiver-ComplexTest.plist",
  ]

  static func bytes(_ name: String) throws -> [UInt8] { try Corpus.appleArchive(name) }

  static func plainView(_ name: String) throws -> PropertyList { try ObjectGraph(bytes: bytes(name)).plainView() }

  @Test("every archive Apple's Foundation wrote is valid", .needsCorpus("apple-archives"), arguments: names)
  func valid(name: String) throws {
    #expect(ArchiveValidator().validate(try PropertyList(bytes: Self.bytes(name))) == [])
  }

  @Test(
    "ordered sets in macOS's layout show as arrays, counted sets as their members with their counts",
    .needsCorpus("apple-archives"))
  func plainViews() throws {
    #expect(try Self.plainView("NSOrderedSet-Numbers.archive") == [1, 2, 3, 4, 5])
    #expect(try Self.plainView("NSKeyedUnarchiver-OrderedSetTest.plist") == ["valgeir", "nico", "puzzle"])
    #expect(
      try Self.plainView("NSCountedSet-NumbersAppearingSeveralTimes.archive") == [
        ["object": 3, "count": 5], ["object": 2, "count": 5], ["object": 5, "count": 5], ["object": 1, "count": 5],
        ["object": 4, "count": 5],
      ])
    #expect(
      try Self.plainView("NSKeyedUnarchiver-ComplexTest.plist") == [
        "array": ["", "hello", 34545, ["key": "val"]], "string": "hello",
        "url": ["$class": "NSURL", "NS.base": "https://www.swift.org", "NS.relative": "index.xml"],
        "uuid": "71DC068E-3420-45FF-919E-3A267D55EC22",
      ])
  }

  @Test("ordered and counted sets decode as ArchivedOrderedSet and ArchivedCountedSet", .needsCorpus("apple-archives"))
  func decoding() throws {
    let ordered = try KeyedUnarchiver(bytes: Self.bytes("NSOrderedSet-Numbers.archive")).decodeTopLevelObject()
    #expect((ordered as? ArchivedOrderedSet)?.elements as? [Int64] == [1, 2, 3, 4, 5])
    let strings = try KeyedUnarchiver(bytes: Self.bytes("NSKeyedUnarchiver-OrderedSetTest.plist"))
      .decodeTopLevelObject()
    #expect((strings as? ArchivedOrderedSet)?.elements as? [String] == ["valgeir", "nico", "puzzle"])
    let counted = try #require(
      try KeyedUnarchiver(bytes: Self.bytes("NSCountedSet-NumbersAppearingSeveralTimes.archive"))
        .decodeTopLevelObject() as? ArchivedCountedSet)
    #expect(counted.entries.map { $0.object as? Int64 } == [3, 2, 5, 1, 4])
    #expect(counted.entries.map(\.count) == [5, 5, 5, 5, 5])
  }

  @Test("an ordered set's members in an NS.objects array read too, and an empty one has no members")
  func otherLayouts() throws {
    let chain = Samples.classDictionary("NSMutableOrderedSet", "NSOrderedSet", "NSObject")
    let array = Samples.archive(objects: ["$null", ["$class": .uid(3), "NS.objects": [.uid(2)]], "x", chain])
    #expect(try ObjectGraph(archive: array).plainView() == ["x"])
    #expect(ArchiveValidator().validate(array) == [])
    let empty = Samples.archive(objects: ["$null", ["$class": .uid(2)], chain])
    #expect(try ObjectGraph(archive: empty).plainView() == [])
    #expect(ArchiveValidator().validate(empty) == [])
    let decoded = try KeyedUnarchiver(archive: empty).decodeTopLevelObject()
    #expect((decoded as? ArchivedOrderedSet)?.elements.isEmpty == true)
  }

  @Test("the archiver writes ordered and counted sets in Foundation's layout")
  func writing() throws {
    let archiver = KeyedArchiver()
    try archiver.encode(ArchivedOrderedSet(["b", "a"]), forKey: "ordered")
    try archiver.encode(ArchivedCountedSet([("a", 2), ("b", 1)]), forKey: "counted")
    let graph = archiver.graph
    let orderedID = try #require(graph.topObject(forKey: "ordered"))
    let ordered = try #require(graph[orderedID].instance)
    #expect(ordered.classChain == ClassChain(["NSOrderedSet", "NSObject"]))
    #expect(ordered.fields.keys == ["NS.object.0", "NS.object.1"])
    let countedID = try #require(graph.topObject(forKey: "counted"))
    let counted = try #require(graph[countedID].instance)
    #expect(counted.classChain == ClassChain(["NSCountedSet", "NSMutableSet", "NSSet", "NSObject"]))
    #expect(counted.fields.keys == ["NS.count", "NS.object0", "NS.count0", "NS.object1", "NS.count1"])
    #expect(counted.fields["NS.count"] == 2)
    #expect(counted.fields["NS.count0"] == 2)
    #expect(counted.fields["NS.count1"] == 1)
    #expect(ArchiveValidator().validate(try archiver.archivedPropertyList()) == [])
    #expect(
      try graph.plainView() == [
        "ordered": ["b", "a"], "counted": [["object": "a", "count": 2], ["object": "b", "count": 1]],
      ])
    let mutable = KeyedArchiver(encodesMutableCollections: true)
    try mutable.encode(ArchivedOrderedSet([]))
    let rootID = try #require(mutable.graph.topObject(forKey: "root"))
    #expect(
      mutable.graph[rootID].instance?.classChain == ClassChain(["NSMutableOrderedSet", "NSOrderedSet", "NSObject"]))
  }

  @Test("Foundation decodes the ordered and counted sets we write")
  func foundationReadsOurs() throws {
    let ordered = try KeyedArchiver.archivedBytes(withRootObject: ArchivedOrderedSet(["b", "a", "c"]))
    let set = try #require(try FoundationArchives.unarchive(ordered) as? NSOrderedSet)
    #expect(set.array as? [String] == ["b", "a", "c"])
    let counted = try KeyedArchiver.archivedBytes(withRootObject: ArchivedCountedSet([("a", 3), ("b", 1)]))
    let bag = try #require(try FoundationArchives.unarchive(counted) as? NSCountedSet)
    #expect(bag.count(for: "a") == 3)
    #expect(bag.count(for: "b") == 1)
    #expect(bag.count == 2)
  }

  @Test("we decode the ordered and counted sets Foundation writes")
  func weReadFoundations() throws {
    let ordered = try KeyedUnarchiver(bytes: FoundationArchives.archive(NSOrderedSet(array: ["z", "y"])))
    #expect((try ordered.decodeTopLevelObject() as? ArchivedOrderedSet)?.elements as? [String] == ["z", "y"])
    let counted = try KeyedUnarchiver(bytes: FoundationArchives.archive(NSCountedSet(array: ["q", "q", "r"])))
    let entries = try #require(try counted.decodeTopLevelObject() as? ArchivedCountedSet).entries
    #expect(
      Dictionary(uniqueKeysWithValues: entries.map { ($0.object as? String ?? "", $0.count) }) == ["q": 2, "r": 1])
  }

  @Test("broken ordered and counted sets: the validator and the reader name the key")
  func brokenLayouts() throws {
    let orderedChain = Samples.classDictionary("NSOrderedSet", "NSObject")
    let countedChain = Samples.classDictionary("NSCountedSet", "NSMutableSet", "NSSet", "NSObject")
    let cases: [(fields: PropertyList, chain: PropertyList, path: String, message: String)] = [
      (
        ["NS.object.0": .uid(2), "NS.object.2": .uid(2)], orderedChain, "$objects.1.NS\\.object\\.1",
        "missing: the members of an NSOrderedSet are NS.object.0, NS.object.1, … without a gap, and NS.object.2 is there"
      ),
      (["NS.object.0": "inline"], orderedChain, "$objects.1.NS\\.object\\.0", "expected a UID, found string"),
      (
        ["NS.objects": [.uid(2)], "NS.object.0": .uid(2)], orderedChain, "$objects.1.NS\\.objects",
        "an NSOrderedSet holds its members as NS.objects or as NS.object.0, NS.object.1, …, not both"
      ),
      (
        ["NS.object0": .uid(2), "NS.count0": 1], countedChain, "$objects.1.NS\\.count",
        "missing: an NSCountedSet needs NS.count, the number of its members"
      ),
      (
        ["NS.count": -1], countedChain, "$objects.1.NS\\.count",
        "expected the number of members, 0 or more, found -1"
      ),
      (
        ["NS.count": 2, "NS.object0": .uid(2), "NS.count0": 1], countedChain, "$objects.1.NS\\.object1",
        "missing: an NSCountedSet of 2 members needs NS.object0 to NS.object1"
      ),
      (
        ["NS.count": 1, "NS.object0": .uid(2), "NS.count0": 0], countedChain, "$objects.1.NS\\.count0",
        "expected a count of 1 or more, found 0"
      ),
      (
        ["NS.count": 1, "NS.object0": .uid(2)], countedChain, "$objects.1.NS\\.count0",
        "missing: expected the count of NS.object0, 1 or more"
      ),
      (
        ["NS.count": 1, "NS.object0": .uid(2), "NS.count0": 1, "NS.object1": .uid(2), "NS.count1": 1], countedChain,
        "$objects.1.NS\\.object1", "NS.count says the NSCountedSet has 1 member, but NS.object1 is there too"
      ),
      (
        ["NS.count": 1_000_000_000_000], countedChain, "$objects.1.NS\\.object0",
        "missing: an NSCountedSet of 1000000000000 members needs NS.object0 to NS.object999999999999"
      ),
    ]
    for (fields, chain, path, message) in cases {
      var object = try #require(fields.dictionaryValue)
      object["$class"] = .uid(3)
      let archive = Samples.archive(objects: ["$null", .dictionary(object), "member", chain])
      #expect(ArchiveValidator().validate(archive) == [KeyedArchiveError(.malformed, at: path, message)], "\(path)")
      #expect(throws: KeyedArchiveError(.malformed, at: "root" + path.dropFirst("$objects.1".count), message)) {
        try KeyedUnarchiver(archive: archive).decodeTopLevelObject()
      }
      // The plain view shows what it cannot read as a generic object, fields as they are.
      let plain = try ObjectGraph(archive: archive).plainView()
      #expect(plain["$class"] == chain["$classname"], "\(path)")
    }
  }
}
