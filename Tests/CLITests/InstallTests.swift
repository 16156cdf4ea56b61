import Foundation
import Testing

/// `scripts/install.sh` into a temporary prefix: the installed binary runs, under its own name
/// and as `plutil`, its man page is found by `man`, its bash completion completes, and
/// `--uninstall` takes everything away again.
@Suite("install")
struct InstallTests {
  static let script = CLI.root.appendingPathComponent("scripts/install.sh").path

  static func install(_ arguments: [String], environment: [String: String] = [:]) throws -> CLI.Run {
    try CLI.run([script] + arguments, environment: environment, program: "/bin/sh", directory: CLI.root.path)
  }

  /// Every file and link under `folder`, relative to it, sorted.
  static func contents(_ folder: String) throws -> [String] {
    let enumerator = try #require(FileManager.default.enumerator(atPath: folder))
    return enumerator.compactMap { $0 as? String }.filter { path in
      var isFolder: ObjCBool = false
      let full = folder + "/" + path
      if (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) != nil { return true }
      return FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) && !isFolder.boolValue
    }.sorted()
  }

  @Test(
    "install puts the binary, man page, completions and the plutil and PlistBuddy links in the prefix; uninstall removes them"
  )
  func installAndUninstall() throws {
    let folder = try TemporaryDirectory()
    let prefix = folder.path + "/prefix"
    let installed = try Self.install(["--prefix", prefix, "--binary", CLI.binary])
    #expect(installed.status == 0, "\(installed.stderr)")
    #expect(
      try Self.contents(prefix) == [
        "bin/PlistBuddy", "bin/plistkit", "bin/plutil", "share/bash-completion/completions/plistkit",
        "share/fish/vendor_completions.d/plistkit.fish", "share/man/man1/plistkit.1",
        "share/plistkit/installed-files", "share/zsh/site-functions/_plistkit",
      ])
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: prefix + "/bin/plutil") == "plistkit")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: prefix + "/bin/PlistBuddy") == "plistkit")

    // The installed binary runs, under both names.
    let version = try CLI.run(["--version"], program: prefix + "/bin/plistkit")
    #expect(version.status == 0)
    #expect(version.output.hasPrefix("plistkit "))
    let lint = try CLI.run(["-lint", CLI.sample("computers.plist")], program: prefix + "/bin/plutil")
    #expect(lint.output == "\(CLI.sample("computers.plist")): OK\n")
    let buddy = try CLI.run(["-c", "Print :0", CLI.sample("computers.plist")], program: prefix + "/bin/PlistBuddy")
    #expect(buddy.status == 0)
    #expect(buddy.output == (try CLI.run(["get", CLI.sample("computers.plist"), "0"]).output))

    // The installed bash completion completes a command.
    let completion = prefix + "/share/bash-completion/completions/plistkit"
    let program = """
      source '\(completion)'
      COMP_WORDS=(plistkit conv); COMP_CWORD=1; _plistkit; printf '%s\\n' "${COMPREPLY[@]}"
      """
    let completed = try CLI.run(["-c", program], program: "/bin/bash")
    #expect(completed.output == "convert\n")

    // A reinstall replaces its own files and links.
    #expect(try Self.install(["--prefix", prefix, "--binary", CLI.binary]).status == 0)

    let removed = try Self.install(["--uninstall", "--prefix", prefix])
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(try Self.contents(folder.path) == [])
    #expect(!FileManager.default.fileExists(atPath: prefix + "/share"))
  }

  @Test(
    "man finds the installed page in the prefix",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/man"), "needs man (.ci/run installs it)"))
  func manFindsThePage() throws {
    let folder = try TemporaryDirectory()
    let prefix = folder.path + "/prefix"
    let installed = try Self.install(["--prefix", prefix, "--binary", CLI.binary])
    #expect(installed.status == 0, "\(installed.stderr)")
    let page = try CLI.run(
      ["-P", "cat", "plistkit"], environment: ["MANPATH": prefix + "/share/man", "MANWIDTH": "80"],
      program: "/usr/bin/man")
    #expect(page.status == 0, "\(page.stderr)")
    #expect(page.output.contains("convert"))
  }

  @Test("PREFIX in the environment, another plutil left alone, and nothing to uninstall is an error")
  func prefixVariableAndForeignFiles() throws {
    let folder = try TemporaryDirectory()
    let prefix = folder.path + "/usr"
    try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
    try folder.file("usr/bin/plutil", "#!/bin/sh\necho another plutil\n")
    let installed = try Self.install(["--binary", CLI.binary], environment: ["PREFIX": prefix])
    #expect(installed.status == 0)
    #expect(installed.stderr.contains("\(prefix)/bin/plutil exists and is not plistkit's link: left alone"))
    #expect(try String(contentsOfFile: prefix + "/bin/plutil", encoding: .utf8) == "#!/bin/sh\necho another plutil\n")
    #expect(try Self.install(["--uninstall"], environment: ["PREFIX": prefix]).status == 0)
    // What the install did not put there stays.
    #expect(try Self.contents(folder.path) == ["usr/bin/plutil"])
    let again = try Self.install(["--uninstall"], environment: ["PREFIX": prefix])
    #expect(again.status == 1)
    #expect(again.stderr.contains("nothing to uninstall"))
    #expect(try Self.install(["--prefix"]).status == 2)
  }
}
