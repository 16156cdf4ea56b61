import Foundation
import PlistKit
import Testing

/// `plistkit resolve` on conflicts git left without plistkit's driver, in real repositories.
@Suite("resolve")
struct ResolveCommandTests {
  typealias Repository = GitIntegrationTests.Repository

  static let settings = GitIntegrationTests.settings

  /// A repository without the drivers where `main` and `feature` changed `name` from `base`
  /// into `ours` and `theirs`, stopped in `git merge feature` (which must fail).
  static func stoppedMerge(
    _ name: String, base: PropertyList, ours: PropertyList, theirs: PropertyList, as format: PropertyListFormat
  ) throws -> Repository {
    let repository = try Repository(drivers: .none)
    try repository.write(base, to: name, as: format)
    try repository.commitAll("base")
    try repository.run("checkout", "-q", "-b", "feature")
    try repository.write(theirs, to: name, as: format)
    try repository.commitAll("theirs")
    try repository.run("checkout", "-q", "main")
    try repository.write(ours, to: name, as: format)
    try repository.commitAll("ours")
    let merge = try repository.run("merge", "-q", "--no-edit", "feature", allowFailure: true)
    #expect(merge.status == 1, "\(merge.output)\(merge.stderr)")
    return repository
  }

  @Test("a binary plist git could not merge: both sides' keys merged, in binary, marked resolved")
  func binary() throws {
    let repository = try Self.stoppedMerge(
      "Settings.plist", base: Self.settings,
      ours: GitIntegrationTests.withValue(Self.settings, at: "Count", 44),
      theirs: GitIntegrationTests.withValue(Self.settings, at: "Version", "2.0"), as: .binary)
    #expect(try repository.run("status", "--porcelain").output == "UU Settings.plist\n")
    let resolve = try repository.plistkit("resolve", "Settings.plist")
    #expect(resolve.status == 0, "\(resolve.stderr)")
    #expect(resolve.output == "Settings.plist: merged, marked resolved\n")
    #expect(resolve.stderr == "")
    let merged = try repository.folder.contents("Settings.plist")
    #expect(merged.starts(with: Array("bplist00".utf8)))
    #expect(try PropertyList(bytes: merged) == ["Name": "Presidents", "Version": "2.0", "Count": 44, "Tags": ["book"]])
    #expect(try repository.run("status", "--porcelain").output == "M  Settings.plist\n")
    try repository.run("commit", "-q", "--no-edit")
  }

  @Test("a real conflict is reported as the driver reports it and marked in OURS' text; the file stays unmerged")
  func realConflict() throws {
    let base: PropertyList = ["A": 1, "B": 1, "C": 1]
    let repository = try Self.stoppedMerge(
      "S.json", base: base, ours: ["A": 5, "B": 2, "C": 1], theirs: ["A": 1, "B": 9, "C": 3], as: .json)
    let resolve = try repository.plistkit("resolve", "S.json")
    #expect(resolve.status == 1)
    #expect(resolve.output == "S.json: CONFLICT B (both changed): BASE 1 | OURS 2 | THEIRS 9\n")
    #expect(resolve.stderr == "")
    // OURS' layout (the JSON writer's), THEIRS' C merged, B marked.
    let merged: PropertyList = ["A": 5, "B": 2, "C": 3]
    let ours = String(decoding: try merged.serialized(as: .json), as: UTF8.self)
    let marked = ours.replacingOccurrences(
      of: "  \"B\": 2,\n", with: "<<<<<<< OURS\n  \"B\": 2,\n=======\n  \"B\": 9,\n>>>>>>> THEIRS\n")
    #expect(marked != ours)
    #expect(String(decoding: try repository.folder.contents("S.json"), as: UTF8.self) == marked)
    #expect(try repository.run("status", "--porcelain").output == "UU S.json\n")
  }

  @Test("a file both branches added merges from an empty base")
  func addedOnBothSides() throws {
    let repository = try Repository(drivers: .none)
    try repository.folder.file("README", "x\n")
    try repository.commitAll("base")
    try repository.run("checkout", "-q", "-b", "feature")
    try repository.write(["Theirs": 1, "Both": true], to: "New.plist", as: .xml)
    try repository.commitAll("theirs")
    try repository.run("checkout", "-q", "main")
    try repository.write(["Ours": 1, "Both": true], to: "New.plist", as: .xml)
    try repository.commitAll("ours")
    #expect(try repository.run("merge", "-q", "--no-edit", "feature", allowFailure: true).status == 1)
    #expect(try repository.run("status", "--porcelain").output == "AA New.plist\n")
    let resolve = try repository.plistkit("resolve", "New.plist")
    #expect(resolve.status == 0, "\(resolve.stderr)")
    #expect(try repository.read("New.plist") == ["Ours": 1, "Both": true, "Theirs": 1])
    #expect(try repository.run("status", "--porcelain").output == "M  New.plist\n")
  }

  @Test("a file one side deleted, a file not in conflict, and a folder outside a repository are errors (exit 2)")
  func errors() throws {
    let repository = try Repository(drivers: .none)
    try repository.write(Self.settings, to: "Settings.plist", as: .xml)
    try repository.write(Self.settings, to: "Other.plist", as: .xml)
    try repository.commitAll("base")
    try repository.run("checkout", "-q", "-b", "feature")
    try repository.run("rm", "-q", "Settings.plist")
    try repository.commitAll("theirs")
    try repository.run("checkout", "-q", "main")
    try repository.write(GitIntegrationTests.withValue(Self.settings, at: "Count", 44), to: "Settings.plist", as: .xml)
    try repository.commitAll("ours")
    #expect(try repository.run("merge", "-q", "--no-edit", "feature", allowFailure: true).status == 1)

    let deleted = try repository.plistkit("resolve", "Settings.plist")
    #expect(deleted.status == 2)
    #expect(
      deleted.stderr
        == "plistkit: Settings.plist: changed in OURS and deleted in THEIRS; keep OURS' version with git add, or the deletion with git rm\n"
    )
    #expect(try repository.run("status", "--porcelain").output == "UD Settings.plist\n")

    let clean = try repository.plistkit("resolve", "Other.plist")
    #expect(clean.status == 2)
    #expect(clean.stderr == "plistkit: Other.plist: not in conflict (git has no unmerged versions of it)\n")

    let outside = try repository.plistkit("resolve", "Other.plist", in: try TemporaryDirectory().path)
    #expect(outside.status == 2)
    #expect(outside.stderr.hasPrefix("plistkit: resolve: not in a git repository's working tree"), "\(outside.stderr)")
  }
}
