import Foundation
import PlistKit
import Testing

/// `plistkit` wired into git as the diff guide says, in a real repository: textconv for diffs,
/// the merge driver for merges.
@Suite("git integration")
struct GitIntegrationTests {
  /// A git repository in a fresh folder, with `plistkit` on the PATH git runs its drivers with.
  struct Repository {
    /// How the repository is wired to plistkit.
    enum Drivers {
      /// The attributes and `git config` entries Documentation/diff-merge-git.md shows `git install` writing, set
      /// by hand.
      case byHand
      /// `plistkit git install`.
      case installed
      /// None: git merges and diffs property lists as it always does.
      case none
    }

    let folder: TemporaryDirectory
    let git: String
    /// `HOME` for git and plistkit: the repository's folder unless given.
    let home: String

    init(drivers: Drivers = .byHand, home: String? = nil) throws {
      folder = try TemporaryDirectory()
      self.home = home ?? folder.path
      git = try GitIntegrationTests.gitExecutable()
      try run("init", "-q", "-b", "main")
      try run("config", "user.name", "Test")
      try run("config", "user.email", "test@example.com")
      try run("config", "commit.gpgsign", "false")
      switch drivers {
      case .byHand: try wireByHand()
      case .installed: #expect(try plistkit("git", "install", "--quiet").status == 0)
      case .none: break
      }
    }

    /// What Documentation/diff-merge-git.md shows `git install` writing, set by hand (the attributes for `*.plist`
    /// and `*.pbxproj`).
    private func wireByHand() throws {
      try folder.file(
        ".gitattributes", "*.plist diff=plist merge=plist\n*.pbxproj diff=plist merge=pbxproj\n")
      try run("config", "diff.plist.textconv", "plistkit textconv")
      try run("config", "merge.plist.name", "plistkit three-way merge")
      try run("config", "merge.plist.driver", "plistkit merge %O %A %B --marker-size %L --path %P")
      try run("config", "merge.pbxproj.name", "plistkit three-way merge of Xcode projects")
      try run("config", "merge.pbxproj.driver", "plistkit merge %O %A %B --marker-size %L --path %P")
    }

    /// What git and plistkit run with: `plistkit` first on the PATH, no system configuration,
    /// and `HOME` (so the global configuration) of the test's own.
    var environment: [String: String] {
      let binFolder = URL(fileURLWithPath: CLI.binary).deletingLastPathComponent().path
      let path = binFolder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
      return ["PATH": path, "GIT_CONFIG_NOSYSTEM": "1", "HOME": home, "XDG_CONFIG_HOME": ""]
    }

    /// Runs `plistkit` in the repository (or in `directory`), as git's environment has it.
    @discardableResult
    func plistkit(_ arguments: String..., in directory: String? = nil) throws -> CLI.Run {
      try CLI.run(arguments, environment: environment, directory: directory ?? folder.path)
    }

    /// Runs git in the repository; throws unless it exits 0 (or `allowFailure`).
    @discardableResult
    func run(_ arguments: String..., allowFailure: Bool = false) throws -> CLI.Run {
      let result = try CLI.run(arguments, environment: environment, program: git, directory: folder.path)
      if !allowFailure && result.status != 0 {
        Issue.record("git \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
      }
      return result
    }

    func commitAll(_ message: String) throws {
      try run("add", "-A")
      try run("commit", "-q", "-m", message)
    }

    func write(_ value: PropertyList, to name: String, as format: PropertyListFormat) throws {
      try folder.file(name, try value.serialized(as: format))
    }

    func read(_ name: String) throws -> PropertyList { try PropertyList(bytes: try folder.contents(name)) }
  }

  /// The git the tests drive.
  static func gitExecutable() throws -> String {
    try #require(
      ["/usr/bin/git", "/usr/local/bin/git", "/bin/git"].first { FileManager.default.isExecutableFile(atPath: $0) },
      "git is a dependency of the tests (.ci/run installs it)")
  }

  static let settings: PropertyList = ["Name": "Presidents", "Version": "1.0", "Count": 43, "Tags": ["book"]]

  static func withValue(_ value: PropertyList, at key: String, _ new: PropertyList) -> PropertyList {
    var copy = value
    try? copy.setValue(new, at: PropertyListKeyPath(components: [key]))
    return copy
  }

  @Test("two branches merge through the driver: a binary plist's keys and a project's files", .needsCorpus("xcode"))
  func cleanMerge() throws {
    let repository = try Repository()
    let fixture = Corpus.path("xcode/cocoa-application.pbxproj")
    try repository.write(Self.settings, to: "Settings.plist", as: .binary)
    _ = try ProjectEdits.copy(fixture, to: repository.folder.path + "/project.pbxproj")
    try repository.commitAll("base")

    try repository.run("checkout", "-q", "-b", "feature")
    try repository.write(Self.withValue(Self.settings, at: "Version", "2.0"), to: "Settings.plist", as: .binary)
    try ProjectEdits.addFile(
      "Theirs.swift", ids: ("BB0000000000000000000001", "BB0000000000000000000002"),
      to: repository.folder.path + "/project.pbxproj")
    try repository.commitAll("theirs")

    try repository.run("checkout", "-q", "main")
    try repository.write(Self.withValue(Self.settings, at: "Count", 44), to: "Settings.plist", as: .binary)
    try ProjectEdits.addFile(
      "Ours.swift", ids: ("AA0000000000000000000001", "AA0000000000000000000002"),
      to: repository.folder.path + "/project.pbxproj")
    try repository.commitAll("ours")

    let merge = try repository.run("merge", "-q", "--no-edit", "feature", allowFailure: true)
    #expect(merge.status == 0, "\(merge.output)\(merge.stderr)")
    let settings = try repository.folder.contents("Settings.plist")
    #expect(settings.starts(with: Array("bplist00".utf8)))
    #expect(
      try PropertyList(bytes: settings) == ["Name": "Presidents", "Version": "2.0", "Count": 44, "Tags": ["book"]])
    let project = String(decoding: try repository.folder.contents("project.pbxproj"), as: UTF8.self)
    #expect(project.hasPrefix("// !$*UTF8*$!\n"))
    #expect(
      project.contains(
        "\t\t\t\tAA0000000000000000000002 /* Ours.swift in Sources */,\n\t\t\t\tBB0000000000000000000002 /* Theirs.swift in Sources */,\n"
      ))
    #expect(try repository.run("status", "--porcelain").output == "")
  }

  @Test("a real conflict stops git merge and leaves OURS as it was")
  func conflict() throws {
    let repository = try Repository()
    try repository.write(Self.settings, to: "Settings.plist", as: .binary)
    try repository.commitAll("base")
    try repository.run("checkout", "-q", "-b", "feature")
    try repository.write(Self.withValue(Self.settings, at: "Version", "2.0-theirs"), to: "Settings.plist", as: .binary)
    try repository.commitAll("theirs")
    try repository.run("checkout", "-q", "main")
    let ours = Self.withValue(Self.settings, at: "Version", "2.0-ours")
    try repository.write(ours, to: "Settings.plist", as: .binary)
    try repository.commitAll("ours")
    let oursBytes = try repository.folder.contents("Settings.plist")

    let merge = try repository.run("merge", "--no-edit", "feature", allowFailure: true)
    #expect(merge.status != 0)
    #expect(
      merge.output.contains(#"CONFLICT Version (both changed): BASE "1.0" | OURS "2.0-ours" | THEIRS "2.0-theirs""#))
    #expect(merge.output.contains("CONFLICT (content): Merge conflict in Settings.plist"))
    #expect(try repository.folder.contents("Settings.plist") == oursBytes)
    #expect(try repository.run("status", "--porcelain").output == "UU Settings.plist\n")
  }

  @Test("the driver's messages name the file's path in the repository, not git's temporary copies")
  func messagesNameTheRealFile() throws {
    let repository = try Repository()
    try FileManager.default.createDirectory(
      atPath: repository.folder.path + "/App Config", withIntermediateDirectories: true)
    let name = "App Config/Settings.plist"
    try repository.write(Self.settings, to: name, as: .binary)
    try repository.folder.file("Broken.plist", "<plist><dict><key>A</key><string>1</string></dict></plist>\n")
    try repository.commitAll("base")
    try repository.run("checkout", "-q", "-b", "feature")
    try repository.write(Self.withValue(Self.settings, at: "Version", "2.0-theirs"), to: name, as: .binary)
    try repository.folder.file("Broken.plist", "<plist><dict><key>A</key><string>2</string></dict>\n")
    try repository.commitAll("theirs")
    try repository.run("checkout", "-q", "main")
    try repository.write(Self.withValue(Self.settings, at: "Version", "2.0-ours"), to: name, as: .binary)
    try repository.folder.file("Broken.plist", "<plist><dict><key>A</key><string>3</string></dict></plist>\n")
    try repository.commitAll("ours")

    let merge = try repository.run("merge", "--no-edit", "feature", allowFailure: true)
    #expect(merge.status != 0)
    #expect(
      merge.stderr.contains("plistkit: 1 conflict; App Config/Settings.plist was not written\n"), "\(merge.stderr)")
    #expect(
      merge.output.contains(
        #"App Config/Settings.plist: CONFLICT Version (both changed): BASE "1.0" | OURS "2.0-ours" | THEIRS "2.0-theirs""#
          + "\n"), "\(merge.output)")
    #expect(merge.stderr.contains("plistkit: Broken.plist (THEIRS):"), "\(merge.stderr)")
    #expect(!merge.stderr.contains(".merge_file"), "\(merge.stderr)")
    #expect(!merge.output.contains(".merge_file"), "\(merge.output)")
  }

  @Test(
    "with --conflict-markers, a conflict in a project file leaves OURS' text with markers, all else as it was",
    .needsCorpus("xcode"))
  func conflictMarkers() throws {
    let repository = try Repository()
    try repository.run(
      "config", "merge.pbxproj.driver", "plistkit merge %O %A %B --marker-size %L --path %P --conflict-markers")
    let fixture = Corpus.path("xcode/cocoa-application.pbxproj")
    let baseText = try String(contentsOfFile: fixture, encoding: .utf8)
    let setting = "\t\t\t\tMACOSX_DEPLOYMENT_TARGET = 10.8;\n"
    let first = try #require(baseText.range(of: setting))
    func changed(_ target: String) -> String {
      baseText.replacingCharacters(in: first, with: setting.replacingOccurrences(of: "10.8", with: target))
    }
    try repository.folder.file("project.pbxproj", baseText)
    try repository.commitAll("base")
    try repository.run("checkout", "-q", "-b", "feature")
    try repository.folder.file("project.pbxproj", changed("10.10"))
    try repository.commitAll("theirs")
    try repository.run("checkout", "-q", "main")
    try repository.folder.file("project.pbxproj", changed("10.9"))
    try repository.commitAll("ours")

    let merge = try repository.run("merge", "--no-edit", "feature", allowFailure: true)
    #expect(merge.status != 0)
    #expect(merge.output.contains("CONFLICT (content): Merge conflict in project.pbxproj"))
    let marked =
      "<<<<<<< OURS\n" + setting.replacingOccurrences(of: "10.8", with: "10.9") + "=======\n"
      + setting.replacingOccurrences(of: "10.8", with: "10.10") + ">>>>>>> THEIRS\n"
    #expect(
      String(decoding: try repository.folder.contents("project.pbxproj"), as: UTF8.self)
        == baseText.replacingCharacters(in: first, with: marked))
    #expect(try repository.run("status", "--porcelain").output == "UU project.pbxproj\n")
  }

  @Test("git diff of a binary plist shows the textconv form")
  func textconvDiff() throws {
    let repository = try Repository()
    try repository.write(Self.settings, to: "Settings.plist", as: .binary)
    try repository.commitAll("base")
    var changed = Self.withValue(Self.settings, at: "Version", "1.1")
    try changed.insertValue("app", at: "Tags.1")
    try repository.write(changed, to: "Settings.plist", as: .binary)
    let diff = try repository.run("diff", "--no-color", "-U0", "Settings.plist")
    let body = diff.output.split(separator: "\n").filter { $0.hasPrefix("+") || $0.hasPrefix("-") }
      .filter { !$0.hasPrefix("+++") && !$0.hasPrefix("---") }
    #expect(body == [#"+  "app""#, #"-Version = "1.0""#, #"+Version = "1.1""#])
  }
}
