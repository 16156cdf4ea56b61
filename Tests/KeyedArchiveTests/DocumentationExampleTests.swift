import KeyedArchive
import PlistKit
import Testing

/// A type from the module documentation's example.
private struct Point: ArchiveCodable, Equatable {
  static let archiveClassChain = ["Point", "NSObject"]
  var x = 0.0, y = 0.0
  init(x: Double, y: Double) { (self.x, self.y) = (x, y) }
  init(from decoder: ArchiveDecoder) throws(KeyedArchiveError) {
    x = try decoder.decodeDouble(forKey: "x") ?? 0
    y = try decoder.decodeDouble(forKey: "y") ?? 0
  }
  func encode(to encoder: ArchiveEncoder) throws(KeyedArchiveError) {
    encoder.encode(x, forKey: "x")
    encoder.encode(y, forKey: "y")
  }
}

/// The examples of the module's documentation (`KeyedArchive.docc`), run.
@Suite struct DocumentationExampleTests {
  @Test func theNestedDataExample() throws {
    let blob = try PropertyList.array(["shared"]).serialized(as: .binary)
    let preferences: PropertyList = ["Recent": .data(blob), "Broken": .data(Array("bplist00".utf8))]
    let opened = preferences.decodingNestedPlists()
    #expect(opened.value["Recent"] == ["$nested": "binary-plist", "$value": ["shared"]])
    #expect(opened.value["Broken"] == .data(Array("bplist00".utf8)))
    #expect(opened.notes.map(\.keyPath) == ["Broken"])
    #expect(opened.notes[0].reason == .unreadable)
  }

  @Test func theOverviewExamples() throws {
    let archive: PropertyList = [
      "$archiver": "NSKeyedArchiver", "$version": 100000, "$top": ["root": .uid(1)],
      "$objects": [
        "$null", ["$class": .uid(3), "NS.objects": [.uid(2), .uid(2)]], "shared",
        ["$classname": "NSArray", "$classes": ["NSArray", "NSObject"]],
      ],
    ]
    let graph = try ObjectGraph(archive: archive)
    #expect(try graph.plainView() == ["shared", "shared"])
    #expect(ArchiveValidator().validate(archive) == [])

    let bytes = try KeyedArchiver.archivedBytes(withRootObject: Point(x: 1, y: 2))
    let unarchiver = try KeyedUnarchiver(bytes: bytes)
    unarchiver.policy = .only([Point.self])
    #expect(try unarchiver.decodeTopLevelObject(of: Point.self) == Point(x: 1, y: 2))
  }
}
