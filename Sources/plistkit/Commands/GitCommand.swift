import PlistDiff
import PlistKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension CommandSpec {
  /// `plistkit git install|uninstall`: the attributes and drivers that make git diff and merge
  /// property lists with plistkit.
  static let git = CommandSpec(
    name: "git",
    abstract: "Set git up to diff and merge property lists with plistkit (install), or undo that (uninstall).",
    discussion: """
      install sends *.plist, *.pbxproj, *.strings, *.xcstrings and *.entitlements files to \
      plistkit's textconv (for git diff) and its merge driver (for git merge, rebase and \
      cherry-pick): it adds the lines it lacks to the repository's .gitattributes (committed, so \
      the whole team's clones know these files; a clone without the drivers configured diffs and \
      merges them as git always did) and sets diff.plist.textconv, merge.plist.* and \
      merge.pbxproj.* in the repository's own configuration with git config. With --global it \
      does the same for every repository of the user: git config --global, and the attributes \
      file git reads for all of them (core.attributesFile, else $XDG_CONFIG_HOME/git/attributes \
      or ~/.config/git/attributes). Running it again changes nothing; an entry the user set to \
      something else is left alone and reported (exit 1, nothing written). uninstall removes \
      exactly those lines and entries, and a section of git's configuration it leaves empty; \
      every other line stays byte for byte, and an attributes file left empty is removed.
      """,
    options: [GitSetupJob.global.spec],
    arguments: [GitSetupJob.action.spec],
    examples: [
      Example(
        command: "plistkit git install --global",
        explanation: "Diff and merge property lists with plistkit in all of your repositories."),
      Example(
        command: "git init -q -b main && plistkit git install && plistkit git uninstall",
        explanation: "Set up one repository, then undo it: .gitattributes and .git/config are as before."),
    ],
    exitCodes: ExitCodeNote.codes(
      success: "installed or uninstalled (or already so)",
      failure: "not in a repository without --global, an entry set to another value, or git failed"),
    run: { context in try GitSetupJob(context).run() }
  )
}

/// One run of `git install` or `git uninstall`.
private struct GitSetupJob {
  static let global = Option.flag(
    "global", help: "Set up every repository of the user (git config --global and the global attributes file).")
  static let actions = ["install", "uninstall"]
  static let action = Argument.single("ACTION", help: "install or uninstall.", completion: .words(actions))

  let context: CommandContext
  let setup = GitDriverSetup()
  let isGlobal: Bool

  init(_ context: CommandContext) {
    self.context = context
    isGlobal = context[Self.global]
  }

  /// `--global` or `--local`: the one configuration file git config reads and writes here.
  var scope: String { isGlobal ? "--global" : "--local" }
  /// That file, in messages.
  var scopeName: String { isGlobal ? "the global git configuration" : "the repository's git configuration" }

  func run() throws(CommandError) -> ExitStatus {
    let action = context[Self.action] ?? ""
    guard Self.actions.contains(action) else {
      let hint = Suggestion.hint(for: action, among: Self.actions)
      throw .usage("unknown action '\(action)'; expected install or uninstall\(hint)")
    }
    let attributes = try attributesFile()
    return action == "install" ? try install(attributes: attributes) : try uninstall(attributes: attributes)
  }

  /// The attributes file, and its name in messages: the repository's `.gitattributes` (at
  /// its root, wherever in the working tree the command runs), or with `--global` the one
  /// git reads for every repository.
  private func attributesFile() throws(CommandError) -> AttributesFile {
    if isGlobal {
      guard let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty else {
        throw .failure("HOME is not set, so there is no global git configuration")
      }
      let configured = try git(["config", "--path", "--get", "core.attributesFile"], allowing: [1])
      let path = GitDriverSetup.globalAttributesPath(
        configured: configured.succeeded ? configured.text : nil, home: home,
        xdgConfigHome: getenv("XDG_CONFIG_HOME").map { String(cString: $0) })
      return AttributesFile(path: path, shown: path)
    }
    let inside = try GitProcess.run(["rev-parse", "--is-inside-work-tree"])
    guard inside.succeeded, inside.text == "true" else {
      throw .failure(
        "not in a git repository's working tree; run this inside one, or give --global to set up all of yours")
    }
    return AttributesFile(
      path: try git(["rev-parse", "--show-toplevel"]).text + "/.gitattributes", shown: ".gitattributes")
  }

  /// An attributes file's path, and how messages name it.
  struct AttributesFile {
    var path: String
    var shown: String
  }

  private func install(attributes file: AttributesFile) throws(CommandError) -> ExitStatus {
    let path = file.path
    var missing: [GitDriverSetup.ConfigEntry] = []
    var others: [String] = []
    for entry in setup.configEntries {
      let current = try git(["config", scope, "--get-all", entry.key], allowing: [1])
      if !current.succeeded {
        missing.append(entry)
      } else if current.text != entry.value {
        others.append(entry.key)
        context.report(
          "\(entry.key) is already set to '\(LineSafeText.escaped(current.text))' in \(scopeName); "
            + "unset it (git config \(scope) --unset-all \(entry.key)) to install plistkit's")
      }
    }
    guard others.isEmpty else {
      context.report("nothing was changed")
      return .failure
    }
    let before = try readAttributes(path)
    let after = setup.installing(into: before ?? [])
    for entry in missing {
      try git(["config", scope, entry.key, entry.value])
      say("set \(entry.key) = \(entry.value)")
    }
    if after != (before ?? []) {
      try makeParentFolders(of: path)
      try PropertyListIO.writeFile(after, to: path)
      say("added plistkit's attributes to \(file.shown)")
    }
    if missing.isEmpty && after == (before ?? []) { say("already installed in \(scopeName) and \(file.shown)") }
    return .success
  }

  private func uninstall(attributes file: AttributesFile) throws(CommandError) -> ExitStatus {
    let path = file.path
    var changed = false
    for entry in setup.configEntries {
      let current = try git(["config", scope, "--get-all", entry.key], allowing: [1])
      guard current.succeeded else { continue }
      guard current.text == entry.value else {
        context.report(
          "\(entry.key) is '\(LineSafeText.escaped(current.text))' in \(scopeName), not what install sets; left as it is"
        )
        continue
      }
      try git(["config", scope, "--unset-all", entry.key])
      say("unset \(entry.key)")
      changed = true
    }
    // git config --unset leaves a section's header behind; a section with nothing left in it
    // goes too, so that the file is as it was before install.
    for section in GitDriverSetup.configSections {
      let pattern = "^" + section.split(separator: ".").joined(separator: "\\.") + "\\."
      let left = try git(["config", scope, "--get-regexp", pattern], allowing: [1])
      if !left.succeeded { _ = try GitProcess.run(["config", scope, "--remove-section", section]) }
    }
    if let before = try readAttributes(path) {
      let after = setup.uninstalling(from: before)
      if after != before {
        if after.isEmpty {
          guard unlink(path) == 0 else {
            throw .failure("\(path): cannot remove: \(String(cString: strerror(errno)))")
          }
          say("removed \(file.shown), which held only plistkit's attributes")
        } else {
          try PropertyListIO.writeFile(after, to: path)
          say("removed plistkit's attributes from \(file.shown)")
        }
        changed = true
      }
    }
    if !changed { say("not installed in \(scopeName) or \(file.shown); nothing changed") }
    return .success
  }

  @discardableResult
  private func git(_ arguments: [String], allowing: Set<Int32> = []) throws(CommandError) -> GitProcess.Result {
    try GitProcess.checked(arguments, allowing: allowing)
  }

  /// The attributes file's bytes, or nil when there is none.
  private func readAttributes(_ path: String) throws(CommandError) -> [UInt8]? {
    guard FileSystem.exists(path) else { return nil }
    return try PropertyListIO.readBytes(path).array
  }

  /// Makes the folders above `path` that do not exist (`~/.config/git/`, say).
  private func makeParentFolders(of path: String) throws(CommandError) {
    var folder = ""
    for (index, component) in path.split(separator: "/", omittingEmptySubsequences: false).dropLast().enumerated() {
      folder = index == 0 ? String(component) : folder + "/" + component
      if folder.isEmpty || FileSystem.exists(folder) { continue }
      guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
        throw .failure("\(folder): cannot make the folder: \(String(cString: strerror(errno)))")
      }
    }
  }

  private func say(_ line: String) {
    if !context.isQuiet { context.output.writeLine(LineSafeText.escaped(line)) }
  }
}
