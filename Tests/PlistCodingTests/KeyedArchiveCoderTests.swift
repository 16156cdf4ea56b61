import BookModels
import Foundation
import KeyedArchive
import PlistCoding
import PlistKit
import Testing

/// Codable values to and from keyed archives, against the book's archive, KeyedArchive's own
/// coders and Foundation's NSKeyedArchiver and NSKeyedUnarchiver.
@Suite("KeyedArchiveDecoder and KeyedArchiveEncoder")
struct KeyedArchiveCoderTests {
  @Test("the book's archive decodes into [President] as KeyedUnarchiver decodes it")
  func presidents() throws {
    let bytes = try Samples.bytes("Presidents.plist")
    let presidents = try KeyedArchiveDecoder().decode([President].self, from: bytes, forKey: "Presidents")
    #expect(presidents.count == 43)
    #expect(presidents == (try President.decodeList(from: bytes)))
    #expect(
      presidents[0] == President(number: 1, name: "George Washington", fromYear: "1789", toYear: "1797", party: "None"))
  }

  @Test("archiving the presidents back writes KeyedArchiver's bytes")
  func sameBytesAsKeyedArchiver() throws {
    var presidents = try KeyedArchiveDecoder().decode(
      [President].self, from: Samples.bytes("Presidents.plist"), forKey: "Presidents")
    presidents[42].toYear = "2009"
    let encoder = KeyedArchiveEncoder(encodesMutableCollections: true)
    for format in [PropertyListFormat.binary, .xml] {
      encoder.outputFormat = format
      let ours = try encoder.encode(presidents, forKey: "Presidents")
      #expect(ours == (try President.archive(presidents).archivedBytes(format: format)))
    }
  }

  @Test("Foundation's NSKeyedUnarchiver reads our archive of presidents back equal")
  func foundationReadsPresidents() throws {
    let presidents = try KeyedArchiveDecoder().decode(
      [President].self, from: Samples.bytes("Presidents.plist"), forKey: "Presidents")
    for format in [PropertyListFormat.binary, .xml] {
      let bytes = try KeyedArchiveEncoder(outputFormat: format).encode(presidents, forKey: "Presidents")
      let decoded = try #require(try FoundationArchives.unarchive(bytes, forKey: "Presidents") as? [Any])
      let values = decoded.compactMap { $0 as? NSPresident }.map {
        President(number: $0.number, name: $0.name, fromYear: $0.fromYear, toYear: $0.toYear, party: $0.party)
      }
      #expect(values == presidents)
    }
  }

  @Test("Foundation's archive of NSCoding presidents decodes, the class name set for the type")
  func weReadFoundationPresidents() throws {
    let list = NSMutableArray()
    list.add(NSPresident(number: 1, name: "George Washington", fromYear: "1789", toYear: "1797", party: "None"))
    list.add(NSPresident(number: 2, name: "John Adams", fromYear: "1797", toYear: "1801", party: "Federalist"))
    let bytes = FoundationArchives.archive(list, forKey: "Presidents")
    let decoder = KeyedArchiveDecoder()
    // Foundation on Linux writes the Swift class's qualified name.
    decoder.setClass(President.self, forClassName: NSStringFromClass(NSPresident.self))
    #expect(
      try decoder.decode([President].self, from: bytes, forKey: "Presidents") == [
        President(number: 1, name: "George Washington", fromYear: "1789", toYear: "1797", party: "None"),
        President(number: 2, name: "John Adams", fromYear: "1797", toYear: "1801", party: "Federalist"),
      ])
    // Without it, the class is refused, naming it and the key path.
    #expect {
      try KeyedArchiveDecoder().decode([President].self, from: bytes, forKey: "Presidents")
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.codingPath.map(\.stringValue) == ["Presidents", "Index 0"]
        && context.debugDescription.hasPrefix("Presidents.0: class \(NSStringFromClass(NSPresident.self))")
        && context.debugDescription.contains("President stands for President")
    }
  }

  /// Foundation's value classes, and the Swift values they decode to.
  struct Values: Codable, Equatable {
    var strings: [String]
    var numbers: [String: Double]
    var byNumber: [Int: String]
    var set: Set<String>
    var date: Date
    var data: Data
    var uuid: UUID
    var url: URL
    var flag: Bool
    var missing: String?
    var null: String?
  }

  @Test("Foundation's value classes decode into Swift values")
  func foundationValueClasses() throws {
    let uuid = UUID()
    let dictionary: NSDictionary = [
      "strings": NSMutableArray(array: ["a", NSMutableString(string: "b é")]),
      "numbers": NSDictionary(dictionary: ["x": NSNumber(value: 1.5), "y": NSNumber(value: 2)]),
      "byNumber": NSDictionary(dictionary: [NSNumber(value: 1): "one", NSNumber(value: 20): "twenty"]),
      "set": NSSet(array: ["p", "q"]),
      "date": NSDate(timeIntervalSinceReferenceDate: 12.25),
      "data": NSData(bytes: [1, 2, 3] as [UInt8], length: 3),
      "uuid": NSUUID(uuidString: uuid.uuidString)!,
      "url": NSURL(string: "page.html", relativeTo: URL(string: "https://example.com/a/"))!,
      "flag": NSNumber(value: true),
      "null": NSNull(),
    ]
    let values = try KeyedArchiveDecoder().decode(Values.self, from: FoundationArchives.archive(dictionary))
    #expect(
      values
        == Values(
          strings: ["a", "b é"], numbers: ["x": 1.5, "y": 2], byNumber: [1: "one", 20: "twenty"], set: ["p", "q"],
          date: Date(timeIntervalSinceReferenceDate: 12.25), data: Data([1, 2, 3]), uuid: uuid,
          // Foundation on Linux bridges the NSURL of a dictionary literal to a URL and archives
          // it absolute, without its base.
          url: URL(string: "https://example.com/a/page.html")!, flag: true, missing: nil, null: nil))
  }

  @Test("Foundation's ordered and counted sets decode as arrays and sets, in Foundation's layouts")
  func foundationSets() throws {
    let ordered = NSOrderedSet(array: ["c", "a", "b"])
    #expect(
      try KeyedArchiveDecoder().decode([String].self, from: FoundationArchives.archive(ordered)) == ["c", "a", "b"])
    let counted = NSCountedSet(array: ["x", "y", "x"])
    #expect(
      try KeyedArchiveDecoder().decode(Set<String>.self, from: FoundationArchives.archive(counted)) == ["x", "y"])
  }

  @Test("our archive of Swift values reads back, and Foundation reads it as the Foundation objects")
  func valuesRoundTrip() throws {
    let uuid = UUID()
    let url = URL(string: "page.html", relativeTo: URL(string: "https://example.com/a/"))!
    let values = Values(
      strings: ["a", "b é", "a"], numbers: ["y": 2, "x": 1.5], byNumber: [20: "twenty", 1: "one"], set: ["q", "p"],
      date: Date(timeIntervalSinceReferenceDate: 12.25), data: Data([1, 2, 3]), uuid: uuid, url: url, flag: true,
      missing: nil, null: nil)
    for format in [PropertyListFormat.binary, .xml] {
      let bytes = try KeyedArchiveEncoder(outputFormat: format).encode(values)
      #expect(try KeyedArchiveDecoder().decode(Values.self, from: bytes) == values)
      #expect(try KeyedArchiveEncoder(outputFormat: format).encode(values) == bytes, "the same bytes every run")
      #expect(ArchiveValidator().validate(try PropertyList(bytes: bytes)) == [])
      let object = try #require(try FoundationArchives.unarchive(bytes) as? NSDictionary)
      #expect(object["strings"] as? [String] == ["a", "b é", "a"])
      #expect(object["numbers"] as? [String: Double] == ["x": 1.5, "y": 2])
      #expect((object["byNumber"] as? NSDictionary)?[NSNumber(value: 20)] as? String == "twenty")
      #expect((object["set"] as? NSSet) == NSSet(array: ["p", "q"]))
      #expect((object["date"] as? Date) == Date(timeIntervalSinceReferenceDate: 12.25))
      #expect((object["data"] as? Data) == Data([1, 2, 3]))
      #expect((object["uuid"] as? UUID) == uuid || (object["uuid"] as? NSUUID)?.uuidString == uuid.uuidString)
      #expect((object["url"] as? URL)?.absoluteString == url.absoluteString)
      #expect((object["flag"] as? Bool) == true)
      #expect(object["missing"] == nil && object["null"] == nil)
    }
  }

  /// A type that can share and cycle.
  struct Node: Codable, Equatable, KeyedArchivable {
    static let archivedClassNames = ["Node", "NSObject"]
    var name: String
    var link: [Node]
  }

  @Test("an object shared in several places decodes equal at each; a cycle is an error naming the key path")
  func sharingAndCycles() throws {
    var graph = ObjectGraph()
    let chain = ClassChain(["Node", "NSObject"])
    let name = graph.add(.value("leaf"))
    let leaf = graph.add(
      .instance(ArchivedInstance(classChain: chain, fields: ["name": .uid(UInt64(name)), "link": .array([])])))
    let root = graph.add(
      .instance(
        ArchivedInstance(
          classChain: chain,
          fields: ["name": .uid(UInt64(name)), "link": .array([.uid(UInt64(leaf)), .uid(UInt64(leaf))])])))
    graph.top["root"] = .uid(UInt64(root))
    let node = try KeyedArchiveDecoder().decode(Node.self, from: graph)
    #expect(node == Node(name: "leaf", link: [Node(name: "leaf", link: []), Node(name: "leaf", link: [])]))

    // A cycle: the leaf links back to the root.
    graph[leaf] = .instance(
      ArchivedInstance(classChain: chain, fields: ["name": .uid(UInt64(name)), "link": .array([.uid(UInt64(root))])]))
    #expect {
      try KeyedArchiveDecoder().decode(Node.self, from: graph)
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.debugDescription.hasPrefix("root.link.0.link.0: an object of class Node refers back to itself")
    }

    // Foundation's own archive of a cycle.
    let parent = NSNode(name: "parent")
    let child = NSNode(name: "child")
    parent.link = child
    child.link = parent
    let decoder = KeyedArchiveDecoder()
    decoder.setClass(Linked.self, forClassName: NSStringFromClass(NSNode.self))
    #expect(throws: DecodingError.self) { try decoder.decode(Linked.self, from: FoundationArchives.archive(parent)) }
  }

  /// A node with an optional link, as NSNode archives.
  final class Linked: Codable, KeyedArchivable {
    static let archivedClassNames = ["Linked", "NSObject"]
    var name: String
    var link: Linked?
  }

  @Test("secure by default: an undeclared class is refused, the policy can allow it")
  func policy() throws {
    struct Plain: Codable, Equatable {
      var name: String
    }
    var graph = ObjectGraph()
    let name = graph.add(.value("x"))
    let object = graph.add(
      .instance(ArchivedInstance(classChain: ClassChain(["Evil", "NSObject"]), fields: ["name": .uid(UInt64(name))])))
    graph.top["root"] = .uid(UInt64(object))
    #expect {
      try KeyedArchiveDecoder().decode(Plain.self, from: graph)
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error,
        let underlying = context.underlyingError as? KeyedArchiveError
      else { return false }
      return underlying.kind == .classNotAllowed
        && context.debugDescription
          == "root: class Evil (Evil, NSObject) is not allowed here: Plain does not declare an archived class "
          + "(conform it to KeyedArchivable); allowed: the Foundation classes"
    }
    #expect(try KeyedArchiveDecoder(policy: .only(["Evil"])).decode(Plain.self, from: graph) == Plain(name: "x"))
    #expect(try KeyedArchiveDecoder(policy: .permissive).decode(Plain.self, from: graph) == Plain(name: "x"))
    // A type declaring another class is refused too.
    #expect(throws: DecodingError.self) { try KeyedArchiveDecoder().decode(Node.self, from: graph) }
  }

  @Test("missing keys, type mismatches and out-of-range numbers name the key path")
  func errors() throws {
    let bytes = try Samples.bytes("Presidents.plist")
    struct Small: Codable, KeyedArchivable {
      static let archivedClassNames = ["President", "NSObject"]
      var number: UInt8
      var name: Int

      enum CodingKeys: String, CodingKey {
        case number = "President"
        case name = "Name"
      }
    }
    #expect {
      try KeyedArchiveDecoder().decode([Small].self, from: bytes, forKey: "Presidents")
    } throws: { error in
      guard case DecodingError.typeMismatch(_, let context) = error else { return false }
      return context.debugDescription
        == "Presidents.0.Name: expected to decode Int but found a string \"George Washington\" instead"
    }
    #expect {
      try KeyedArchiveDecoder().decode([President].self, from: bytes, forKey: "Missing")
    } throws: { error in
      guard case DecodingError.valueNotFound(_, let context) = error else { return false }
      return context.debugDescription
        == "(root): the archive has no top-level object under \"Missing\" ($top has \"Presidents\")"
    }
  }
}
