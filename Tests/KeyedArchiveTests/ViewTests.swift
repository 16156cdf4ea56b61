import Foundation
import KeyedArchive
import PlistKit
import Testing

@Suite("Plain view and graph form")
struct ViewTests {
  /// JSON text as a property list (through Foundation, the peer here).
  private func json(_ bytes: [UInt8]) throws -> PropertyList {
    func convert(_ object: Any) -> PropertyList {
      switch object {
      case let string as String: return .string(string)
      case let number as NSNumber: return .integer(number.int64Value)
      case let array as [Any]: return .array(array.map(convert))
      case let dictionary as [String: Any]:
        return .dictionary(PropertyListDictionary(dictionary.map { ($0.key, convert($0.value)) }))
      default: return .string("\(object)")
      }
    }
    return convert(try JSONSerialization.jsonObject(with: Data(bytes)))
  }

  @Test("the plain view of Presidents.plist is the data nska_deserialize produces (fixture)")
  func matchesNskaFixture() throws {
    let graph = try ObjectGraph(archive: Samples.presidentsArchive())
    let plain = try graph.plainView(options: PlainViewOptions(includesClassNames: false))
    #expect(plain == (try json(Samples.fixture("Presidents.nska.json"))))
    let withClasses = try graph.plainView()
    #expect(
      withClasses["Presidents"]?[0]
        == [
          "$class": "President", "President": 1, "Name": "George Washington", "FromYear": "1789", "ToYear": "1797",
          "Party": "None",
        ])
  }

  @Test(
    "the plain view matches nska_deserialize run live",
    .enabled(if: NskaPeer.isAvailable, "needs Python's nska_deserialize (.ci/run installs it)"))
  func matchesNskaLive() throws {
    let graph = try ObjectGraph(archive: Samples.presidentsArchive())
    let live = try NskaPeer.run(Samples.root + "/Samples/Presidents.plist")
    #expect(try graph.plainView(options: PlainViewOptions(includesClassNames: false)) == (try json(live)))
  }

  @Test("the graph form round-trips the book's graph exactly, ids and references included")
  func graphFormRoundTrip() throws {
    let graph = try ObjectGraph(archive: Samples.presidentsArchive())
    let form = graph.graphForm()
    #expect(
      form["$objects"]?[0] == [
        "id": 1, "class": "NSMutableArray", "classes": ["NSMutableArray", "NSArray", "NSObject"],
        "fields": [
          "NS.objects": .array(
            (0..<43).map {
              [
                2, 7, 11, 15, 18, 21, 24, 28, 31, 34, 37, 40, 43, 46, 49, 52, 56, 60, 64, 67, 69, 72, 75, 78, 80, 83,
                86, 89, 92, 95, 98, 101, 104, 107, 110, 113, 116, 119, 122, 125, 128, 131, 134,
              ][$0]
            }.map { .uid(UInt64($0)) })
        ],
      ])
    #expect(form["$objects"]?[2] == ["id": 3, "value": "George Washington"])
    let back = try ObjectGraph(graphForm: form)
    #expect(back == graph)
    let archiveAgain = try ObjectGraph(archive: back.archivedPropertyList())
    #expect(archiveAgain.isEquivalent(to: graph))
  }

  @Test("the graph form accepts {CF$UID} references and renumbers ids; unknown ids are errors")
  func graphFormInput() throws {
    let form: PropertyList = [
      "$archiver": "NSKeyedArchiver", "$version": 100000, "$top": ["root": ["CF$UID": 10]],
      "$objects": [
        ["id": 10, "class": "Node", "fields": ["next": ["CF$UID": 10], "label": ["CF$UID": 20]]],
        ["id": 20, "value": "x"],
      ],
    ]
    let graph = try ObjectGraph(graphForm: form)
    #expect(graph.count == 3)
    #expect(
      graph[1]
        == .instance(ArchivedInstance(classChain: ClassChain(["Node"]), fields: ["next": .uid(1), "label": .uid(2)])))
    var broken = form
    broken["$top"] = ["root": .uid(5)]
    #expect(
      Samples.error { () throws(KeyedArchiveError) in try ObjectGraph(graphForm: broken) }
        == KeyedArchiveError(.referenceOutOfRange, at: "$top.root", "reference to id 5, which is not listed"))
  }
}

/// Python's `nska_deserialize`, run on a file; tests skip when it is not installed.
enum NskaPeer {
  private static let script = Samples.root + "/Tests/KeyedArchiveTests/Fixtures/nska_peer.py"

  static let isAvailable: Bool = (try? run(Samples.root + "/Samples/Presidents.plist")) != nil

  /// The output of a peer script in `Fixtures/` (by default the plain view's) run on `path`.
  static func run(_ path: String, script: String = script) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CocoaError(.featureUnsupported) }
    return [UInt8](data)
  }
}
