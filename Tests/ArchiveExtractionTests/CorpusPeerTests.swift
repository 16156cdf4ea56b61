import ArchiveExtraction
import Foundation
import KeyedArchive
import PlistKit
import Testing

/// The blobs found in real databases (the corpus's `sqlite/`, from iLEAPP's test data, MIT; see
/// its SOURCES.tsv) against Python's view of the same files: `sqlite3` for the rows, `plistlib`
/// for plists, `nska_deserialize` for keyed archives. Skipped when nska_deserialize is absent.
@Suite(
  "databases of the corpus against Python", .needsCorpus("sqlite"),
  .enabled(if: PythonPeer.isInstalled, "needs python3 with nska_deserialize (.ci/run installs it)"))
struct CorpusPeerTests {
  private static let script = Corpus.packageRoot + "/Tests/ArchiveExtractionTests/Fixtures/sqlite_blobs_peer.py"

  /// The peer's records, one JSON object per line.
  static func peerRecords(_ path: String) throws -> [NSObject] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    return try data.split(separator: UInt8(ascii: "\n")).map {
      try #require(try JSONSerialization.jsonObject(with: Data($0)) as? NSObject)
    }
  }

  /// Our records in the peer's shape: plain views without class names, as JSON.
  static func ownRecords(_ path: String) throws -> [NSObject] {
    var options = BlobDecodingOptions()
    options.plainView.includesClassNames = false
    let cursor = try BlobDatabase(path: path).blobs(options: options)
    var records: [NSObject] = []
    while let blob = try cursor.next() {
      guard case .rowid(let rowid) = blob.row else { throw PeerMismatch.rowWithoutRowid }
      var record: PropertyList = [
        "table": .string(blob.table), "column": .string(blob.column), "rowid": .integer(rowid),
        "kind": .string(blob.kind.rawValue),
      ]
      switch blob.decoded.result {
      case .success(let value): record["value"] = value
      case .failure: record["error"] = "failure"
      }
      let json = try record.serialized(as: .json)
      records.append(try #require(try JSONSerialization.jsonObject(with: Data(json)) as? NSObject))
    }
    return records
  }

  enum PeerMismatch: Error { case rowWithoutRowid }

  @Test(
    "every blob is found and decodes as Python decodes it",
    arguments: Corpus.files(in: "sqlite", endingWith: ".sqlite"))
  func sameBlobs(_ name: String) throws {
    let path = Corpus.path("sqlite/" + name)
    let peer = try Self.peerRecords(path)
    let own = try Self.ownRecords(path)
    #expect(own.count == peer.count)
    #expect(own.count > 0)
    for (mine, theirs) in zip(own, peer) where mine != Self.withColourViews(theirs) {
      Issue.record("differs: \(mine) vs \(theirs)")
    }
  }

  /// The peer's value with each RGB colour as the class view shows it (the difference
  /// `Documentation/keyed-archives.md` lists: nska_deserialize shows a colour's raw fields, the
  /// components as `NSRGB` bytes of text): a UIColor's `UIRed`, `UIGreen`, `UIBlue` and
  /// `UIAlpha`, each replaced by its `-Double` where written, in `sRGB`; otherwise
  /// `NSColorSpace` 1 or 2 and the numbers of `NSRGB` (red, green, blue, and alpha when written).
  static func withColourViews(_ value: Any) -> NSObject {
    if let array = value as? [Any] { return array.map { withColourViews($0) } as NSArray }
    guard let dictionary = value as? [String: Any] else { return value as! NSObject }
    if dictionary["UIRed"] != nil {
      var view: [String: Any] = ["colorSpace": "sRGB"]
      for (name, key) in [("red", "UIRed"), ("green", "UIGreen"), ("blue", "UIBlue"), ("alpha", "UIAlpha")] {
        view[name] = dictionary[key + "-Double"] ?? dictionary[key]
      }
      return view as NSDictionary
    }
    if let space = dictionary["NSColorSpace"] as? Int, space == 1 || space == 2,
      let encoded = dictionary["NSRGB"] as? String, let bytes = Data(base64Encoded: encoded)
    {
      let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      let components = text.split(separator: " ").compactMap { Double($0) }
      var view: [String: Any] = ["colorSpace": space == 1 ? "calibratedRGB" : "deviceRGB"]
      for (name, component) in zip(["red", "green", "blue", "alpha"], components) { view[name] = component }
      return view as NSDictionary
    }
    return dictionary.mapValues { withColourViews($0) } as NSDictionary
  }
}

/// Whether the Python peers can run here.
enum PythonPeer {
  /// True when python3 can import nska_deserialize.
  static let isInstalled = canImport("nska_deserialize")

  /// True when python3 can import `module`.
  static func canImport(_ module: String) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import \(module)"]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}
