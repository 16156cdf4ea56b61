import Foundation
import PlistKit
import Testing

/// `diff`, `merge` and `textconv` on files made to hurt them: each stays within a second of
/// CPU (stretched under AddressSanitizer) and the memory cap of ``HostileInputTests``.
@Suite("Hostile inputs to diff and merge")
struct DiffMergeHostileTests {
  static let secondsLimit = HostileInputTests.secondsLimit
  static let memoryLimit = HostileInputTests.memoryLimit

  /// Sixty levels of an array holding its child twice, over a one-string leaf: 2^60 places.
  static func bomb(leaf: String) -> [UInt8] {
    let levels: [[UInt8]] = (0..<60).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
    return HostileFiles.binary(levels + [[0x50 | UInt8(leaf.utf8.count)] + Array(leaf.utf8)])
  }

  func measured(_ arguments: [String]) throws -> MeasuredRun.Outcome {
    let outcome = try MeasuredRun.run(arguments, memoryLimit: Self.memoryLimit)
    #expect(outcome.cpuSeconds < Self.secondsLimit, "\(arguments.first!) took \(outcome.cpuSeconds) s of CPU")
    return outcome
  }

  @Test("a sharing bomb: diff reports its change once, merge writes it shared, textconv refuses")
  func bomb() throws {
    let folder = try TemporaryDirectory()
    let base = try folder.file("base.bplist", Self.bomb(leaf: "leaf"))
    let ours = try folder.file("ours.bplist", Self.bomb(leaf: "ours"))
    let theirs = try folder.file("theirs.bplist", Self.bomb(leaf: "them"))
    let diff = try CLI.run(["diff", base, ours])
    #expect(diff.status == 1)
    let lines = diff.output.split(separator: "\n")
    #expect(lines.count == 61)
    #expect(
      lines.first.map(String.init) == "~ " + Array(repeating: "0", count: 60).joined(separator: ".")
        + #": "leaf" → "ours""#)
    #expect(try measured(["diff", base, ours]).status == 1)
    // Theirs unchanged: the result is ours, written as a binary plist that keeps the sharing.
    let copy = try folder.file("copy.bplist", Self.bomb(leaf: "leaf"))
    #expect(try measured(["merge", base, ours, copy, "-o", folder.path + "/merged.bplist"]).status == 0)
    let merged = try folder.contents("merged.bplist")
    #expect(merged.count < 1_000)
    #expect(try CLI.run(["diff", ours, folder.path + "/merged.bplist"]).status == 0)
    // Both changed the leaf: the two places of the innermost array conflict, and the report is short.
    let conflict = try CLI.run(["merge", base, ours, theirs])
    #expect(conflict.status == 1)
    #expect(conflict.output.split(separator: "\n").count == 2)
    #expect(try measured(["merge", base, ours, theirs]).status == 1)
    let textconv = try measured(["textconv", base])
    #expect(textconv.status == 1)
    #expect(textconv.stderr.contains("the value holds more than 100000000 values"))
  }

  @Test("nesting as deep as the reader allows")
  func deep() throws {
    let folder = try TemporaryDirectory()
    func chain(_ leaf: String) -> [UInt8] {
      let depth = 511
      var objects: [[UInt8]] = (0..<depth).map { [0xA1] + HostileFiles.bigEndian(UInt64($0 + 1), width: 2) }
      objects.append([0x50 | UInt8(leaf.utf8.count)] + Array(leaf.utf8))
      return HostileFiles.binary(objects, referenceSize: 2, offsetSize: 4)
    }
    let a = try folder.file("a.bplist", chain("a"))
    let b = try folder.file("b.bplist", chain("b"))
    let c = try folder.file("c.bplist", chain("c"))
    #expect(try measured(["diff", a, b]).status == 1)
    #expect(try CLI.run(["diff", a, b]).output.hasSuffix(#": "a" → "b""# + "\n"))
    #expect(try measured(["merge", a, b, a, "-o", "-"]).status == 0)
    #expect(try measured(["merge", a, b, c]).status == 1)
  }

  @Test("huge arrays with nothing in order in common")
  func hugeArrays() throws {
    let folder = try TemporaryDirectory()
    let count = 50_000
    let a = try folder.file(
      "a.bplist", try PropertyList.array((0..<count).map { .integer($0) }).serialized(as: .binary))
    let b = try folder.file(
      "b.bplist", try PropertyList.array((0..<count).reversed().map { .integer($0) }).serialized(as: .binary))
    let diff = try MeasuredRun.run(["diff", a, b], memoryLimit: Self.memoryLimit)
    #expect(diff.status == 1)
    // Linear work, bounded alignment: a few seconds at most even in a debug build.
    #expect(diff.cpuSeconds < 5 * Self.secondsLimit, "took \(diff.cpuSeconds) s of CPU")
    let merge = try MeasuredRun.run(["merge", a, b, a, "-o", folder.path + "/m.bplist"], memoryLimit: Self.memoryLimit)
    #expect(merge.status == 0)
    #expect(merge.cpuSeconds < 5 * Self.secondsLimit, "took \(merge.cpuSeconds) s of CPU")
    #expect(try folder.contents("m.bplist") == (try folder.contents("b.bplist")))
  }
}
