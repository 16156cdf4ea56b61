import PlistKit

extension CommandSpec {
  /// `plistkit lint`: check that files are well-formed property lists.
  static let lint = CommandSpec(
    name: "lint",
    abstract: "Check that files are valid property lists.",
    discussion: """
      Each FILE is checked in full in its detected format, without building its value. A valid file prints `FILE: OK` on \
      standard output (not with --quiet); an invalid one prints `plistkit: FILE:LINE:COL: message` \
      on standard error, with the line and column for text formats, the byte offset for binary \
      ones. Files are checked in parallel and reported in input order.
      """,
    options: [SharedOptions.typed.spec, SharedOptions.from.spec],
    arguments: [LintFiles.files.spec],
    examples: [
      Example(command: "plistkit lint Samples/*.plist", explanation: "Check the sample files."),
      Example(command: "plistkit lint --quiet Samples/computers.plist && echo valid", explanation: "Check silently."),
    ],
    exitCodes: ExitCodeNote.codes(
      success: "every file is valid", failure: "at least one file is invalid or unreadable"),
    run: { context in
      let files = context[LintFiles.files]
      let source = context[SharedOptions.from]
      let options = context.readingOptions
      let results = ProgressReporter.forFiles(files).map(count: files.count) { index in
        Result { () throws(CommandError) in
          try PropertyListIO.check(files[index], format: source, options: options)
        }
      }
      var status = ExitStatus.success
      for (file, result) in zip(files, results) {
        switch result {
        case .success:
          if !context.isQuiet { context.output.writeLine("\(CommandContext.displayName(of: file)): OK") }
        case .failure(let error):
          if let message = error.message { context.report(message) }
          status = .failure
        }
      }
      return status
    }
  )
}

/// The arguments of `lint`.
private enum LintFiles {
  static let files = SharedOptions.files("Files to check; - is standard input.")
}
