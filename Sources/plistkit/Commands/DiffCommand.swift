import KeyedArchive
import PlistDiff
import PlistKit
import XcodeProject

extension CommandSpec {
  /// `plistkit diff`: what differs between two property lists, by value.
  static let diff = CommandSpec(
    name: "diff",
    abstract: "Show how two property lists differ, by value, in any two formats.",
    discussion: """
      Compares values, not bytes: an XML file and its binary conversion are equal. Prints one line \
      per difference: `~ PATH: OLD → NEW` for a changed value, `+ PATH: NEW` for an added one, \
      `- PATH` for a removed one (paths of removed and changed values are in A, of added ones in \
      B; a changed element that moved also shows `(now PATH)`). Arrays are aligned on their longest \
      common subsequence, so one inserted row is one `+`, and a record that changed inside is \
      reported at the fields that changed. Dictionary key order is no difference (--key-order \
      reports it). Long values are cut with … (--format json gives them whole, in the typed JSON \
      form). When both files are keyed archives they are compared as object graphs (--archive \
      insists): references are followed, objects compared by class and content, so renumbered or \
      reordered $objects are no difference, paths read like the archive's own keys \
      (Presidents.3.Name), and an object shared by several others is reported once. In project \
      files (project.pbxproj) an object's ID is followed by Xcode's comment for it: \
      objects.1D6058900D05DD3D006BFB54 (main.swift).path. Like diff(1), the exit status is 0 when \
      the files are equal, 1 when they differ, 2 on trouble.
      """,
    options: [
      DiffJob.format.spec, DiffJob.color.spec, DiffJob.keyOrder.spec, DiffJob.ignore.spec, DiffJob.archive.spec,
      SharedOptions.typed.spec, SharedOptions.from.spec,
    ],
    arguments: [DiffJob.old.spec, DiffJob.new.spec],
    examples: [
      Example(
        command:
          "plistkit convert Samples/computers.plist --to binary -o c.plist && plistkit diff Samples/computers.plist c.plist",
        explanation: "A file and its conversion to another format are equal (exit 0)."),
      Example(
        command: "plistkit diff old.plist new.plist --ignore '*.ModificationDate' --format json",
        explanation:
          "The differences as JSON, leaving out every top-level entry's ModificationDate (exit 1: the files differ)."),
    ],
    exitCodes: ExitCodeNote.codes(
      success: "the files are equal", failure: "the files differ",
      usage: "trouble: the command line, or a file that could not be read"),
    run: { context in try context.reportingTroubleAsUsage { () throws(CommandError) in try DiffJob(context).run() } }
  )
}

/// One run of `diff`.
private struct DiffJob {
  static let format = Option.choice(
    "format", short: "f", placeholder: "FORMAT", choices: [("text", false), ("json", true)],
    help: "Print lines of text, or a JSON list of the differences.", default: "text")
  static let color = SharedOptions.color()
  static let keyOrder = Option.flag("key-order", help: "Report dictionaries whose keys are in another order.")
  static let ignore = Option.repeatable(
    "ignore", placeholder: "KEYPATH", help: "Leave out this key path and what is under it; * matches any key or index.")
  static let archive = Option.flag(
    "archive", help: "Compare as keyed archives (object graphs) even when detection would not.")
  static let old = Argument.single("A", help: "The old property list; - is standard input.", completion: .file)
  static let new = Argument.single("B", help: "The new property list; - is standard input.", completion: .file)

  let context: CommandContext

  init(_ context: CommandContext) { self.context = context }

  func run() throws(CommandError) -> ExitStatus {
    let paths = (context[Self.old] ?? "-", context[Self.new] ?? "-")
    guard paths.0 != "-" || paths.1 != "-" else { throw .usage("A and B cannot both be standard input") }
    let format = context[SharedOptions.from]
    let options = PropertyListDiffOptions(
      reportsKeyOrder: context[Self.keyOrder],
      ignoredPaths: context[Self.ignore].map { PropertyListKeyPattern(globbing: $0) })
    var printer = DifferencePrinter(palette: Palette.resolve(context[Self.color]))
    var oldInput: InputBuffer? = try PropertyListIO.readBytes(paths.0)
    var newInput: InputBuffer?
    if !context[Self.archive], format == nil || format == .binary, let first = oldInput, Self.isBinary(first) {
      let second = try PropertyListIO.readBytes(paths.1)
      newInput = second
      if let differences = binaryDifferences(first, second, options: options) {
        return try report(differences, printer: printer, paths: paths)
      }
    }
    // One file at a time, so that only one file's bytes are in memory next to the values.
    let reading = context.readingOptions
    let old = try PropertyListIO.parse(oldInput.take()!, path: paths.0, format: format, options: reading).value
    if newInput == nil { newInput = try PropertyListIO.readBytes(paths.1) }
    let new = try PropertyListIO.parse(newInput.take()!, path: paths.1, format: format, options: reading).value
    // Freeing two large values just before the process exits would only cost time.
    ExitTimeRelease.keepUntilExit(old)
    ExitTimeRelease.keepUntilExit(new)
    let differences: [PropertyListDifference]
    if let graphs = try archives(old, new, paths: paths) {
      do throws(KeyedArchiveError) {
        differences = try ObjectGraphDiff(options: options).differences(from: graphs.0, to: graphs.1)
      } catch {
        throw KeyedArchiveIO.fileError(paths.0, error)
      }
    } else {
      printer.labels = ProjectPathLabels(old: old, new: new)
      differences = PropertyListDiff(options: options).differences(from: old, to: new)
    }
    return try report(differences, printer: printer, paths: paths)
  }

  /// True when the input starts as a binary property list does.
  private static func isBinary(_ input: InputBuffer) -> Bool {
    input.withBytes { BinaryPropertyListObjects.startsWithHeader($0) }
  }

  /// The differences of two binary files compared from their object tables, which holds the
  /// two files rather than two values in memory; nil when that does not apply (see
  /// `PropertyListDiff.differences(fromBinary:to:limits:)`), and the values are read.
  private func binaryDifferences(
    _ old: InputBuffer, _ new: InputBuffer, options: PropertyListDiffOptions
  ) -> [PropertyListDifference]? {
    let limits = context.readingOptions.limits
    return old.withBytes { (a) -> [PropertyListDifference]? in
      new.withBytes { (b) -> [PropertyListDifference]? in
        PropertyListDiff(options: options).differences(fromBinary: a, to: b, limits: limits)
      }
    }
  }

  /// Prints the differences; the exit status says whether there were any.
  private func report(
    _ differences: [PropertyListDifference], printer: DifferencePrinter, paths: (String, String)
  ) throws(CommandError) -> ExitStatus {
    if context[Self.format] {
      do {
        context.output.write(try printer.json(differences))
      } catch {
        throw .file(paths.1, error)
      }
    } else {
      for difference in differences { context.output.writeLine(printer.line(difference)) }
    }
    return differences.isEmpty ? .success : .failure
  }

  /// The object graphs to compare, when both files are keyed archives (or `--archive` says
  /// to treat them as such); nil to compare values.
  private func archives(
    _ old: PropertyList, _ new: PropertyList, paths: (String, String)
  ) throws(CommandError)
    -> (ObjectGraph, ObjectGraph)?
  {
    let insisted = context[Self.archive]
    guard insisted || (ArchiveValidator.isKeyedArchive(old) && ArchiveValidator.isKeyedArchive(new)) else {
      return nil
    }
    var graphs: [ObjectGraph] = []
    for (value, path) in [(old, paths.0), (new, paths.1)] {
      do {
        graphs.append(try ObjectGraph(archive: value))
      } catch {
        guard insisted else {
          context.report(
            "\(CommandContext.displayName(of: path)): \(error.keyPath.isEmpty ? "" : error.keyPath + ": ")"
              + "\(error.message); not a valid keyed archive, so the files are compared as property lists")
          return nil
        }
        throw KeyedArchiveIO.fileError(path, error)
      }
    }
    return (graphs[0], graphs[1])
  }
}
