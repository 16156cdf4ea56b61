import Foundation
import PlistKit
import Testing

/// `plistkit git install` and `uninstall` in real repositories and a real home folder: what git
/// then sees, that a second install changes nothing, and that uninstall leaves every other
/// byte as it was.
@Suite("git install and uninstall")
struct GitSetupCommandTests {
  typealias Repository = GitIntegrationTests.Repository

  static let attributeLines = """
    # Property lists: diffs and merges by plistkit (plistkit git install)
    *.plist diff=plist merge=plist
    *.pbxproj diff=plist merge=pbxproj
    *.strings diff=plist merge=plist
    *.xcstrings diff=plist merge=plist
    *.entitlements diff=plist merge=plist

    """

  static let driver = "plistkit merge %O %A %B --marker-size %L --path %P"

  static let installedLines = """
    set diff.plist.textconv = plistkit textconv
    set merge.plist.name = plistkit three-way merge
    set merge.plist.driver = \(driver)
    set merge.pbxproj.name = plistkit three-way merge of Xcode projects
    set merge.pbxproj.driver = \(driver)

    """

  /// What `git check-attr` says of one file of each kind.
  static func attributes(in repository: Repository) throws -> String {
    try repository.run(
      "check-attr", "diff", "merge", "--", "a.plist", "b.pbxproj", "c.strings", "d.xcstrings", "e.entitlements",
      "f.swift"
    ).output
  }

  /// What `git check-attr` says with plistkit's attributes, `*.swift` as `swiftDiff` has it.
  static func checkedAttributes(swiftDiff: String = "unspecified") -> String {
    """
    a.plist: diff: plist
    a.plist: merge: plist
    b.pbxproj: diff: plist
    b.pbxproj: merge: pbxproj
    c.strings: diff: plist
    c.strings: merge: plist
    d.xcstrings: diff: plist
    d.xcstrings: merge: plist
    e.entitlements: diff: plist
    e.entitlements: merge: plist
    f.swift: diff: \(swiftDiff)
    f.swift: merge: unspecified

    """
  }

  @Test("install adds the attributes and the drivers; again it changes nothing; uninstall restores every byte")
  func installAndUninstall() throws {
    let repository = try Repository(drivers: .none)
    // The user's own lines: an attribute, a comment, and an entry in a section install uses.
    let ownAttributes = "*.swift diff=swift\n# generated files\n*.generated.plist -diff"
    try repository.folder.file(".gitattributes", ownAttributes)
    try repository.run("config", "merge.plist.recursive", "binary")
    let config = try repository.folder.contents(".git/config")

    let install = try repository.plistkit("git", "install")
    #expect(install.status == 0, "\(install.stderr)")
    #expect(install.output == Self.installedLines + "added plistkit's attributes to .gitattributes\n")
    #expect(install.stderr == "")
    // An unterminated last line is ended, then the block follows.
    #expect(
      String(decoding: try repository.folder.contents(".gitattributes"), as: UTF8.self)
        == ownAttributes + "\n" + Self.attributeLines)
    #expect(try Self.attributes(in: repository) == Self.checkedAttributes(swiftDiff: "swift"))
    #expect(try repository.run("config", "--get", "merge.pbxproj.driver").output == Self.driver + "\n")
    #expect(try repository.run("config", "--get", "diff.plist.textconv").output == "plistkit textconv\n")
    #expect(try repository.run("config", "--get", "merge.plist.recursive").output == "binary\n")

    let installed = (try repository.folder.contents(".gitattributes"), try repository.folder.contents(".git/config"))
    let again = try repository.plistkit("git", "install")
    #expect(again.status == 0)
    #expect(again.output == "already installed in the repository's git configuration and .gitattributes\n")
    #expect(try repository.folder.contents(".gitattributes") == installed.0)
    #expect(try repository.folder.contents(".git/config") == installed.1)

    let uninstall = try repository.plistkit("git", "uninstall")
    #expect(uninstall.status == 0, "\(uninstall.stderr)")
    #expect(
      uninstall.output
        == """
        unset diff.plist.textconv
        unset merge.plist.name
        unset merge.plist.driver
        unset merge.pbxproj.name
        unset merge.pbxproj.driver
        removed plistkit's attributes from .gitattributes

        """)
    #expect(String(decoding: try repository.folder.contents(".gitattributes"), as: UTF8.self) == ownAttributes + "\n")
    #expect(try repository.folder.contents(".git/config") == config)
    let twice = try repository.plistkit("git", "uninstall")
    #expect(twice.status == 0)
    #expect(twice.output == "not installed in the repository's git configuration or .gitattributes; nothing changed\n")
  }

  @Test("from a subfolder, the attributes go to the repository's root; a file of only plistkit's lines is removed")
  func fromASubfolder() throws {
    let repository = try Repository(drivers: .none)
    let config = try repository.folder.contents(".git/config")
    try FileManager.default.createDirectory(
      atPath: repository.folder.path + "/App/Resources", withIntermediateDirectories: true)
    let install = try repository.plistkit("git", "install", "-q", in: repository.folder.path + "/App/Resources")
    #expect(install.status == 0 && install.output == "" && install.stderr == "")
    #expect(String(decoding: try repository.folder.contents(".gitattributes"), as: UTF8.self) == Self.attributeLines)
    #expect(!FileManager.default.fileExists(atPath: repository.folder.path + "/App/Resources/.gitattributes"))
    #expect(try Self.attributes(in: repository) == Self.checkedAttributes())

    #expect(try repository.plistkit("git", "uninstall", in: repository.folder.path + "/App").status == 0)
    #expect(!FileManager.default.fileExists(atPath: repository.folder.path + "/.gitattributes"))
    #expect(try repository.folder.contents(".git/config") == config)
  }

  @Test("install leaves a driver the user configured alone, says so and changes nothing; uninstall leaves it too")
  func usersOwnDriver() throws {
    let repository = try Repository(drivers: .none)
    try repository.run("config", "merge.plist.driver", "my-merge %O %A %B")
    let config = try repository.folder.contents(".git/config")
    let install = try repository.plistkit("git", "install")
    #expect(install.status == 1)
    #expect(install.output == "")
    #expect(
      install.stderr
        == "plistkit: merge.plist.driver is already set to 'my-merge %O %A %B' in the repository's git configuration; "
        + "unset it (git config --local --unset-all merge.plist.driver) to install plistkit's\n"
        + "plistkit: nothing was changed\n")
    #expect(try repository.folder.contents(".git/config") == config)
    #expect(!FileManager.default.fileExists(atPath: repository.folder.path + "/.gitattributes"))

    let uninstall = try repository.plistkit("git", "uninstall")
    #expect(uninstall.status == 0)
    #expect(
      uninstall.stderr
        == "plistkit: merge.plist.driver is 'my-merge %O %A %B' in the repository's git configuration, not what install sets; left as it is\n"
    )
    #expect(try repository.folder.contents(".git/config") == config)
  }

  @Test("--global: git config --global and ~/.config/git/attributes, made if missing, and taken away again")
  func global() throws {
    let home = try TemporaryDirectory()
    let ownConfig = "[user]\n\tname = Someone\n[core]\n\tautocrlf = input\n"
    try home.file(".gitconfig", ownConfig)
    let repository = try Repository(drivers: .none, home: home.path)
    let install = try repository.plistkit("git", "install", "--global")
    #expect(install.status == 0, "\(install.stderr)")
    let attributesPath = home.path + "/.config/git/attributes"
    #expect(install.output == Self.installedLines + "added plistkit's attributes to \(attributesPath)\n")
    #expect(String(decoding: try home.contents(".config/git/attributes"), as: UTF8.self) == Self.attributeLines)
    #expect(try repository.run("config", "--global", "--get", "merge.plist.driver").output == Self.driver + "\n")
    // Every repository of the user sees them, without a file of its own.
    #expect(try Self.attributes(in: repository) == Self.checkedAttributes())
    #expect(try repository.run("config", "--local", "--get-regexp", "^merge", allowFailure: true).output == "")

    let uninstall = try repository.plistkit("git", "uninstall", "--global")
    #expect(uninstall.status == 0, "\(uninstall.stderr)")
    #expect(uninstall.output.hasSuffix("removed \(attributesPath), which held only plistkit's attributes\n"))
    #expect(String(decoding: try home.contents(".gitconfig"), as: UTF8.self) == ownConfig)
    #expect(!FileManager.default.fileExists(atPath: attributesPath))
  }

  @Test("--global writes the attributes file git reads: core.attributesFile, else under XDG_CONFIG_HOME")
  func globalAttributesFile() throws {
    let home = try TemporaryDirectory()
    let repository = try Repository(drivers: .none, home: home.path)
    try repository.run("config", "--global", "core.attributesFile", "~/my-attributes")
    try home.file("my-attributes", "*.psd binary\n")
    #expect(try repository.plistkit("git", "install", "--global", "-q").status == 0)
    #expect(
      String(decoding: try home.contents("my-attributes"), as: UTF8.self) == "*.psd binary\n" + Self.attributeLines)
    #expect(try repository.plistkit("git", "uninstall", "--global", "-q").status == 0)
    #expect(String(decoding: try home.contents("my-attributes"), as: UTF8.self) == "*.psd binary\n")

    try repository.run("config", "--global", "--unset", "core.attributesFile")
    let xdg = try TemporaryDirectory()
    var environment = repository.environment
    environment["XDG_CONFIG_HOME"] = xdg.path
    let install = try CLI.run(
      ["git", "install", "--global", "-q"], environment: environment, directory: repository.folder.path)
    #expect(install.status == 0, "\(install.stderr)")
    #expect(String(decoding: try xdg.contents("git/attributes"), as: UTF8.self) == Self.attributeLines)
  }

  @Test("outside a repository, install without --global says where to run it; a wrong action is a usage error")
  func outsideARepository() throws {
    let folder = try TemporaryDirectory()
    let repository = try Repository(drivers: .none)
    let install = try repository.plistkit("git", "install", in: folder.path)
    #expect(install.status == 1)
    #expect(
      install.stderr
        == "plistkit: not in a git repository's working tree; run this inside one, or give --global to set up all of yours\n"
    )
    let wrong = try repository.plistkit("git", "instal")
    #expect(wrong.status == 2)
    #expect(wrong.stderr.contains("unknown action 'instal'; expected install or uninstall"), "\(wrong.stderr)")
  }
}

extension GitSetupCommandTests {
  @Test("every shell completes git's ACTION with install and uninstall")
  func completions() throws {
    let lines = [
      "bash": #"      COMPREPLY=($(compgen -W "install uninstall" -- "$cur")) ;;"#,
      "zsh": "        '*:argument:(install uninstall)' ;;",
      "fish": "complete -c plistkit -n '__fish_seen_subcommand_from git' -a 'install uninstall'",
    ]
    for (shell, line) in lines {
      let script = try CLI.run(["completions", shell])
      #expect(script.status == 0)
      #expect(script.output.split(separator: "\n").contains { $0 == line }, "\(shell)")
    }
  }
}
