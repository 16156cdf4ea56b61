import Foundation
import PlistKit
import Testing

/// The book's President as an NSCoding class, so that Foundation can be the peer.
private final class PeerPresident: NSObject, NSCoding {
  let number: Int
  let name: String

  init?(coder: NSCoder) {
    number = coder.decodeInteger(forKey: "President")
    name = (coder.decodeObject(forKey: "Name") as? String) ?? ""
  }

  func encode(with coder: NSCoder) {}
}

/// `plistkit unarchive`, `archive` and `validate`.
@Suite("keyed archive commands")
struct KeyedArchiveCommandTests {
  private static let presidents = CLI.sample("Presidents.plist")

  private func json(_ bytes: [UInt8]) throws -> NSObject {
    try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? NSObject)
  }

  private func archive(_ objects: [PropertyList], top: PropertyList = ["root": .uid(1)]) throws -> [UInt8] {
    let value: PropertyList = [
      "$archiver": "NSKeyedArchiver", "$version": 100000, "$top": top, "$objects": .array(objects),
    ]
    return try value.serialized(as: .binary)
  }

  @Test("typed JSON of an archive converted back without --typed is the archive again, never a broken one")
  func typedJSONWithoutTypedFlag() throws {
    let folder = try TemporaryDirectory()
    let typed = try CLI.run(["convert", Self.presidents, "--to", "json", "--typed"])
    #expect(typed.status == 0)
    let json = try folder.file("t.json", typed.stdout)
    let output = folder.url.appendingPathComponent("b.plist").path
    let back = try CLI.run(["convert", json, "--to", "binary", "-o", output])
    #expect(back.status == 0)
    let original = try PropertyList(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.presidents))))
    #expect(try PropertyList(bytes: folder.contents("b.plist")).isIdentical(to: original))
    #expect(try CLI.run(["validate", output]).output == "\(output): OK\n")
  }

  @Test("unarchive prints the plain view: nska_deserialize's data, plus $class unless --no-class")
  func unarchivePlain() throws {
    let fixture = try Data(
      contentsOf: CLI.root.appendingPathComponent("Tests/KeyedArchiveTests/Fixtures/Presidents.nska.json"))
    let plain = try CLI.run(["unarchive", Self.presidents, "--no-class"])
    #expect(plain.status == 0)
    #expect(plain.stderr == "")
    #expect(try json(plain.stdout) == (try JSONSerialization.jsonObject(with: fixture) as? NSObject))
    let withClass = try CLI.run(["unarchive", Self.presidents])
    let first = try #require((try json(withClass.stdout) as? [String: [[String: Any]]])?["Presidents"]?.first)
    #expect(first["$class"] as? String == "President")
    #expect(first["Name"] as? String == "George Washington")
    #expect((first["President"] as? NSNumber)?.intValue == 1)
  }

  @Test(
    "unarchive --graph, then archive, gives an archive with the same data, the same bytes every time, that Foundation reads"
  )
  func graphRoundTrip() throws {
    let folder = try TemporaryDirectory()
    let graph = folder.path + "/graph.json"
    let out = folder.path + "/again.plist"
    #expect(try CLI.run(["unarchive", Self.presidents, "--graph", "-o", graph]).status == 0)
    let archived = try CLI.run(["archive", graph, "--to", "binary", "-o", out])
    #expect(archived.status == 0)
    #expect(archived.stderr == "")
    let again = try CLI.run(["archive", graph])
    #expect(again.stdout == [UInt8](try Data(contentsOf: URL(fileURLWithPath: out))))
    let original = try CLI.run(["unarchive", Self.presidents])
    let roundTripped = try CLI.run(["unarchive", out])
    #expect(try json(roundTripped.stdout) == (try json(original.stdout)))
    let graphAgain = try CLI.run(["unarchive", out, "--graph"])
    #expect(try CLI.run(["archive", "-"], stdin: graphAgain.stdout).stdout == again.stdout)

    let unarchiver = try NSKeyedUnarchiver(forReadingFrom: Data(contentsOf: URL(fileURLWithPath: out)))
    unarchiver.requiresSecureCoding = false
    unarchiver.setClass(PeerPresident.self, forClassName: "President")
    let list = try #require(unarchiver.decodeObject(forKey: "Presidents") as? [Any])
    let decoded = list.compactMap { $0 as? PeerPresident }
    #expect(decoded.count == 43)
    #expect(decoded.first?.name == "George Washington")
    #expect(decoded.last?.number == 43)
  }

  @Test("archive reports a reference to an id that is not listed with its key path")
  func archiveBadGraph() throws {
    let graph = #"{"$archiver": "NSKeyedArchiver", "$version": 100000, "$top": {"root": {"$uid": 4}}, "$objects": []}"#
    let run = try CLI.run(["archive", "-"], stdin: Array(graph.utf8))
    #expect(run.status == 1)
    #expect(run.stdout == [])
    #expect(run.stderr == "plistkit: <stdin>: $top.root: reference to id 4, which is not listed\n")
  }

  @Test("validate: the book's archive is valid, a hostile one lists every problem with its key path")
  func validate() throws {
    let folder = try TemporaryDirectory()
    let bad = folder.path + "/bad.plist"
    let hostile = try archive([
      "$null", ["$class": .uid(3), "NS.objects": [.uid(99)]], ["$class": .uid(4)],
      ["$classname": "NSArray", "$classes": ["NSArray", "NSObject"]], "NSString",
    ])
    try Data(hostile).write(to: URL(fileURLWithPath: bad))
    let run = try CLI.run(["validate", Self.presidents, bad])
    #expect(run.status == 1)
    #expect(run.output == "\(Self.presidents): OK\n")
    #expect(
      run.stderr == """
        plistkit: \(bad): $objects.1.NS\\.objects.0: UID 99 is out of range ($objects has 5 entries)
        plistkit: \(bad): $objects.2.$class: UID 4 points at a string "NSString", not a class dictionary

        """)
    let ok = try CLI.run(["validate", "-q", Self.presidents])
    #expect(ok.status == 0)
    #expect(ok.output == "")
  }

  @Test("validate: a file that is not a keyed archive fails, unless --schema or --dtd asks for another check")
  func validatePlain() throws {
    let folder = try TemporaryDirectory()
    let plain = folder.path + "/plain.plist"
    let dictionary: PropertyList = ["$version": "not an archive"]
    try Data(try dictionary.serialized(as: .binary)).write(to: URL(fileURLWithPath: plain))
    let notArchive = folder.path + "/list.plist"
    try Data(try PropertyList.array([1, 2]).serialized(as: .binary)).write(to: URL(fileURLWithPath: notArchive))
    let run = try CLI.run(["validate", notArchive, plain])
    #expect(run.status == 1)
    #expect(run.output == "")
    #expect(
      run.stderr == """
        plistkit: \(notArchive): not a keyed archive: expected a dictionary with $archiver, $top and $objects, \
        found array (plistkit lint checks any property list)
        plistkit: \(plain): not a keyed archive: no $archiver, $top or $objects (plistkit lint checks any property list)

        """)
    let xml = CLI.sample("computers.plist")
    #expect(try CLI.run(["validate", xml]).status == 1)
    let dtd = try CLI.run(["validate", xml, "--dtd"])
    #expect(dtd.status == 0)
    #expect(dtd.output == "\(xml): OK\n")
    let schema = try CLI.run([
      "validate", xml, "--schema", CLI.root.appendingPathComponent("Schemas/computers.schema.json").path,
    ])
    #expect(schema.status == 0)
    let broken = try CLI.run(["validate", "-"], stdin: Array("bplist00".utf8))
    #expect(broken.status == 1)
    #expect(broken.stderr.hasPrefix("plistkit: <stdin>: byte "))
  }

  @Test("validate prints one cause at many objects once, with how many more objects have it")
  func validateGroups() throws {
    // Presidents.plist with the President class dictionary (object 7) broken: all 43 objects fail.
    var archive = try PropertyList(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.presidents))))
    try archive.setValue("broken", at: "$objects.7")
    let folder = try TemporaryDirectory()
    let file = try folder.file("broken.plist", try archive.serialized(as: .binary))
    let run = try CLI.run(["validate", file])
    #expect(run.status == 1)
    #expect(
      run.stderr == """
        plistkit: \(file): $objects.2.$class: UID 7 points at a string "broken", not a class dictionary \
        (and 42 more objects: $objects.8, $objects.12, $objects.16, …)

        """)
    let json = try CLI.run(["validate", file, "--format", "json"])
    #expect(json.output.components(separatedBy: "\"kind\": \"archive\"").count == 44)
  }

  @Test("unarchive and print --archive show a colour and a decimal number by their class views")
  func classViews() throws {
    let folder = try TemporaryDirectory()
    let objects: [PropertyList] = [
      "$null", ["$class": .uid(2), "NS.objects": [.uid(3), .uid(5)]],
      ["$classname": "NSArray", "$classes": ["NSArray", "NSObject"]],
      ["$class": .uid(4), "NSWhite": .data(Array("0.5\0".utf8)), "NSColorSpace": 3],
      ["$classname": "NSColor", "$classes": ["NSColor", "NSObject"]],
      [
        "$class": .uid(6), "NS.mantissa.bo": 1, "NS.mantissa": .data([0x39, 0x30] + [UInt8](repeating: 0, count: 14)),
        "NS.exponent": -2, "NS.length": 1, "NS.negative": true, "NS.compact": true,
      ],
      ["$classname": "NSDecimalNumber", "$classes": ["NSDecimalNumber", "NSNumber", "NSValue", "NSObject"]],
    ]
    let path = try folder.file("classes.archive", try archive(objects))
    let run = try CLI.run(["unarchive", path])
    #expect(run.status == 0)
    #expect(try json(run.stdout) == json(Array(#"[{"colorSpace": "calibratedWhite", "white": 0.5}, "-123.45"]"#.utf8)))
    let printed = try CLI.run(["print", "--archive", path, "0"])
    #expect(printed.output == "{\n  \"colorSpace\" => \"calibratedWhite\"\n  \"white\" => 0.5\n}\n")
  }

  @Test("unarchive refuses what is not an archive, and an exponential bomb, with the reason")
  func unarchiveErrors() throws {
    let folder = try TemporaryDirectory()
    let plain = folder.path + "/plain.plist"
    try Data(try PropertyList.array([1]).serialized(as: .binary)).write(to: URL(fileURLWithPath: plain))
    let run = try CLI.run(["unarchive", plain])
    #expect(run.status == 1)
    #expect(
      run.stderr
        == "plistkit: \(plain): (root): not a keyed archive: expected a dictionary with $archiver, $top and $objects, found array\n"
    )

    var objects: [PropertyList] = ["$null", ["$classname": "NSArray", "$classes": ["NSArray", "NSObject"]], "leaf"]
    for level in 0..<64 {
      let below = UInt64(level == 0 ? 2 : objects.count - 1)
      objects.append(["$class": .uid(1), "NS.objects": [.uid(below), .uid(below)]])
    }
    let bomb = folder.path + "/bomb.plist"
    try Data(try archive(objects, top: ["root": .uid(UInt64(objects.count - 1))])).write(to: URL(fileURLWithPath: bomb))
    let refused = try CLI.run(["unarchive", bomb])
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "plistkit: \(bomb): $top: the plain view would expand 66 shared objects into more than 5000000 nodes\n")
    let graph = try CLI.run(["unarchive", bomb, "--graph"])
    #expect(graph.status == 0)
    #expect(try CLI.run(["validate", bomb]).status == 0)
  }
}
