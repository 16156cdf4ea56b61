import Foundation
import Testing

@testable import PlistKit

/// Checks that the peers themselves are wired right, so that interop failures mean something.
@Suite("Peers")
struct PeerTests {
  @Test("Foundation reads the book's archive with its UIDs")
  func foundationReadsArchive() throws {
    let bytes = try PropertyListFile.read(path: Fixtures.samples + "/Presidents.plist")
    let value = try FoundationPeer.read(bytes)
    #expect(value["$top"]?["Presidents"] == .uid(1))
    #expect(value["$objects"]?.arrayValue?.count == 139)
    #expect(value["$version"] == 100000)
  }

  @Test(
    "plistlib round-trips every kind through its canonical form",
    .enabled(if: PythonPeer.isAvailable, "needs python3 with plistlib (.ci/run installs it)"))
  func pythonRoundTrip() throws {
    let value: PropertyList = [
      "s": "héllo \u{1F600}", "i": .integer(UInt64.max), "n": .integer(Int64.min), "r": 0.1, "z": .real(-0.0),
      "b": true, "d": .date(PropertyListDate(secondsSinceReferenceDate: 12.5)), "x": .data([0, 255]),
      "a": [1, [2]], "u": .uid(7),
    ]
    let xml = try PythonPeer.write(value, format: "binary")
    #expect(try PythonPeer.read(xml).isIdentical(to: value))
  }
}

/// Paths of the shipped files.
enum Fixtures {
  /// The project's root folder.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path
  /// `Samples/`.
  static let samples = root + "/Samples"
}
