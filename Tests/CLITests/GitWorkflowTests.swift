import Foundation
import PlistKit
import Testing

/// A project file of a current Xcode through git's merge, rebase and cherry-pick: with the
/// driver `plistkit git install` sets up, and without it, finished by `plistkit resolve`.
/// Both branches add a `"-framework", NAME` pair at the end of one `OTHER_LDFLAGS`, where the
/// project already repeats `-force_load`, and one branch also changes `MARKETING_VERSION`.
@Suite("git merge, rebase and cherry-pick of a current Xcode project", .needsCorpus("xcode-current"))
struct GitWorkflowTests {
  typealias Repository = GitIntegrationTests.Repository

  /// Pareto Security's project (objectVersion 73), whose `OTHER_LDFLAGS` hold `-force_load` pairs.
  static let project = "xcode-current/ParetoSecurity+pareto-mac__Pareto_Security.xcodeproj__project.pbxproj"
  static let flagsEnd = "\t\t\t\t\t\"\\\"$(BUILT_PRODUCTS_DIR)/libSetapp.a\\\"\",\n\t\t\t\t);\n"
  static let marketing = "MARKETING_VERSION = 0.0.17;"

  /// `text` with a `"-framework", NAME` pair for each of `names` at the end of its first
  /// `OTHER_LDFLAGS`.
  static func addingFrameworks(_ names: String..., to text: String) throws -> String {
    let end = try #require(text.range(of: flagsEnd))
    let close = text.index(end.upperBound, offsetBy: -"\t\t\t\t);\n".count)
    let pairs = names.map { "\t\t\t\t\t\"-framework\",\n\t\t\t\t\t\($0),\n" }.joined()
    return text.replacingCharacters(in: close..<close, with: pairs)
  }

  /// `text` with its first `MARKETING_VERSION` raised.
  static func raisingVersion(_ text: String) throws -> String {
    let first = try #require(text.range(of: marketing))
    return text.replacingCharacters(in: first, with: "MARKETING_VERSION = 0.0.18;")
  }

  /// A repository with the project at `base`, `feature` adding Security and raising the version,
  /// and `main` adding Cocoa; and the text both together give.
  static func branches(drivers: Repository.Drivers) throws -> (Repository, expected: String) {
    let repository = try Repository(drivers: drivers)
    let base = String(decoding: try Corpus.bytes(project), as: UTF8.self)
    let path = "Pareto Security.xcodeproj/project.pbxproj"
    try FileManager.default.createDirectory(
      atPath: repository.folder.path + "/Pareto Security.xcodeproj", withIntermediateDirectories: true)
    try repository.folder.file(path, base)
    try repository.commitAll("base")
    try repository.run("checkout", "-q", "-b", "feature")
    try repository.folder.file(path, try raisingVersion(try addingFrameworks("Security", to: base)))
    try repository.commitAll("Security")
    try repository.run("checkout", "-q", "main")
    try repository.folder.file(path, try addingFrameworks("Cocoa", to: base))
    try repository.commitAll("Cocoa")
    let expected = try raisingVersion(try addingFrameworks("Cocoa", "Security", to: base))
    return (repository, expected)
  }

  static func projectText(_ repository: Repository) throws -> String {
    String(decoding: try repository.folder.contents("Pareto Security.xcodeproj/project.pbxproj"), as: UTF8.self)
  }

  @Test("git merge with the driver keeps both frameworks and the version, in Xcode's layout")
  func merge() throws {
    let (repository, expected) = try Self.branches(drivers: .installed)
    let merge = try repository.run("merge", "-q", "--no-edit", "feature", allowFailure: true)
    #expect(merge.status == 0, "\(merge.output)\(merge.stderr)")
    #expect(try Self.projectText(repository) == expected)
    #expect(try repository.run("status", "--porcelain").output == "")
  }

  @Test("git rebase with the driver replays the branch onto main with both frameworks")
  func rebase() throws {
    let (repository, expected) = try Self.branches(drivers: .installed)
    try repository.run("checkout", "-q", "feature")
    let rebase = try repository.run("rebase", "-q", "main", allowFailure: true)
    #expect(rebase.status == 0, "\(rebase.output)\(rebase.stderr)")
    #expect(try Self.projectText(repository) == expected)
    #expect(try repository.run("log", "--format=%s", "main..feature").output == "Security\n")
  }

  @Test("git cherry-pick with the driver applies the branch's commit on main")
  func cherryPick() throws {
    let (repository, expected) = try Self.branches(drivers: .installed)
    let pick = try repository.run("cherry-pick", "feature", allowFailure: true)
    #expect(pick.status == 0, "\(pick.output)\(pick.stderr)")
    #expect(try Self.projectText(repository) == expected)
    #expect(try repository.run("status", "--porcelain").output == "")
  }

  @Test("without the driver git stops on the project; resolve merges it and the merge commits")
  func mergeThenResolve() throws {
    let (repository, expected) = try Self.branches(drivers: .none)
    let merge = try repository.run("merge", "-q", "--no-edit", "feature", allowFailure: true)
    #expect(merge.status == 1, "\(merge.output)\(merge.stderr)")
    let path = "Pareto Security.xcodeproj/project.pbxproj"
    #expect(try repository.run("status", "--porcelain").output == "UU \"\(path)\"\n")
    let resolve = try repository.plistkit("resolve", path)
    #expect(resolve.status == 0, "\(resolve.stderr)")
    #expect(resolve.output == "\(path): merged, marked resolved\n")
    #expect(try Self.projectText(repository) == expected)
    try repository.run("commit", "-q", "--no-edit")
    #expect(try repository.run("status", "--porcelain").output == "")
  }

  @Test("without the driver a rebase stops on the project; resolve and rebase --continue finish it")
  func rebaseThenResolve() throws {
    let (repository, expected) = try Self.branches(drivers: .none)
    try repository.run("checkout", "-q", "feature")
    let rebase = try repository.run("rebase", "-q", "main", allowFailure: true)
    #expect(rebase.status != 0)
    let folder = repository.folder.path + "/Pareto Security.xcodeproj"
    // Run from the project's folder: FILE is relative to where resolve runs.
    let resolve = try repository.plistkit("resolve", "project.pbxproj", in: folder)
    #expect(resolve.status == 0, "\(resolve.stderr)")
    #expect(resolve.output == "project.pbxproj: merged, marked resolved\n")
    var environment = repository.environment
    environment["GIT_EDITOR"] = "true"
    let next = try CLI.run(
      ["rebase", "--continue"], environment: environment, program: repository.git, directory: repository.folder.path)
    #expect(next.status == 0, "\(next.stderr)")
    #expect(try Self.projectText(repository) == expected)
  }
}
