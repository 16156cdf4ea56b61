import Foundation
import PlistKit
import Testing

/// Commands that walk every place of a value, on values that share containers or strings from
/// many places: each refuses what would expand past the written value limit or the output
/// limit, quickly and under the memory cap of ``HostileInputTests``, and does the work of the
/// distinct values when the expansion is small.
@Suite("Shared values expanded by commands")
struct SharedExpansionTests {
  static let bomb = HostileFiles.doublingBomb(levels: 32)
  static let stars = Array(repeating: "*", count: 32).joined(separator: ".")

  func measured(_ arguments: [String]) throws -> MeasuredRun.Outcome {
    let outcome = try MeasuredRun.run(arguments, memoryLimit: HostileInputTests.memoryLimit)
    #expect(
      outcome.cpuSeconds < HostileInputTests.secondsLimit, "\(arguments.first!) took \(outcome.cpuSeconds) s of CPU")
    return outcome
  }

  @Test(
    "get, type and remove refuse 32 wildcards over a 32-level DAG bomb (2^32 matches)",
    arguments: [
      ["get"], ["type"], ["remove"],
    ])
  func wildcards(_ command: [String]) throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("bomb.bplist", Self.bomb)
    #expect(Self.bomb.count < 300)
    let outcome = try measured(command + [path, Self.stars])
    #expect(outcome.status == 1)
    #expect(outcome.stdoutSize == 0)
    #expect(
      outcome.stderr
        == "plistkit: \(path): \(Self.stars): the key path matches more than 3030303 values once shared arrays and "
        + "dictionaries are counted at every place they occur (the written value limit, 100000000, over the values "
        + "and their key paths' components)\n")
    // The file is as it was.
    #expect(try folder.contents("bomb.bplist") == Self.bomb)
  }

  @Test("wildcards within the limit match every place, and a pattern that names nothing walks no place")
  func wildcardsWithinLimit() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("bomb.bplist", HostileFiles.doublingBomb(levels: 10))
    let ten = Array(repeating: "*", count: 10).joined(separator: ".")
    let found = try CLI.run(["get", path, ten, "--with-paths"])
    #expect(found.status == 0)
    let lines = found.output.split(separator: "\n")
    #expect(lines.count == 1024)
    #expect(lines.first == "0.0.0.0.0.0.0.0.0.0\tleaf")
    #expect(lines.last == "1.1.1.1.1.1.1.1.1.1\tleaf")
    // 31 wildcards and a key below the 32-level bomb: 2^31 places to try, none a match.
    let bomb = try folder.file("big.bplist", Self.bomb)
    let none = try measured(["get", bomb, Array(repeating: "*", count: 31).joined(separator: ".") + ".x"])
    #expect(none.status == 1)
    #expect(none.stderr.hasSuffix(": no value matches this key path\n"))
  }

  @Test("PlistBuddy Print refuses the DAG bomb and a string shared 2,000 times, before printing")
  func buddyPrint() throws {
    let folder = try TemporaryDirectory()
    let bomb = try folder.file("bomb.bplist", Self.bomb)
    let printed = try measured(["buddy", "-c", "Print", bomb])
    #expect(printed.status == 1)
    #expect(printed.stdoutSize == 0)
    #expect(
      printed.stderr
        == "Print: the value holds more than 100000000 values once its shared arrays and dictionaries are written "
        + "out at every place they occur (the written value limit)\n")
    let shared = try folder.file("shared.bplist", OutputBudgetTests.sharedStringPlist())
    let text = try measured(["buddy", "-c", "Print", shared])
    #expect(text.status == 1)
    #expect(text.stdoutSize == 0)
    #expect(
      text.stderr
        == "Print: the value would make at least 8388610009 bytes of printed lines once its shared strings, data and "
        + "containers are written out at every place they occur, over the output limit of "
        + "\(OutputBudgetTests.defaultLimit) bytes\n")
  }

  @Test("validate --schema refuses the DAG bomb rather than evaluate 2^33 values")
  func schema() throws {
    let folder = try TemporaryDirectory()
    let bomb = try folder.file("bomb.bplist", Self.bomb)
    let schema = try folder.file("schema.json", #"{"items": {"items": {"items": {"type": "array"}}}}"#)
    let outcome = try measured(["validate", "--schema", schema, bomb])
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr.contains(
        "the value holds more than 100000000 values once its shared arrays and dictionaries are written out"))
    // A small DAG is evaluated at every place: the leaf is not an array.
    let small = try folder.file("small.bplist", HostileFiles.doublingBomb(levels: 3))
    let invalid = try CLI.run(["validate", "--schema", schema, small])
    #expect(invalid.status == 1)
    #expect(invalid.output.contains("0.0"))
  }

  @Test(
    "sections and filter refuse a list whose items share one 4 MB string 2,000 times",
    arguments: [
      ["sections"], ["filter", "x"],
    ])
  func sectionedLists(_ command: [String]) throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("shared.bplist", OutputBudgetTests.sharedStringPlist())
    // Within the default limit (256 MiB) the matches a search holds could pass the memory cap.
    let outcome = try measured([command[0], path] + command.dropFirst() + ["--output-limit", "16M"])
    #expect(outcome.status == 1)
    #expect(outcome.stdoutSize == 0)
    #expect(
      outcome.stderr
        == "plistkit: \(path): the value would make at least 8388610000 bytes of item text once its shared strings, "
        + "data and containers are written out at every place they occur, over the output limit of "
        + "16777216 bytes; use --output-limit to raise it\n")
  }
}
