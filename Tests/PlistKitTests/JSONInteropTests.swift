import Foundation
import Testing

@testable import PlistKit

@Suite("JSON interop")
struct JSONInteropTests {
  @Test("what Foundation's JSONSerialization writes, PlistKit reads")
  func readsFoundation() throws {
    let object: [String: Any] = [
      "name": "Zoë \"quoted\" / slash \u{1F600}\n", "count": 42, "negative": -7, "half": 0.5, "flag": true,
      "list": [1, "two", ["three": 3]], "empty": [String: Any](),
    ]
    for options: JSONSerialization.WritingOptions in [[], [.prettyPrinted, .sortedKeys], [.withoutEscapingSlashes]] {
      let data = try JSONSerialization.data(withJSONObject: object, options: options)
      let value = try PropertyList(bytes: [UInt8](data), format: .json)
      #expect(
        value == [
          "name": "Zoë \"quoted\" / slash \u{1F600}\n", "count": 42, "negative": -7, "half": 0.5, "flag": true,
          "list": [1, "two", ["three": 3]], "empty": [:],
        ])
    }
  }

  @Test("what PlistKit writes in the plain form, Foundation's JSONSerialization reads")
  func foundationReads() throws {
    for pretty in [true, false] {
      let bytes = try JSONWriterTests.everyKind.serialized(as: .json, options: .init(prettyPrinted: pretty))
      let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
      #expect(object["string"] as? String == "a\"b\\c/é\n\u{1}")
      #expect((object["integer"] as? NSNumber)?.int64Value == -42)
      #expect((object["big"] as? NSNumber)?.uint64Value == UInt64.max)
      #expect((object["tenth"] as? NSNumber)?.doubleValue == 0.1)
      #expect(object["date"] as? String == "2001-01-01T00:00:00Z")
      #expect(object["data"] as? String == "AAEC/w==")
      #expect((object["uid"] as? [String: Any])?["CF$UID"] as? Int == 7)
      #expect((object["array"] as? [Any])?.count == 3)
      #expect(object["nan"] as? String == "NaN")
      #expect(object.count == 13)
    }
  }

  @Test(
    "python's json module reads PlistKit's plain JSON and writes back the same value",
    .enabled(if: PythonPeer.isAvailable, "needs python3 with plistlib (.ci/run installs it)"))
  func python() throws {
    var generator = SeededGenerator(seed: 42)
    var values: [PropertyList] = [JSONWriterTests.everyKind]
    for _ in 0..<50 { values.append(RandomPropertyList.allKinds.make(using: &generator)) }
    let written = try PropertyList.array(values).serialized(as: .json)
    let original = try PropertyList(bytes: written, format: .json)
    let echoed = try Self.python(
      "import json, sys; json.dump(json.load(sys.stdin), sys.stdout, ensure_ascii=False)", input: written)
    #expect(try PropertyList(bytes: echoed, format: .json).isIdentical(to: original))
  }

  /// Runs python3 with `code`, feeding `input` on stdin; returns stdout.
  static func python(_ code: String, input: [UInt8]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", code]
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    let writer = Thread {
      stdin.fileHandleForWriting.write(Data(input))
      try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return [UInt8](output)
  }
}

@Suite("JSON interop with plutil")
struct JSONPlutilTests {
  @Test(
    "plutil's JSON reads as the same value, and plutil reads PlistKit's plain JSON",
    .enabled(if: Plutil.isAvailable, "needs the toolchain's plutil"),
    arguments: ["sortednames.plist", "computers.plist"])
  func plutil(name: String) throws {
    let path = Fixtures.samples + "/" + name
    let original = try PropertyList(bytes: try PropertyListFile.read(path: path))
    // plutil writes dictionary keys in hash order: compare as values, not layouts.
    #expect(try Plutil.json(ofFile: path) == original)
    let json = try original.serialized(as: .json)
    #expect(try Plutil.read(json) == original)
  }
}
