import Foundation
import PlistKit
import Testing

/// The book's samples are the project's own: `scripts/make-samples.sh` writes them from the
/// plain lists in `Samples/Sources/` with plistkit. Written again, they come out byte for byte
/// as checked in, so a sample cannot drift from its list, and each holds what its list says.
@Suite("samples made from their lists")
struct SampleGenerationTests {
  /// The samples the script writes.
  static let generated = ["Presidents.plist", "computers.plist", "sortednames.plist"]

  /// The lines of a list in `Samples/Sources/`.
  static func lines(_ name: String) throws -> [String] {
    let text = try String(contentsOf: CLI.root.appendingPathComponent("Samples/Sources/\(name)"), encoding: .utf8)
    return text.split(separator: "\n").map(String.init)
  }

  /// The value of a sample in `Samples/`.
  static func sample(_ name: String) throws -> (value: PropertyList, format: PropertyListFormat?) {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: CLI.sample(name))))
    return (try PropertyList(bytes: bytes), PropertyListFormat.detect(bytes))
  }

  @Test("make-samples.sh writes the three book samples exactly as Samples/ holds them", .needsBash)
  func regeneratedSamplesAreIdentical() throws {
    let folder = try TemporaryDirectory()
    let script = CLI.root.appendingPathComponent("scripts/make-samples.sh").path
    let run = try CLI.run([script, folder.path, CLI.binary], program: "/bin/bash")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr == "")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == Self.generated.sorted())
    for name in Self.generated {
      let written = try Data(contentsOf: folder.url.appendingPathComponent(name))
      let shipped = try Data(contentsOf: URL(fileURLWithPath: CLI.sample(name)))
      #expect(written == shipped, "Samples/\(name) differs from what scripts/make-samples.sh writes")
    }
  }

  @Test("make-samples.sh refuses a list with a control character, naming the line", .needsBash)
  func controlCharacterIsRefused() throws {
    let copy = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: copy.url.appendingPathComponent("scripts"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: CLI.root.appendingPathComponent("scripts/make-samples.sh"),
      to: copy.url.appendingPathComponent("scripts/make-samples.sh"))
    try FileManager.default.createDirectory(
      at: copy.url.appendingPathComponent("Samples"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: CLI.root.appendingPathComponent("Samples/Sources"), to: copy.url.appendingPathComponent("Samples/Sources"))
    let computers = copy.url.appendingPathComponent("Samples/Sources/computers.txt")
    let lines = try Self.lines("computers.txt")
    try Data((lines.joined(separator: "\n") + "\nNeXTcube\r\n").utf8).write(to: computers)
    let output = try TemporaryDirectory()
    let run = try CLI.run(
      [copy.url.appendingPathComponent("scripts/make-samples.sh").path, output.path, CLI.binary], program: "/bin/bash")
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "make-samples.sh: Samples/Sources/computers.txt:\(lines.count + 1): "
        + "a control character (a tab or carriage return?) in \"NeXTcube\r\"\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: output.path) == ["Presidents.plist"])
  }

  @Test("computers.plist is an XML array of the models in computers.txt, in its order")
  func computersHoldTheList() throws {
    let (value, format) = try Self.sample("computers.plist")
    let models = try Self.lines("computers.txt")
    #expect(format == .xml)
    #expect(models.count == 227)
    #expect(models.last == "\u{F8FF}TV")
    #expect(value == .array(models.map(PropertyList.string)))
  }

  @Test("sortednames.plist is an XML dictionary A…Z of the names in sortednames.txt, sorted by code point")
  func sortedNamesHoldTheList() throws {
    let (value, format) = try Self.sample("sortednames.plist")
    let names = try Self.lines("sortednames.txt")
    #expect(format == .xml)
    #expect(names.count == 2_000)
    let sorted = names.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
    let letters = (UnicodeScalar("A").value...UnicodeScalar("Z").value).map { String(UnicodeScalar($0)!) }
    let dictionary = try #require(value.dictionaryValue)
    #expect(dictionary.keys == letters)
    for letter in letters {
      #expect(value[letter] == .array(sorted.filter { $0.hasPrefix(letter) }.map(PropertyList.string)), "\(letter)")
    }
  }

  @Test("Presidents.plist is a binary keyed archive of the rows of presidents.tsv, each string stored once")
  func presidentsHoldTheTable() throws {
    let (value, format) = try Self.sample("Presidents.plist")
    let rows = try Self.lines("presidents.tsv").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    #expect(format == .binary)
    #expect(rows.first == ["President", "Name", "FromYear", "ToYear", "Party"])
    let presidents = rows.dropFirst()
    #expect(presidents.count == 43)
    #expect(value["$archiver"] == "NSKeyedArchiver")
    #expect(value["$version"] == 100_000)
    #expect(value["$top"] == ["Presidents": .uid(1)])
    let objects = try #require(value["$objects"]?.arrayValue)
    func object(_ reference: PropertyList?) throws -> PropertyList {
      let index = try #require(reference?.uidValue)
      return try #require(objects.indices.contains(Int(index)) ? objects[Int(index)] : nil)
    }
    let list = try object(.uid(1))
    #expect(
      try object(list["$class"]) == [
        "$classes": ["NSMutableArray", "NSArray", "NSObject"], "$classname": "NSMutableArray",
      ])
    let references = try #require(list["NS.objects"]?.arrayValue)
    #expect(references.count == presidents.count)
    for (reference, row) in zip(references, presidents) {
      let president = try object(reference)
      #expect(president.dictionaryValue?.keys == ["President", "Name", "FromYear", "ToYear", "Party", "$class"])
      #expect(try object(president["$class"]) == ["$classes": ["President", "NSObject"], "$classname": "President"])
      #expect(president["President"] == .integer(PropertyListInteger(try #require(Int64(row[0])))))
      for (column, key) in ["Name", "FromYear", "ToYear", "Party"].enumerated() {
        #expect(try object(president[key]) == .string(String(row[column + 1])), "\(row[0]) \(key)")
      }
    }
    // Equal strings are one object: the archive holds "$null" and each distinct string once.
    let strings = objects.compactMap(\.stringValue)
    let distinct = Set(presidents.flatMap { $0.dropFirst().map(String.init) })
    #expect(strings.count == distinct.count + 1)
    #expect(Set(strings) == distinct.union(["$null"]))
    #expect(try object(object(references[1])["FromYear"]) == "1797")
    #expect(try object(references[1])["FromYear"] == (try object(references[0])["ToYear"]))
  }
}

extension Trait where Self == ConditionTrait {
  /// The script is a bash script.
  fileprivate static var needsBash: Self {
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "needs bash")
  }
}
