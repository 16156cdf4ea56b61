import PlistKit
import XcodeProject

extension CommandSpec {
  /// `plistkit lint`: check that files are well-formed property lists, or intact Xcode projects.
  static let lint = CommandSpec(
    name: "lint",
    abstract: "Check that files are valid property lists, or intact Xcode projects.",
    discussion: """
      Each FILE is checked in full in its detected format, without building its value. A valid file prints `FILE: OK` on \
      standard output (not with --quiet); an invalid one prints `plistkit: FILE:LINE:COL: message` \
      on standard error, with the line and column for text formats, the byte offset for binary \
      ones. A key that a dictionary repeats (the reader keeps its last value) is a warning with both \
      places, `plistkit: FILE:LINE:COL: warning: key 'K' repeats (first at line L, column C); …`, \
      and an error with --strict. Files are checked in parallel and reported in input order. \
      With --project each FILE is an Xcode project file (project.pbxproj), checked for object IDs \
      defined twice, references to IDs nothing defines or that are (null) or empty, objects nothing \
      references (a warning), merge-conflict markers, an isa Xcode does not write, a build file \
      without fileRef or productRef, a group without children (a warning), a target without \
      buildConfigurationList. Each problem is one line on standard output, \
      `FILE:LINE:COL: error|warning: message`, or with --format json one JSON array with an entry \
      per file ({"file", "objects", "errors", "warnings", "problems": [{"severity", "kind", "line", \
      "column", "message", "object", "related": {"line", "column"}}]}). With --project the exit \
      status is 0 without errors (warnings too with --strict), 1 with them, 2 when a file cannot \
      be read.
      """,
    options: [
      LintOptions.project.spec, LintOptions.strict.spec, LintOptions.format.spec, SharedOptions.typed.spec,
      SharedOptions.from.spec,
    ],
    arguments: [LintOptions.files.spec],
    examples: [
      Example(command: "plistkit lint Samples/*.plist", explanation: "Check the sample files."),
      Example(command: "plistkit lint --quiet Samples/computers.plist && echo valid", explanation: "Check silently."),
      Example(
        command: "plistkit lint --project Samples/project.pbxproj --format json",
        explanation:
          "Check an Xcode project's objects and references; the problems as JSON (unused objects are warnings)."),
    ],
    exitCodes: ExitCodeNote.codes(
      success: "every file is valid", failure: "at least one file is invalid, or unreadable (without --project)",
      usage: "the command line is wrong, or with --project a file could not be read"),
    run: { context in
      if context[LintOptions.project] { return LintJob(context).projects() }
      guard context[LintOptions.format] == .text else { throw CommandError.usage("--format needs --project") }
      return LintJob(context).plain()
    }
  )
}

/// The options and arguments of `lint`.
private enum LintOptions {
  enum Findings { case text, json }

  static let files = SharedOptions.files("Files to check; - is standard input.")
  static let project = Option.flag(
    "project", help: "Check Xcode project files: object IDs, references, classes, conflict markers.")
  static let strict = Option.flag("strict", help: "Treat warnings (a repeated key, an unused object) as errors.")
  static let format = Option.choice(
    "format", short: "f", placeholder: "FORMAT", choices: [("text", Findings.text), ("json", .json)],
    help: "With --project: print lines of text, or one JSON array of the problems.", default: "text")
}

/// One run of `lint`: each file checked in parallel, the results reported in input order.
private struct LintJob {
  let context: CommandContext
  let files: [String]
  let source: PropertyListFormat?
  let options: PropertyListReadingOptions
  let strict: Bool

  init(_ context: CommandContext) {
    self.context = context
    files = context[LintOptions.files]
    source = context[SharedOptions.from]
    options = context.readingOptions
    strict = context[LintOptions.strict]
  }

  /// `check` of each file, with its display name, in input order.
  func checkEach<Report: Sendable>(
    _ check:
      @escaping @Sendable (String, PropertyListFormat?, PropertyListReadingOptions) throws(CommandError) ->
      Report
  ) -> [(name: String, result: Result<Report, CommandError>)] {
    let (files, source, options) = (files, source, options)
    let results = ProgressReporter.forFiles(files).map(count: files.count) { index in
      Result { () throws(CommandError) in try check(files[index], source, options) }
    }
    return zip(files, results).map { (CommandContext.displayName(of: $0), $1) }
  }

  /// `lint` of property lists: valid, and which keys repeat.
  func plain() -> ExitStatus {
    var status = ExitStatus.success
    for (name, result) in checkEach(PropertyListIO.lint) {
      switch result {
      case .success(let report):
        for repeated in report.repeatedKeys {
          let severity = strict ? "error" : "warning"
          context.report(ProjectLintText.line(name, repeated.repeated, "\(severity): \(repeated.message)"))
        }
        if strict, !report.repeatedKeys.isEmpty {
          status = .failure
        } else if !context.isQuiet {
          context.output.writeLine("\(name): OK")
        }
      case .failure(let error):
        if let message = error.message { context.report(message) }
        status = .failure
      }
    }
    return status
  }

  /// `lint --project`: the integrity of Xcode project files; a file that cannot be read is
  /// trouble (exit 2), so that 1 means problems only.
  func projects() -> ExitStatus {
    let reports = checkEach { (path, source, options) throws(CommandError) in
      try PropertyListIO.readBytes(path).withBytes {
        ProjectIntegrity.check(bytes: $0, format: source, options: options)
      }
    }
    var status = ExitStatus.success
    var entries: [PropertyList] = []
    for (name, result) in reports {
      switch result {
      case .success(let report):
        if report.fails(strict: strict), status == .success { status = .failure }
        if context[LintOptions.format] == .json {
          entries.append(ProjectLintText.jsonEntry(name, report))
          continue
        }
        for problem in report.problems {
          let severity = strict ? ProjectProblem.Severity.error : problem.severity
          context.output.writeLine(
            ProjectLintText.line(name, problem.location, "\(severity.rawValue): \(problem.message)"))
        }
        if report.problems.isEmpty, !context.isQuiet { context.output.writeLine("\(name): OK") }
      case .failure(let error):
        if let message = error.message { context.report(message) }
        status = .usage
      }
    }
    if context[LintOptions.format] == .json {
      do throws(CommandError) {
        let text = try PropertyListIO.serialize(
          .array(entries), as: .json, options: PropertyListWritingOptions(), path: "-")
        context.output.write(bytes: text)
      } catch {
        if let message = error.message { context.report(message) }
        return .usage
      }
    }
    return status
  }
}
