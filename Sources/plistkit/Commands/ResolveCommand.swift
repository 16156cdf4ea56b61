import PlistKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension CommandSpec {
  /// `plistkit resolve`: finishes a merge git stopped on, from the sides in its index.
  static let resolve = CommandSpec(
    name: "resolve",
    abstract: "Merge files a git merge, rebase or cherry-pick stopped on, from the versions in git's index.",
    discussion: """
      For a conflict git left without plistkit's merge driver (the driver was not set up, or \
      git merged the file as text): each FILE's common ancestor, our version and their version \
      are read from git's index (stages 1, 2 and 3, as git show :1:FILE shows them) and merged as \
      merge merges them, into the working tree's FILE in OURS' format and layout. A clean merge \
      is marked resolved (git add FILE); real conflicts are reported as the merge driver reports \
      them and written into FILE with conflict markers (text formats; a binary file is left as \
      it is), and FILE stays unmerged. A file both sides added merges from an empty base. A \
      FILE that is not in conflict, one that one side deleted (resolve that with git add or git \
      rm), and a run outside a repository are errors.
      """,
    arguments: [ResolveJob.files.spec],
    examples: [
      Example(
        command: "plistkit resolve Settings.plist",
        explanation: "Finish a merge git stopped on Settings.plist: both branches' changes, marked resolved."),
      Example(
        command: "plistkit resolve $(git diff --name-only --diff-filter=U -- '*.pbxproj' '*.plist')",
        explanation: "Resolve every project file and property list left in conflict."),
    ],
    exitCodes: ExitCodeNote.codes(
      success: "every FILE merged and marked resolved",
      failure: "conflicts: written with markers, FILE left unmerged",
      usage:
        "trouble: not in a repository, a FILE not in conflict or deleted on one side, or a file that could not be read"),
    run: { context in try ResolveJob(context).run() }
  )
}

/// One run of `resolve`.
private struct ResolveJob {
  static let files = Argument.variadic(
    "FILE", help: "A file git left in conflict (relative to the current folder).", completion: .file)

  /// One file's versions in git's index: stage 1 (BASE), 2 (OURS), 3 (THEIRS), by object ID.
  struct Stages {
    var path: String
    var objects: [Int: String] = [:]
  }

  let context: CommandContext

  init(_ context: CommandContext) { self.context = context }

  func run() throws(CommandError) -> ExitStatus {
    let inside = try GitProcess.run(["rev-parse", "--is-inside-work-tree"])
    guard inside.succeeded, inside.text == "true" else {
      throw .usage("not in a git repository's working tree")
    }
    let gitFolder = try git(["rev-parse", "--absolute-git-dir"]).text
    var worst = ExitStatus.success
    for file in context[Self.files] {
      let status: ExitStatus
      do throws(CommandError) {
        status = try resolve(file, scratch: gitFolder)
      } catch {
        if let message = error.message(in: .plistkit) { context.report(message) }
        status = .usage
      }
      if status.rawValue > worst.rawValue { worst = status }
    }
    return worst
  }

  /// Merges the conflicted paths `file` names, each from its stages.
  private func resolve(_ file: String, scratch: String) throws(CommandError) -> ExitStatus {
    let listing = try git(["ls-files", "-u", "-z", "--", file])
    let entries = try Self.stages(listing.output)
    guard !entries.isEmpty else {
      throw .failure("\(LineSafeText.escaped(file)): not in conflict (git has no unmerged versions of it)")
    }
    var worst = ExitStatus.success
    for entry in entries {
      let status = try merge(entry, scratch: scratch)
      if status.rawValue > worst.rawValue { worst = status }
    }
    return worst
  }

  /// Merges one path's stages into its working-tree file; `git add` when clean.
  private func merge(_ stages: Stages, scratch: String) throws(CommandError) -> ExitStatus {
    let shown = LineSafeText.escaped(stages.path)
    guard let ours = stages.objects[2] else {
      throw .failure(
        "\(shown): deleted in OURS and changed in THEIRS; keep THEIRS' version with git add, or the deletion with git rm"
      )
    }
    guard let theirs = stages.objects[3] else {
      throw .failure(
        "\(shown): changed in OURS and deleted in THEIRS; keep OURS' version with git add, or the deletion with git rm")
    }
    // The sides go to files in the repository's git folder for the merge to read; both sides
    // adding the file leaves no stage 1, which the merge takes as an empty BASE, as from git.
    let prefix = scratch + "/plistkit-resolve-\(getpid())-"
    let sides = (base: prefix + "BASE", ours: prefix + "OURS", theirs: prefix + "THEIRS")
    defer { for path in [sides.base, sides.ours, sides.theirs] { unlink(path) } }
    try PropertyListIO.writeFile(try stages.objects[1].map(blob) ?? [], to: sides.base)
    try PropertyListIO.writeFile(try blob(ours), to: sides.ours)
    try PropertyListIO.writeFile(try blob(theirs), to: sides.theirs)

    let request = MergeJob.Request(
      base: sides.base, ours: sides.ours, theirs: sides.theirs, output: stages.path, path: stages.path,
      resolution: nil, conflictMarkers: true)
    let status = try MergeJob(context, request: request).run()
    guard status == .success else { return status }
    try git(["add", "--", stages.path])
    if !context.isQuiet { context.output.writeLine("\(shown): merged, marked resolved") }
    return .success
  }

  /// The paths and stages of `git ls-files -u -z`: `MODE OBJECT STAGE<TAB>PATH<NUL>` each.
  private static func stages(_ listing: [UInt8]) throws(CommandError) -> [Stages] {
    var result: [Stages] = []
    for record in listing.split(separator: 0) {
      guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else { continue }
      let fields = record[..<tab].split(separator: UInt8(ascii: " "))
      guard fields.count == 3, let stage = Int(String(decoding: fields[2], as: UTF8.self)) else {
        throw .failure("git ls-files -u printed a line this version of plistkit does not read")
      }
      let path = String(decoding: record[(tab + 1)...], as: UTF8.self)
      if result.last?.path != path { result.append(Stages(path: path)) }
      result[result.count - 1].objects[stage] = String(decoding: fields[1], as: UTF8.self)
    }
    return result
  }

  /// The bytes of a blob in git's object store.
  private func blob(_ object: String) throws(CommandError) -> [UInt8] {
    try git(["cat-file", "blob", object]).output
  }

  @discardableResult
  private func git(_ arguments: [String]) throws(CommandError) -> GitProcess.Result {
    try GitProcess.checked(arguments)
  }
}
