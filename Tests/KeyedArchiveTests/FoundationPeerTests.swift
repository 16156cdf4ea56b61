import BookModels
import Foundation
import KeyedArchive
import PlistKit
import Testing

/// Foundation's own NSKeyedArchiver and NSKeyedUnarchiver as the peer, in both directions.
@Suite("Foundation as the peer")
struct FoundationPeerTests {
  @Test("Foundation decodes our archive of edited presidents into the same values")
  func foundationReadsOurs() throws {
    var presidents = try President.decodeList(from: Samples.bytes("Presidents.plist"))
    presidents[42].toYear = "2010"
    for format in [PropertyListFormat.binary, .xml] {
      let bytes = try President.archive(presidents).archivedBytes(format: format)
      let decoded = try #require(try FoundationArchives.unarchive(bytes, forKey: "Presidents") as? [Any])
      let values = decoded.compactMap { $0 as? FoundationPresident }.map {
        President(number: $0.number, name: $0.name, fromYear: $0.fromYear, toYear: $0.toYear, party: $0.party)
      }
      #expect(values == presidents)
    }
  }

  @Test("we decode Foundation's archive of an NSCoding President class")
  func weReadFoundationPresidents() throws {
    let list = NSMutableArray()
    list.add(FoundationPresident(number: 1, name: "George Washington", fromYear: "1789", toYear: "1797", party: "None"))
    list.add(FoundationPresident(number: 2, name: "John Adams", fromYear: "1797", toYear: "1801", party: "Federalist"))
    let bytes = FoundationArchives.archive(list, forKey: "Presidents")
    // Foundation on Linux ignores setClassName and writes the Swift class's qualified name:
    // map it per unarchiver.
    let unarchiver = try KeyedUnarchiver(bytes: bytes)
    unarchiver.setClass(President.self, forClassName: NSStringFromClass(FoundationPresident.self))
    let presidents = try President.decodeList(from: unarchiver)
    #expect(
      presidents == [
        President(number: 1, name: "George Washington", fromYear: "1789", toYear: "1797", party: "None"),
        President(number: 2, name: "John Adams", fromYear: "1797", toYear: "1801", party: "Federalist"),
      ])
  }

  @Test("we decode Foundation's archives of every built-in class")
  func builtins() throws {
    func decode(_ object: Any) throws -> Any? {
      try KeyedUnarchiver(bytes: FoundationArchives.archive(object)).decodeTopLevelObject()
    }
    #expect(try decode(NSArray(array: ["a", "b"])) as? [String] == ["a", "b"])
    #expect(try decode(NSMutableArray(array: [NSNumber(value: 1)])) as? [Int64] == [1])
    #expect(try decode(NSDictionary(dictionary: ["k": "v"])) as? [AnyHashable: Any] as? [String: String] == ["k": "v"])
    #expect(try decode(NSMutableDictionary(dictionary: ["n": NSNumber(value: 2.5)])) as? [String: Double] == ["n": 2.5])
    #expect(try decode(NSSet(array: ["x", "y"])) as? Set<AnyHashable> == ["x", "y"])
    #expect(try decode(NSMutableSet(array: ["z"])) as? Set<AnyHashable> == ["z"])
    #expect(try decode(NSString(string: "plain")) as? String == "plain")
    #expect(try decode(NSMutableString(string: "mutable é")) as? String == "mutable é")
    #expect(try decode(NSData(bytes: [1, 2, 3] as [UInt8], length: 3)) as? [UInt8] == [1, 2, 3])
    #expect(try decode(NSMutableData(bytes: [4, 5] as [UInt8], length: 2)) as? [UInt8] == [4, 5])
    #expect(
      try decode(NSDate(timeIntervalSinceReferenceDate: 1234.5)) as? PropertyListDate
        == PropertyListDate(secondsSinceReferenceDate: 1234.5))
    #expect(try decode(NSNumber(value: Int64.max)) as? Int64 == Int64.max)
    #expect(try decode(NSNumber(value: true)) as? Bool == true)
    #expect(try decode(NSNull()) is ArchivedNull)
    let uuid = UUID()
    #expect((try decode(NSUUID(uuidString: uuid.uuidString)!) as? ArchivedUUID)?.uuidString == uuid.uuidString)
    let url = try #require(
      try decode(NSURL(string: "page.html", relativeTo: URL(string: "https://example.com/a/"))!) as? ArchivedURL)
    #expect(url == ArchivedURL(relative: "page.html", base: ArchivedURL(relative: "https://example.com/a/")))
  }

  @Test("Foundation's nested and shared archive reads as the same graph, and Foundation reads ours back")
  func nestedShared() throws {
    let shared = NSMutableString(string: "shared")
    let inner = NSMutableArray(array: [shared, shared])
    let outer = NSMutableArray(array: [inner, inner, NSDictionary(dictionary: ["inner": inner])])
    let bytes = FoundationArchives.archive(outer)
    let graph = try ObjectGraph(bytes: bytes)
    #expect(ArchiveValidator().validate(try PropertyList(bytes: bytes)) == [])
    let root = try #require(graph.topObject(forKey: "root"))
    let elements = try #require(graph[root].instance?.fields["NS.objects"]?.arrayValue)
    #expect(elements.count == 3)
    #expect(elements[0] == elements[1])
    #expect(
      try graph.plainView() == .array([["shared", "shared"], ["shared", "shared"], ["inner": ["shared", "shared"]]]))
    #expect(try ObjectGraph(archive: graph.archivedPropertyList()).isEquivalent(to: graph))
    let ours = try graph.archivedBytes()
    let back = try #require(try FoundationArchives.unarchive(ours) as? NSArray)
    #expect(back.count == 3)
    // Foundation on Linux hands out nested collections as Swift arrays: compare values here,
    // and identity with NSCoding objects below.
    #expect(back[0] as? [String] == ["shared", "shared"])
    #expect(((back[2] as? NSDictionary)?["inner"]) as? [String] == ["shared", "shared"])
  }

  @Test("Foundation's archive of a cycle through NSCoding objects reads as a cyclic graph with a marked plain view")
  func cyclic() throws {
    let parent = FoundationNode(name: "parent")
    let child = FoundationNode(name: "child")
    parent.link = child
    child.link = parent
    let bytes = FoundationArchives.archive(parent)
    let graph = try ObjectGraph(bytes: bytes)
    #expect(ArchiveValidator().validate(try PropertyList(bytes: bytes)) == [])
    let node = NSStringFromClass(FoundationNode.self)
    #expect(
      try graph.plainView()
        == [
          "$class": .string(node), "name": "parent",
          "link": ["$class": .string(node), "name": "child", "link": ["$cycle": "(root)"]],
        ])
    let generic = try #require(try KeyedUnarchiver(graph: graph).decodeTopLevelObject() as? GenericArchivedObject)
    guard case .object(let linked)? = generic["link"], let second = linked as? GenericArchivedObject,
      case .object(let back)? = second["link"]
    else {
      Issue.record("expected two linked objects")
      return
    }
    #expect((back as? GenericArchivedObject) === generic)
    #expect(try ObjectGraph(archive: graph.archivedPropertyList()).isEquivalent(to: graph))
    // (Foundation on Linux cannot decode a cycle through init(coder:) at all: it recurses
    // until the stack overflows, on its own archives as on ours, so it is no peer here.)
  }

  @Test("Foundation reads our archive with shared NSCoding objects as shared objects")
  func foundationSeesSharing() throws {
    let shared = FoundationNode(name: "shared")
    let bytes = FoundationArchives.archive(NSArray(array: [shared, shared, FoundationNode(name: "other")]))
    let graph = try ObjectGraph(bytes: bytes)
    let ours = try graph.archivedBytes(format: .binary)
    let back = try #require(try FoundationArchives.unarchive(ours) as? [Any])
    let nodes = back.compactMap { $0 as? FoundationNode }
    #expect(nodes.map(\.name) == ["shared", "shared", "other"])
    #expect(nodes[0] === nodes[1])
    #expect(nodes[0] !== nodes[2])
  }

  @Test("Foundation reads our archive of Foundation values")
  func foundationReadsValues() throws {
    let value: [String: Any] = [
      "list": [1, "two"] as [Any], "date": PropertyListDate(secondsSinceReferenceDate: 10), "data": [9] as [UInt8],
    ]
    let bytes = try KeyedArchiver.archivedBytes(withRootObject: value)
    let decoded = try #require(try FoundationArchives.unarchive(bytes) as? NSDictionary)
    #expect((decoded["list"] as? NSArray)?.count == 2)
    #expect(
      (decoded["date"] as? Date)?.timeIntervalSinceReferenceDate == 10
        || (decoded["date"] as? NSDate)?.timeIntervalSinceReferenceDate == 10)
    #expect(
      (decoded["data"] as? Data).map { [UInt8]($0) } == [9]
        || (decoded["data"] as? NSData).map { [UInt8](Data($0)) } == [9])
  }
}
