import Foundation
import PlistKit
import Testing

/// Edits in place take the file's edit lock for their whole read–modify–write, so editors that
/// run at the same time on one file run one after the other and no edit is lost.
@Suite("Concurrent edits")
struct ConcurrentEditTests {
  /// Starts every command at once and waits for all of them; their exit statuses.
  static func runTogether(_ commands: [[String]]) throws -> [Int32] {
    let processes = try commands.map { arguments in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: CLI.binary)
      process.arguments = arguments
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      return process
    }
    return processes.map { process in
      process.waitUntilExit()
      return process.terminationStatus
    }
  }

  @Test("concurrent set commands on one file keep every edit", arguments: ["json", "plist", "binary"])
  func concurrentSets(_ kind: String) throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file(
      "shared.\(kind == "binary" ? "plist" : kind)",
      try PropertyList.dictionary(PropertyListDictionary()).serialized(
        as: kind == "json" ? .json : kind == "plist" ? .xml : .binary))
    let rounds = 6
    let editors = 6
    for round in 0..<rounds {
      let commands = (0..<editors).map { editor in
        ["set", path, "k\(round)-\(editor)", String(round * editors + editor), "--type", "integer"]
      }
      #expect(try Self.runTogether(commands) == Array(repeating: 0, count: editors))
    }
    let value = try PropertyList.read(path: path).value
    guard case .dictionary(let dictionary) = value else {
      Issue.record("not a dictionary: \(value)")
      return
    }
    #expect(dictionary.count == rounds * editors)
    for round in 0..<rounds {
      for editor in 0..<editors {
        #expect(dictionary["k\(round)-\(editor)"] == .integer(Int64(round * editors + editor)))
      }
    }
  }

  @Test("set, insert, remove, move, convert, plutil and buddy edits at once all take effect")
  func everyEditor() throws {
    let folder = try TemporaryDirectory()
    for round in 0..<5 {
      let path = try folder.file(
        "mixed\(round).plist", try (["gone": 1, "old": 2] as PropertyList).serialized(as: .xml))
      let statuses = try Self.runTogether([
        ["set", path, "set", "1", "--type", "integer"],
        ["insert", path, "inserted", "--type", "string", "x"],
        ["remove", path, "gone"],
        ["move", path, "old", "moved"],
        ["plutil", "-insert", "plutil", "-bool", "YES", path],
        ["buddy", "-c", "Add :buddy integer 7", path],
        ["convert", path, "--to", "xml", "--in-place"],
      ])
      #expect(statuses == Array(repeating: 0, count: 7), "round \(round)")
      let value = try PropertyList.read(path: path).value
      let expected: [String: PropertyList] = ["moved": 2, "set": 1, "inserted": "x", "plutil": true, "buddy": 7]
      #expect(
        Self.sameEntries(value, expected),
        "round \(round): \(value)")
    }
  }

  /// Equal dictionaries whatever their key order (the editors ran in any order).
  static func sameEntries(_ value: PropertyList, _ expected: [String: PropertyList]) -> Bool {
    guard case .dictionary(let dictionary) = value, dictionary.count == expected.count else { return false }
    return expected.allSatisfy { dictionary[$0.key] == $0.value }
  }
}
