import Foundation
import Testing
import XcodeProject

/// `kin` (PyPI), the project-file verifier people run in CI: a grammar of Xcode's layout that
/// checks syntax, classes and the fields each class must have, in Xcode's order. Wherever it
/// finds a problem, ``ProjectIntegrity`` must report one too; it finds more (IDs defined twice,
/// references to nothing, unused objects, build files without a file), which kin's grammar cannot
/// see.
enum Kin {
  /// kin cannot be run here.
  struct Unavailable: Error {}

  /// kin's verdict on `text`: true when it prints `CORRECT`.
  static func accepts(_ text: String) throws -> Bool {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kin-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("project.pbxproj")
    try Data(text.utf8).write(to: file)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["kin", file.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { throw Unavailable() }
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    // env exits 127 when there is no kin on the path.
    if process.terminationStatus == 127 { throw Unavailable() }
    return process.terminationStatus == 0 && printed.hasPrefix("CORRECT")
  }

  /// True when kin runs here and accepts the intact project.
  static let isAvailable: Bool = (try? accepts(BrokenProjects.intact)) == true
}

@Suite("Project integrity against kin", .enabled(if: Kin.isAvailable, "needs kin from PyPI (.ci/run installs it)"))
struct KinInteropTests {
  @Test("wherever kin finds a problem, so does the integrity check", arguments: BrokenProjects.variants.map(\.name))
  func findsWhatKinFinds(variant: String) throws {
    let text = BrokenProjects.variant(variant)
    let kinAccepts = try Kin.accepts(text)
    let problems = Array(text.utf8).withUnsafeBytes { ProjectIntegrity.check(bytes: $0) }.problems
    if !kinAccepts { #expect(!problems.isEmpty, "kin rejects \(variant)") }
    // Every variant has a problem, found by kin or not.
    #expect(!problems.isEmpty)
  }

  /// What kin finds in the broken files, and what it does not: a record of the difference, so
  /// that a new kin that sees more shows up here.
  @Test("kin rejects only the variants that break its grammar")
  func kinsVerdicts() throws {
    var rejected: [String] = []
    for variant in BrokenProjects.variants where try !Kin.accepts(variant.text) {
      rejected.append(variant.name)
    }
    #expect(
      rejected == [
        "null-reference", "null-list", "empty-reference", "conflict-marker", "group-without-children",
        "unknown-isa", "missing-configuration-list", "missing-isa", "syntax",
      ])
  }
}
