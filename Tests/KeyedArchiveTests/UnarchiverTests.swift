import KeyedArchive
import PlistKit
import Testing

/// A type with every kind of field, to test the keyed container.
private struct Sample: ArchiveCodable, Equatable {
  static let archiveClassChain = ["Sample", "NSObject"]
  var int32: Int32 = 0
  var int64: Int64 = 0
  var flag = false
  var double = 0.0
  var float: Float = 0
  var string: String?
  var data: [UInt8]?
  var date: PropertyListDate?
  var child: Child?

  init() {}

  init(from decoder: ArchiveDecoder) throws(KeyedArchiveError) {
    int32 = try decoder.decodeInt32(forKey: "i32") ?? 0
    int64 = try decoder.decodeInt64(forKey: "i64") ?? 0
    flag = try decoder.decodeBool(forKey: "flag") ?? false
    double = try decoder.decodeDouble(forKey: "double") ?? 0
    float = try decoder.decodeFloat(forKey: "float") ?? 0
    string = try decoder.decodeString(forKey: "string")
    data = try decoder.decodeData(forKey: "data")
    date = try decoder.decodeDate(forKey: "date")
    child = try decoder.decodeObject(of: Child.self, forKey: "child")
  }

  func encode(to encoder: ArchiveEncoder) throws(KeyedArchiveError) {
    encoder.encode(int32, forKey: "i32")
    encoder.encode(int64, forKey: "i64")
    encoder.encode(flag, forKey: "flag")
    encoder.encode(double, forKey: "double")
    encoder.encode(float, forKey: "float")
    encoder.encode(string, forKey: "string")
    encoder.encode(data, forKey: "data")
    encoder.encode(date, forKey: "date")
    try encoder.encodeObject(child, forKey: "child")
  }
}

/// A class, to test identity.
private final class Child: ArchiveCodable, Equatable {
  static func == (lhs: Child, rhs: Child) -> Bool { lhs.name == rhs.name }
  static let archiveClassChain = ["Child", "NSObject"]
  var name: String
  init(name: String) { self.name = name }
  init(from decoder: ArchiveDecoder) throws(KeyedArchiveError) { name = try decoder.decodeString(forKey: "name") ?? "" }
  func encode(to encoder: ArchiveEncoder) throws(KeyedArchiveError) { encoder.encode(name, forKey: "name") }
}

@Suite("Unarchiver and archiver")
struct UnarchiverTests {
  @Test("every scalar and object kind round-trips through the keyed container")
  func scalarsRoundTrip() throws {
    var sample = Sample()
    sample.int32 = -7
    sample.int64 = Int64.min
    sample.flag = true
    sample.double = 0.1
    sample.float = 1.5
    sample.string = "héllo"
    sample.data = [0, 255]
    sample.date = PropertyListDate(secondsSinceReferenceDate: 12.5)
    let archive = try KeyedArchiver.archivedPropertyList(withRootObject: sample)
    let unarchiver = try KeyedUnarchiver(archive: archive)
    unarchiver.setClass(Sample.self, forClassName: "Sample")
    let decoded = try #require(try unarchiver.decodeTopLevelObject(of: Sample.self))
    #expect(decoded == sample)
  }

  @Test("every decode is nil when its key is missing, and an object also when it is $null")
  func missingIsNil() throws {
    let archive = Samples.archive(top: ["null": .uid(0), "n": .uid(1)], objects: ["$null", 7])
    let top = try KeyedUnarchiver(archive: archive).topLevel
    #expect(try top.decodeInt(forKey: "x") == nil)
    #expect(try top.decodeInt32(forKey: "x") == nil)
    #expect(try top.decodeInt64(forKey: "x") == nil)
    #expect(try top.decodeBool(forKey: "x") == nil)
    #expect(try top.decodeDouble(forKey: "x") == nil)
    #expect(try top.decodeFloat(forKey: "x") == nil)
    #expect(try top.decodeString(forKey: "x") == nil)
    #expect(try top.decodeData(forKey: "x") == nil)
    #expect(try top.decodeDate(forKey: "x") == nil)
    #expect(try top.decodeObject(forKey: "x") == nil)
    #expect(try top.decodeInt(forKey: "null") == nil)
    #expect(try top.decodeString(forKey: "null") == nil)
    #expect(try top.decodeInt(forKey: "n") == 7)
    #expect(try top.decodeDouble(forKey: "n") == 7)
    #expect(top.contains("null") && !top.contains("x"))
  }

  @Test("missing keys decode as zero, false and nil; contains tells them apart")
  func missingKeys() throws {
    let archive = Samples.archive(objects: [
      "$null", ["$class": .uid(2)], Samples.classDictionary("Sample", "NSObject"),
    ])
    let unarchiver = try KeyedUnarchiver(archive: archive)
    unarchiver.setClass(Sample.self, forClassName: "Sample")
    #expect(try unarchiver.decodeTopLevelObject(of: Sample.self) == Sample())
    #expect(unarchiver.graph[1].instance?.fields.isEmpty == true)
  }

  @Test("a wrong type and an out-of-range int32 are errors naming the key path")
  func typeMismatch() throws {
    let cls = Samples.classDictionary("Sample", "NSObject")
    func error(_ fields: PropertyList) throws -> KeyedArchiveError? {
      var object = fields
      object["$class"] = .uid(2)
      let unarchiver = try KeyedUnarchiver(archive: Samples.archive(objects: ["$null", object, cls, "text"]))
      unarchiver.setClass(Sample.self, forClassName: "Sample")
      return Samples.error { () throws(KeyedArchiveError) in try unarchiver.decodeTopLevelObject(of: Sample.self) }
    }
    #expect(
      try error(["i32": 5_000_000_000])
        == KeyedArchiveError(
          .typeMismatch, at: "root.i32",
          "expected an integer that fits in 32 bits, found 5000000000"))
    #expect(
      try error(["i64": "seven"])
        == KeyedArchiveError(.typeMismatch, at: "root.i64", "expected an integer, found string"))
    #expect(
      try error(["data": .uid(3)])
        == KeyedArchiveError(
          .classNotAllowed, at: "root.data",
          "class NSString is not allowed here; allowed: NSData"))
  }

  @Test("a class instance referenced twice decodes as one instance, and encodes once")
  func identity() throws {
    let child = Child(name: "shared")
    let archiver = KeyedArchiver()
    try archiver.encode([child, child, Child(name: "other")] as [Any])
    let objects = try archiver.archivedPropertyList()["$objects"]!.arrayValue!
    // $null, array, child, "shared", Child class, other child, "other", NSArray class.
    #expect(objects.count == 8)
    #expect(objects[1]["NS.objects"] == [.uid(2), .uid(2), .uid(5)])
    let unarchiver = try KeyedUnarchiver(archive: archiver.archivedPropertyList())
    unarchiver.setClass(Child.self, forClassName: "Child")
    let decoded = try #require(try unarchiver.decodeTopLevelArray(of: Child.self))
    #expect(decoded.map(\.name) == ["shared", "shared", "other"])
    #expect(decoded[0] === decoded[1])
    #expect(decoded[0] !== decoded[2])
  }

  @Test("an unknown class falls back along $classes to a registered superclass")
  func classChainFallback() throws {
    let archive = Samples.archive(objects: [
      "$null", ["$class": .uid(3), "NS.objects": [.uid(2)]], "x",
      Samples.classDictionary("MyFancyArray", "NSMutableArray", "NSArray", "NSObject"),
    ])
    let unarchiver = try KeyedUnarchiver(archive: archive)
    unarchiver.policy = .registeredOnly
    let value = try unarchiver.decodeTopLevelObject() as? [Any]
    #expect(value?.count == 1)
    #expect(value?.first as? String == "x")
  }

  @Test("setClass overrides the registry for one unarchiver")
  func setClassOverride() throws {
    let archive = Samples.archive(objects: [
      "$null", ["$class": .uid(3), "name": .uid(2)], "Ada", Samples.classDictionary("LegacyChild", "NSObject"),
    ])
    let plain = try KeyedUnarchiver(archive: archive)
    #expect(try plain.decodeTopLevelObject() is GenericArchivedObject)
    let mapped = try KeyedUnarchiver(archive: archive)
    mapped.setClass(Child.self, forClassName: "LegacyChild")
    #expect((try mapped.decodeTopLevelObject() as? Child)?.name == "Ada")
  }

  @Test("a class outside the allowed classes is an error naming the key path, and nothing is made")
  func allowedClasses() throws {
    let archive = Samples.archive(objects: [
      "$null", ["$class": .uid(3), "NS.objects": [.uid(2)]], ["$class": .uid(4), "name": .uid(5)],
      Samples.classDictionary("NSArray", "NSObject"), Samples.classDictionary("Child", "NSObject"), "Eve",
    ])
    let unarchiver = try KeyedUnarchiver(archive: archive)
    unarchiver.setClass(Child.self, forClassName: "Child")
    unarchiver.policy = .only(["NSArray"])
    let error = Samples.error { () throws(KeyedArchiveError) in try unarchiver.decodeTopLevelObject() }
    #expect(
      error
        == KeyedArchiveError(
          .classNotAllowed, at: "root.NS\\.objects.0",
          "class Child is not allowed here; allowed: NSArray"))
    let strict = try KeyedUnarchiver(archive: archive)
    strict.policy = .registeredOnly
    #expect(
      Samples.error { () throws(KeyedArchiveError) in try strict.decodeTopLevelObject() }
        == KeyedArchiveError(
          .unknownClass, at: "root.NS\\.objects.0",
          "no type is registered for class Child or its superclasses (Child, NSObject)"))
    unarchiver.policy = .permissive
    #expect((try unarchiver.decodeTopLevelArray(of: Child.self))?.first?.name == "Eve")
  }

  @Test("an unknown class decodes as a generic object, cycles included, and encodes back to an equivalent graph")
  func genericObjects() throws {
    let archive = Samples.archive(objects: [
      "$null", ["$class": .uid(3), "me": .uid(1), "count": 3, "list": [.uid(2), .uid(1)]], "Ada",
      Samples.classDictionary("Widget", "NSObject"),
    ])
    let unarchiver = try KeyedUnarchiver(archive: archive)
    let object = try #require(try unarchiver.decodeTopLevelObject() as? GenericArchivedObject)
    #expect(object.classChain == ClassChain(["Widget", "NSObject"]))
    guard case .object(let me)? = object["me"] else {
      Issue.record("expected a reference")
      return
    }
    #expect((me as? GenericArchivedObject) === object)
    guard case .value(let count)? = object["count"] else {
      Issue.record("expected a value")
      return
    }
    #expect(count == 3)
    let archiver = KeyedArchiver()
    try archiver.encode(object)
    #expect(archiver.graph.isEquivalent(to: unarchiver.graph))
  }

  @Test("Foundation values archive with sorted keys and decode back")
  func foundationValues() throws {
    let url = ArchivedURL(relative: "page.html", base: ArchivedURL(relative: "https://example.com/"))
    let uuid = try #require(ArchivedUUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
    let value: [String: Any] = [
      "b": [1, 2.5, true] as [Any], "a": "text", "data": [1, 2] as [UInt8], "null": ArchivedNull(),
      "uuid": uuid, "url": url, "set": Set<AnyHashable>(["y", "x"]),
      "date": PropertyListDate(secondsSinceReferenceDate: 0),
    ]
    let archive = try KeyedArchiver.archivedPropertyList(withRootObject: value)
    #expect(try KeyedArchiver.archivedPropertyList(withRootObject: value).isIdentical(to: archive))
    let keyNames = try #require(archive["$objects"]?[1]?["NS.keys"]?.arrayValue).map {
      archive["$objects"]![Int($0.uidValue!)]!.stringValue!
    }
    #expect(keyNames == ["a", "b", "data", "date", "null", "set", "url", "uuid"])
    let decoded = try #require(try KeyedUnarchiver(archive: archive).decodeTopLevelObject() as? [AnyHashable: Any])
    #expect(decoded["a"] as? String == "text")
    let list = try #require(decoded["b"] as? [Any])
    #expect(list[0] as? Int64 == 1)
    #expect(list[1] as? Double == 2.5)
    #expect(list[2] as? Bool == true)
    #expect(decoded["data"] as? [UInt8] == [1, 2])
    #expect(decoded["null"] is ArchivedNull)
    #expect(decoded["uuid"] as? ArchivedUUID == uuid)
    #expect(decoded["url"] as? ArchivedURL == url)
    #expect(decoded["set"] as? Set<AnyHashable> == ["x", "y"])
    #expect(decoded["date"] as? PropertyListDate == PropertyListDate(secondsSinceReferenceDate: 0))
  }

  @Test("a value with no archived form is an error naming its key path")
  func notEncodable() {
    struct Opaque {}
    let archiver = KeyedArchiver()
    let error = Samples.error { () throws(KeyedArchiveError) in
      try archiver.encode([1, Opaque()] as [Any], forKey: "list")
    }
    #expect(
      error
        == KeyedArchiveError(
          .notEncodable, at: "list.1",
          "a value of type Opaque has no archived form (conform it to ArchiveCodable)"))
  }
}

@Suite("Foundation class forms")
struct FoundationFormTests {
  @Test("an NSString in its NS.bytes form decodes, and shows plainly, as its UTF-8 text")
  func stringBytes() throws {
    let archive = Samples.archive(objects: [
      "$null", ["$class": .uid(2), "NS.bytes": .data(Array("héllo".utf8))],
      Samples.classDictionary("NSMutableString", "NSString", "NSObject"),
    ])
    #expect(try KeyedUnarchiver(archive: archive).decodeTopLevelObject() as? String == "héllo")
    #expect(try ObjectGraph(archive: archive).plainView() == "héllo")
    #expect(ArchiveValidator().validate(archive) == [])
  }

  @Test("an archive written as XML reads back as the same graph")
  func xmlOutput() throws {
    let graph = try ObjectGraph(archive: Samples.presidentsArchive())
    let xml = try graph.archivedBytes(format: .xml)
    #expect(xml.starts(with: Array("<?xml".utf8)))
    #expect(try ObjectGraph(bytes: xml).isEquivalent(to: graph))
    #expect(try graph.archivedBytes(format: .xml) == xml)
  }
}
