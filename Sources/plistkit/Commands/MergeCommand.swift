import KeyedArchive
import PlistDiff
import PlistDocument
import PlistKit
import StringCatalogs
import XcodeProject

extension CommandSpec {
  /// `plistkit merge`: a three-way merge, usable as git's merge driver.
  static let merge = CommandSpec(
    name: "merge",
    abstract: "Merge two property lists changed from a common base (a git merge driver).",
    discussion: """
      Three-way merge at key-path granularity: changes to different keys merge, the same change \
      on both sides merges once, array edits merge by hunks against BASE (insertions both sides \
      made at one place are both kept, ours first), and changes both sides made to one value \
      differently conflict, as does one side removing what the other changed. Project files \
      merge by object ID, so two branches that each add a file merge cleanly; String Catalogs \
      merge by string, language and variation and are written in Xcode's layout and order; keyed archives \
      (all three, or --archive) merge as object graphs. The result is written in OURS' format and \
      layout (a text file is edited in place, so its comments and layout stay; a project file \
      stays in Xcode's layout) to OUT, or atomically over OURS without -o, as git's merge \
      drivers do. On conflicts each is reported with its BASE, OURS and THEIRS values, the \
      exit status is 1 and nothing is written, unless --ours or --theirs resolves them (exit 0) \
      or --conflict-markers writes the result with git-style markers (text formats only; exit 1): \
      into OURS' own text, which stays as the merge writes it but for the lines of each conflict, \
      OURS' lines between the first two markers and THEIRS' side written in OURS' layout between \
      the last two. For git, `plistkit git install` sets the driver up: \
      `plistkit merge %O %A %B --marker-size %L --path %P` (--path gives the file's name in the repository, which \
      messages then use instead of git's temporary files, each conflict line first; git 2.44 and later pass the \
      branches' names for the markers with `--ours-label %X --theirs-label %Y`).
      """,
    options: [
      MergeJob.output.spec, MergeJob.ours.spec, MergeJob.theirs.spec, MergeJob.conflictMarkers.spec,
      MergeJob.markerSize.spec, MergeJob.oursLabel.spec, MergeJob.theirsLabel.spec, MergeJob.path.spec,
      MergeJob.archive.spec, MergeJob.color.spec, SharedOptions.typed.spec,
    ],
    arguments: [MergeJob.base.spec, MergeJob.oursFile.spec, MergeJob.theirsFile.spec],
    examples: [
      Example(command: "plistkit merge base.plist mine.plist theirs.plist", explanation: "Merge into mine.plist."),
      Example(
        command: "plistkit merge base.plist mine.plist theirs.plist --theirs -o merged.plist",
        explanation: "Merge, taking their side of every conflict, into a new file."),
    ],
    exitCodes: ExitCodeNote.codes(
      success: "merged (conflicts, if any, resolved with --ours or --theirs)",
      failure: "conflicts: nothing written, or written with --conflict-markers",
      usage: "trouble: the command line, or a file that could not be read or written"),
    run: { context in
      try context.reportingTroubleAsUsage { () throws(CommandError) in
        try MergeJob(context, request: try MergeJob.request(from: context)).run()
      }
    }
  )
}

/// One three-way merge of files: `merge`'s, and `resolve`'s of the sides git keeps in its index.
struct MergeJob {
  /// What to merge, and how.
  struct Request {
    var base: String
    var ours: String
    var theirs: String
    /// Where the result goes; nil is over OURS.
    var output: String?
    /// The file's path in the repository, named in messages instead of the sides' files.
    var path: String?
    /// The side every conflict takes, or nil to leave conflicts unresolved.
    var resolution: PropertyListMerge.Resolution?
    var conflictMarkers = false
    var markerSize = 7
    var oursLabel = "OURS"
    var theirsLabel = "THEIRS"
    var archive = false
    var palette = Palette(isEnabled: false)
  }

  static let output = SharedOptions.output(help: "Write the result here instead of over OURS; - is standard output.")
  static let ours = Option.flag("ours", help: "Resolve every conflict with OURS' side.")
  static let theirs = Option.flag("theirs", help: "Resolve every conflict with THEIRS' side.")
  static let conflictMarkers = Option.flag(
    "conflict-markers",
    help: "On conflicts, write the result with <<<<<<< OURS … >>>>>>> THEIRS markers around each conflict's lines.")
  static let markerSize = Option<String?>(
    spec: .text("marker-size", placeholder: "N", help: "The length of the conflict markers (git's %L).", default: "7")
  ) { $0.last }
  static let oursLabel = Option<String?>(
    spec: .text(
      "ours-label", placeholder: "LABEL", help: "The text after the first conflict marker (git's %X).", default: "OURS")
  ) { $0.last }
  static let theirsLabel = Option<String?>(
    spec: .text(
      "theirs-label", placeholder: "LABEL", help: "The text after the last conflict marker (git's %Y).",
      default: "THEIRS")
  ) { $0.last }
  static let path = Option.text(
    "path", placeholder: "PATH",
    help:
      "The file's path in the repository (git's %P), named in messages (each conflict line first) instead of git's temporary files."
  )
  static let archive = Option.flag(
    "archive", help: "Merge as keyed archives (object graphs) even when detection would not.")
  static let color = SharedOptions.color(help: "Colour the conflict report: on a terminal (auto), always, or never.")
  static let base = Argument.single("BASE", help: "The common ancestor (git's %O).", completion: .file)
  static let oursFile = Argument.single(
    "OURS", help: "Our version, replaced by the result without -o (git's %A).", completion: .file)
  static let theirsFile = Argument.single("THEIRS", help: "Their version (git's %B).", completion: .file)

  let context: CommandContext
  let request: Request

  init(_ context: CommandContext, request: Request) {
    self.context = context
    self.request = request
  }

  /// The request of `merge`'s command line.
  static func request(from context: CommandContext) throws(CommandError) -> Request {
    if context[Self.ours] && context[Self.theirs] {
      throw .usage("--ours and --theirs cannot be given together")
    }
    // A resolved merge has no conflicts left to mark: the two ask for different results.
    if context[Self.conflictMarkers], let side = context[Self.ours] ? "--ours" : context[Self.theirs] ? "--theirs" : nil
    {
      throw .usage("--conflict-markers and \(side) cannot be given together: \(side) resolves every conflict")
    }
    guard let markerSize = Int(context[Self.markerSize] ?? "7"), (1...100).contains(markerSize) else {
      throw .usage("--marker-size takes a number from 1 to 100")
    }
    return Request(
      base: context[Self.base]!, ours: context[Self.oursFile]!, theirs: context[Self.theirsFile]!,
      output: context[Self.output], path: context[Self.path],
      resolution: context[Self.ours] ? .ours : context[Self.theirs] ? .theirs : nil,
      conflictMarkers: context[Self.conflictMarkers], markerSize: markerSize,
      oursLabel: context[Self.oursLabel] ?? "OURS", theirsLabel: context[Self.theirsLabel] ?? "THEIRS",
      archive: context[Self.archive], palette: Palette.resolve(context[Self.color]))
  }

  func run() throws(CommandError) -> ExitStatus {
    // Written over OURS (git's way): OURS is read and replaced under its edit lock.
    return try PropertyListIO.whileEditing(request.ours, writingTo: request.output) { () throws(CommandError) in
      do throws(CommandError) {
        return try merge(markerSize: request.markerSize)
      } catch {
        guard case .file(let path, let problem) = error else { throw error }
        throw .file(displayName(of: path), problem)
      }
    }
  }

  /// The name of `path` in messages. git merges temporary copies (`.merge_file_iYMcb8`), so
  /// with --path (git's %P) OURS and the result written over it are named by the real path,
  /// and BASE and THEIRS by the real path and their side.
  private func displayName(of path: String) -> String {
    guard let real = request.path else { return CommandContext.displayName(of: path) }
    switch path {
    case request.ours: return real
    case request.base: return "\(real) (BASE)"
    case request.theirs: return "\(real) (THEIRS)"
    default: return CommandContext.displayName(of: path)
    }
  }

  /// Reads the three files, merges them, writes the result and reports conflicts.
  private func merge(markerSize: Int) throws(CommandError) -> ExitStatus {
    let paths = (base: request.base, ours: request.ours, theirs: request.theirs)
    let options = context.readingOptions
    let oursBytes = try PropertyListIO.readBytes(paths.ours)
    let (ours, format) = try PropertyListIO.parse(oursBytes, path: paths.ours, options: options)
    // git's add/add case gives an empty BASE: both sides added the file. Merged two ways, from
    // an empty container of OURS' kind, so that what both sides added alike merges once.
    let baseBytes = try PropertyListIO.readBytes(paths.base)
    let base =
      baseBytes.withBytes { $0.isEmpty }
      ? Self.emptyBase(like: ours) : try PropertyListIO.parse(baseBytes, path: paths.base, options: options).value
    let theirs = try PropertyListIO.read(paths.theirs, options: options).value
    // Freeing large values just before the process exits would only cost time.
    for value in [base, ours, theirs] { ExitTimeRelease.keepUntilExit(value) }
    let output = request.output ?? paths.ours
    let resolution = request.resolution ?? .ours
    let resolved = request.resolution != nil
    var printer = ConflictPrinter(palette: output == "-" ? Palette(isEnabled: false) : request.palette)
    // With the file's path (git's %P), each line names it: git runs the driver once per file.
    let prefix = request.path.map { "\(LineSafeText.escaped($0)): " } ?? ""
    let report: (String) -> Void = { line in
      if output == "-" { StandardError.writeLine(prefix + line) } else { context.output.writeLine(prefix + line) }
    }

    let merged: PropertyList
    let conflicts: [PropertyListConflict]
    var catalog: StringCatalogMerge.Result?
    if let graphs = try archives(base, ours, theirs, paths: [paths.base, paths.ours, paths.theirs]) {
      do throws(KeyedArchiveError) {
        let result = try ObjectGraphMerge(resolution: resolution).merge(
          base: graphs[0], ours: graphs[1], theirs: graphs[2])
        merged = try result.graph.archivedPropertyList()
        conflicts = result.conflicts
      } catch {
        throw KeyedArchiveIO.fileError(paths.ours, error)
      }
      if !conflicts.isEmpty && !resolved {
        conflicts.forEach { report(printer.line($0)) }
        if request.conflictMarkers {
          context.report(
            "conflict markers cannot go into a keyed archive; \(displayName(of: output)) was not written"
          )
        }
        return .failure
      }
    } else {
      printer.labels = ProjectPathLabels(old: base, new: ours)
      if StringCatalogMerge.isCatalog(ours) && StringCatalogMerge.isCatalog(theirs) {
        // By string, language and variation, written in Xcode's layout.
        do throws(PropertyListError) {
          let result = try StringCatalogMerge(resolution: resolution).merge(base: base, ours: ours, theirs: theirs)
          catalog = result
          merged = result.value
          conflicts = result.conflicts
        } catch {
          throw .file(paths.ours, error)
        }
      } else {
        let result = PropertyListMerge(resolution: resolution).merge(base: base, ours: ours, theirs: theirs)
        merged = result.value
        conflicts = result.conflicts
      }
      if !conflicts.isEmpty && !resolved {
        conflicts.forEach { report(printer.line($0)) }
        guard request.conflictMarkers else {
          context.report(
            "\(conflicts.count) conflict\(conflicts.count == 1 ? "" : "s"); \(displayName(of: output)) was not written"
          )
          return .failure
        }
        guard format != .binary else {
          context.report(
            "conflict markers need a text format, and OURS is binary; \(displayName(of: output)) was not written"
          )
          return .failure
        }
        // Into OURS' own text, so that everything but the conflicts' lines stays as a clean
        // merge writes it; XML in an encoding the document does not keep is written whole.
        let document = try DocumentEditing.document(
          of: paths.ours, bytes: oursBytes.array,
          editor: PropertyListFileEditor(reading: context.readingOptions, writing: writingOptions))
        let marked: [UInt8]
        do throws(PropertyListError) {
          if let document {
            marked = try ConflictMarkers.document(
              base: base, ours: document, theirs: theirs, oursLabel: request.oursLabel,
              theirsLabel: request.theirsLabel, markerSize: markerSize
            ).bytes
          } else {
            marked = try ConflictMarkers.document(
              base: base, ours: ours, theirs: theirs, format: format, options: writingOptions,
              oursLabel: request.oursLabel, theirsLabel: request.theirsLabel, markerSize: markerSize
            ).bytes
          }
        } catch {
          throw .file(paths.ours, error)
        }
        try PropertyListIO.write(marked, to: output, output: context.output)
        return .failure
      }
    }
    if !context.isQuiet {
      conflicts.forEach { report("resolved with \(resolution == .ours ? "OURS" : "THEIRS"): " + printer.line($0)) }
    }
    ExitTimeRelease.keepUntilExit(merged)
    let bytes: [UInt8]
    if let catalog {
      bytes = catalog.bytes
    } else if format == .binary {
      bytes = try PropertyListIO.serialize(merged, as: format, options: writingOptions, path: paths.ours)
    } else {
      // A text file is edited in place: only what the merge changed in OURS is written again,
      // so its layout, comments and order stay (a project file's, Xcode's).
      let change = PropertyListDiff().change(from: ours, to: merged)
      bytes = try DocumentEditing.edit(
        paths.ours, input: oursBytes,
        editor: PropertyListFileEditor(reading: context.readingOptions, writing: writingOptions),
        document: { (document) throws(PropertyListError) in if let change { try document.apply(change) } },
        value: { (value) throws(PropertyListError) in value = merged })
    }
    try PropertyListIO.write(bytes, to: output, output: context.output)
    return .success
  }

  /// The BASE of a two-way merge: an empty array when OURS is an array, else an empty dictionary.
  private static func emptyBase(like ours: PropertyList) -> PropertyList {
    if case .array = ours { return .array([]) }
    return .dictionary(PropertyListDictionary())
  }

  /// How the result is written: in OURS' form (the typed JSON form with --typed; GNUstep's
  /// typed scalars in OpenStep, which the reader took in).
  private var writingOptions: PropertyListWritingOptions {
    var options = context.writingOptions
    options.openStepWritesGNUstepScalars = true
    return options
  }

  /// The object graphs to merge, when all three files are keyed archives (or `--archive`).
  private func archives(_ values: PropertyList..., paths: [String]) throws(CommandError) -> [ObjectGraph]? {
    let insisted = request.archive
    guard insisted || values.allSatisfy(ArchiveValidator.isKeyedArchive) else { return nil }
    var graphs: [ObjectGraph] = []
    for (value, path) in zip(values, paths) {
      do {
        graphs.append(try ObjectGraph(archive: value))
      } catch {
        guard insisted else {
          context.report(
            "\(displayName(of: path)): \(error.message); not a valid keyed archive, so the files are merged as property lists"
          )
          return nil
        }
        throw KeyedArchiveIO.fileError(path, error)
      }
    }
    return graphs
  }
}
