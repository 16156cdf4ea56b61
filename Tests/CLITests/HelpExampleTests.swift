import Foundation
import PlistKit
import Testing

/// The examples that `--help` shows run as a user would type them: each command line is taken
/// from the help the built binary prints, run by bash in a folder holding the files it names,
/// and must exit as its explanation says (`(exit N)`), else 0.
@Suite("the examples in --help")
struct HelpExampleTests {
  /// How many examples each command's help shows. A command missing here, or an example that
  /// drops out of a help text, fails: no example is left unrun by going missing.
  static let exampleCounts: KeyValuePairs<String, Int> = [
    "convert": 5, "lint": 3, "print": 3, "get": 6, "type": 2, "set": 4, "insert": 3, "remove": 2, "move": 3,
    "expand": 3, "create": 2, "unarchive": 2, "extract": 3, "archive": 1, "validate": 3, "diff": 2, "merge": 2,
    "textconv": 2, "resolve": 2, "git": 2, "strings": 5, "sections": 4, "filter": 4, "completions": 2, "help": 2,
  ]

  /// The commands whose examples need nothing but the project and bash (`help`'s pipe the
  /// manual into man).
  static let plainCommands = exampleCounts.map(\.key).filter { $0 != "help" }

  /// One example: the command line after `$ `, and what the help says it does.
  struct Example: CustomStringConvertible {
    var commandLine: String
    var explanation: String

    /// The status the explanation documents with `(exit N`, or 0.
    var expectedStatus: Int32 {
      guard let match = explanation.firstMatch(of: /\(exit (\d+)/) else { return 0 }
      return Int32(match.1) ?? -1
    }

    var description: String { commandLine }
  }

  /// The command names listed under `Commands:` in `plistkit --help` (a wrapped abstract's
  /// continuation lines are indented further).
  static func commands() throws -> [String] {
    let overview = try CLI.run(["--help"])
    #expect(overview.status == 0)
    let lines = overview.output.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex(of: "Commands:"))
    return lines[(start + 1)...].prefix { !$0.isEmpty }.compactMap { line in
      line.firstMatch(of: #/^  ([a-z]+) /#).map { String($0.1) }
    }
  }

  /// The examples of `plistkit COMMAND --help`: each `  $ ` line under `Examples:`, with the
  /// indented lines after it as its explanation.
  static func examples(of command: String) throws -> [Example] {
    let help = try CLI.run([command, "--help"])
    #expect(help.status == 0, "\(command): \(help.stderr)")
    let lines = help.output.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: "Examples:") else { return [] }
    var examples: [Example] = []
    for line in lines[(start + 1)...].prefix(while: { !$0.isEmpty }) {
      if line.hasPrefix("  $ ") {
        examples.append(Example(commandLine: String(line.dropFirst(4)), explanation: ""))
      } else if line.hasPrefix("    "), !examples.isEmpty {
        let words = line.trimmingCharacters(in: .whitespaces)
        examples[examples.count - 1].explanation +=
          (examples[examples.count - 1].explanation.isEmpty ? "" : " ") + words
      } else {
        Issue.record("\(command): an unexpected line among the examples: \(line)")
      }
    }
    return examples
  }

  @Test("every command's help shows the examples counted here")
  func counts() throws {
    let commands = try Self.commands()
    #expect(commands == Self.exampleCounts.map(\.key))
    for (command, count) in Self.exampleCounts {
      let examples = try Self.examples(of: command)
      #expect(examples.count == count, "\(command): \(examples)")
      for example in examples {
        #expect(example.commandLine.contains("plistkit \(command)"), "\(command): \(example)")
        #expect(!example.explanation.isEmpty, "\(command): \(example)")
        // Run as a test, an example must write nowhere but its own folder.
        #expect(!example.commandLine.contains(" /"), "\(command): \(example) names an absolute path")
      }
    }
  }

  @Test(
    "every example runs and exits as documented",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "needs bash"),
    arguments: plainCommands)
  func examplesRun(command: String) throws {
    try Self.runExamples(of: command)
  }

  @Test(
    "help's examples run and exit as documented",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "needs bash"),
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/man"),
      "needs man, which an example pipes the manual into (.ci/run installs it)"))
  func helpExamplesRun() throws {
    try Self.runExamples(of: "help")
  }

  /// Runs each example of `command` in a folder of its own, prepared by ``prepare(_:)``, with
  /// the built `plistkit` first on the PATH and `HOME` inside the folder. Pipelines run with
  /// `pipefail`, so that `plistkit … | wc -l` fails when plistkit does.
  static func runExamples(of command: String) throws {
    let examples = try examples(of: command)
    #expect(!examples.isEmpty, "\(command) shows no examples")
    let bin = URL(fileURLWithPath: CLI.binary).deletingLastPathComponent().path
    for example in examples {
      let folder = try prepare(TemporaryDirectory())
      if command == "resolve" { try stopMerge(in: folder) }
      let run = try CLI.run(
        ["-o", "pipefail", "-c", example.commandLine],
        environment: ["PATH": "\(bin):/usr/bin:/bin", "HOME": folder.path + "/home"], program: "/bin/bash",
        directory: folder.path)
      #expect(run.status == example.expectedStatus, "\(example): \(run.stderr)")
      #expect(run.stderr.isEmpty, "\(example)")
    }
  }

  /// Makes `folder` a git repository stopped in a merge on `Settings.plist`, a binary plist whose
  /// two branches changed different keys: what `resolve`'s examples finish.
  static func stopMerge(in folder: TemporaryDirectory) throws {
    let git = try GitIntegrationTests.gitExecutable()
    func run(_ arguments: String...) throws -> CLI.Run {
      try CLI.run(
        arguments, environment: ["GIT_CONFIG_NOSYSTEM": "1", "HOME": folder.path + "/home"], program: git,
        directory: folder.path)
    }
    func commit(_ settings: PropertyList, _ message: String) throws {
      try folder.file("Settings.plist", try settings.serialized(as: .binary))
      #expect(try run("add", "Settings.plist").status == 0)
      #expect(try run("commit", "-q", "-m", message).status == 0)
    }
    for setup in [
      ["init", "-q", "-b", "main"], ["config", "user.name", "Test"], ["config", "user.email", "t@example.com"],
    ] {
      #expect(
        try CLI.run(setup, environment: ["HOME": folder.path + "/home"], program: git, directory: folder.path).status
          == 0)
    }
    try commit(["Name": "Demo", "Version": 1], "base")
    #expect(try run("checkout", "-q", "-b", "feature").status == 0)
    try commit(["Name": "Demo app", "Version": 1], "theirs")
    #expect(try run("checkout", "-q", "main").status == 0)
    try commit(["Name": "Demo", "Version": 2], "ours")
    #expect(try run("merge", "-q", "feature").status == 1)
  }

  /// Fills `folder` with what the examples name: copies of `Samples/` and `Schemas/`, and files
  /// written here (an app's Info.plist, two versions of a list and three of a merge, a plist
  /// with archives in its data, an archive's object graph, Terminal's preferences and the
  /// folders of the user's shell completions, a `.swift` file for `ls` to list, a database in the
  /// shape of iMessage's `chat.db`).
  static func prepare(_ folder: TemporaryDirectory) throws -> TemporaryDirectory {
    let files = FileManager.default
    for shipped in ["Samples", "Schemas"] {
      try files.copyItem(at: CLI.root.appendingPathComponent(shipped), to: folder.url.appendingPathComponent(shipped))
    }
    let info: PropertyList = [
      "CFBundleIdentifier": "com.example.demo", "CFBundleShortVersionString": "1.4.2", "CFBundleVersion": "41",
      "CFBundleURLTypes": [["CFBundleURLSchemes": ["demo"]]], "UIRequiredDeviceCapabilities": ["arm64"],
    ]
    try folder.file("Info.plist", info.serialized(as: .xml))
    try folder.file("Localizable.xcstrings", CatalogFixture.text)
    try LocalizationFixture.write(in: folder.url.appendingPathComponent("Resources"))
    try folder.file("App.xcstrings", LocalizationFixture.catalog)
    try ExpandCommandTests.writeFixtures(in: folder)

    let modified = PropertyList.date(PropertyListDate(secondsSinceReferenceDate: 700_000_000))
    let touched = PropertyList.date(PropertyListDate(secondsSinceReferenceDate: 800_000_000))
    let old: PropertyList = [
      "a.txt": ["Size": 10, "ModificationDate": modified], "b.txt": ["Size": 20, "ModificationDate": modified],
    ]
    let new: PropertyList = [
      "a.txt": ["Size": 10, "ModificationDate": touched], "b.txt": ["Size": 25, "ModificationDate": touched],
    ]
    try folder.file("old.plist", old.serialized(as: .xml))
    try folder.file("new.plist", new.serialized(as: .xml))

    // Two sides that change different entries: a merge without conflicts.
    let base: PropertyList = ["Name": "Demo", "Version": 1, "Tags": ["a"]]
    let mine: PropertyList = ["Name": "Demo", "Version": 2, "Tags": ["a"]]
    let theirs: PropertyList = ["Name": "Demo app", "Version": 1, "Tags": ["a"]]
    try folder.file("base.plist", base.serialized(as: .xml))
    try folder.file("mine.plist", mine.serialized(as: .xml))
    try folder.file("theirs.plist", theirs.serialized(as: .xml))

    let presidents = try PropertyListFile.read(path: CLI.sample("Presidents.plist"))
    let settings: PropertyList = ["Font": "Menlo", "Size": 12]
    let cache: PropertyList = [
      "Presidents": .data(presidents), "Settings": .data(try settings.serialized(as: .binary)),
    ]
    try folder.file("cache.plist", cache.serialized(as: .binary))

    // A database in the shape of iMessage's, its messages' bodies in typedstreams.
    let chat = try CLI.run(
      ["python3", CLI.root.appendingPathComponent("scripts/make-chat-db.py").path, folder.path + "/chat.db"],
      program: "/usr/bin/env")
    #expect(chat.status == 0, "\(chat.stderr)")

    let graph = try CLI.run(
      ["unarchive", CLI.sample("Presidents.plist"), "--graph", "-o", folder.path + "/presidents.graph.json"])
    #expect(graph.status == 0, "\(graph.stderr)")

    let home = folder.url.appendingPathComponent("home")
    for path in ["Library/Preferences", ".config/fish/completions", ".local/share/bash-completion/completions"] {
      try files.createDirectory(at: home.appendingPathComponent(path), withIntermediateDirectories: true)
    }
    // Preferences holding a keyed archive in data, as Terminal's hold its fonts and colours.
    let terminal: PropertyList = [
      "Default Window Settings": "Basic",
      "Window Settings": ["Basic": ["Font": .data(presidents), "columnCount": 80, "name": "Basic"]],
    ]
    try Data(try terminal.serialized(as: .xml)).write(
      to: home.appendingPathComponent("Library/Preferences/com.apple.Terminal.plist"))
    try folder.file("main.swift", "print(\"hello\")\n")
    return folder
  }

  @Test("PlistBuddy mode's help examples run on an app's Info.plist")
  func buddyExamplesRun() throws {
    let help = try CLI.run(["help", "buddy"])
    #expect(help.status == 0)
    let lines = help.output.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex(of: "Examples:"))
    // A command at four spaces, what it does at eight.
    let commands = lines[(start + 1)...].prefix { !$0.isEmpty }.filter { !$0.hasPrefix("        ") }
      .map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(commands.count == 4)
    for command in commands {
      let folder = try Self.prepare(TemporaryDirectory())
      let run = try CLI.run(["buddy", "-c", command, folder.path + "/Info.plist"])
      #expect(run.status == 0, "\(command): \(run.stderr)")
      #expect(run.stderr.isEmpty, "\(command)")
    }
  }
}
