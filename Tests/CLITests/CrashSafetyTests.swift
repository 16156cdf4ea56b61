import Foundation
import PlistKit
import Testing

/// Writes are atomic: a conversion or an in-place edit killed with SIGKILL at any moment
/// leaves either the old file or the complete new one, never a mix or a truncation.
@Suite("Crash safety")
struct CrashSafetyTests {
  /// A plist large enough that converting it takes a moment: 40,000 records.
  static let large: PropertyList = .array(
    (0..<40_000).map { index in
      ["id": .integer(index), "name": .string("name \(index) ü"), "flag": .boolean(index % 2 == 0)]
    })

  @Test("a conversion onto its own input, killed at many moments, leaves the old or the new file")
  func killedConversion() throws {
    let folder = try TemporaryDirectory()
    let original = try Self.large.serialized(as: .xml)
    let path = try folder.file("large.plist", original)
    let start = Date()
    try CLI.run(["convert", path, "--to", "binary", "-o", path])
    let duration = Date().timeIntervalSince(start)
    let converted = try folder.contents("large.plist")
    #expect(try PropertyList(bytes: converted) == Self.large)

    var killedCount = 0
    for attempt in 0..<8 {
      _ = try folder.file("large.plist", original)
      let killed = try MeasuredRun.runKilled(
        ["convert", path, "--to", "binary", "-o", path], after: duration * Double(attempt) / 8)
      if killed { killedCount += 1 }
      let after = try folder.contents("large.plist")
      #expect(after == original || after == converted, "attempt \(attempt): the file is neither old nor new")
      // The temporary file has no name until the write is complete: a kill leaves nothing behind.
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["large.plist"], "attempt \(attempt)")
    }
    // The kills must have hit running processes, or the test proves nothing.
    #expect(killedCount >= 4)
  }

  @Test("an in-place edit, killed at many moments, leaves the old or the new file")
  func killedEdit() throws {
    let folder = try TemporaryDirectory()
    let original = try Self.large.serialized(as: .binary)
    let path = try folder.file("large.plist", original)
    var edited = Self.large
    try edited.setValue("changed", at: "1000.name")
    let start = Date()
    try CLI.run(["set", path, "1000.name", "changed", "--type", "string"])
    let duration = Date().timeIntervalSince(start)
    let expected = try folder.contents("large.plist")
    #expect(try PropertyList(bytes: expected) == edited)

    var killedCount = 0
    for attempt in 0..<8 {
      _ = try folder.file("large.plist", original)
      let killed = try MeasuredRun.runKilled(
        ["set", path, "1000.name", "changed", "--type", "string"], after: duration * Double(attempt) / 8)
      if killed { killedCount += 1 }
      let after = try folder.contents("large.plist")
      #expect(after == original || after == expected, "attempt \(attempt): the file is neither old nor new")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["large.plist"], "attempt \(attempt)")
    }
    #expect(killedCount >= 4)
  }
}
