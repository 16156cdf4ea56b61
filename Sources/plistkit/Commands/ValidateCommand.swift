import KeyedArchive
import PlistKit

extension CommandSpec {
  /// `plistkit validate`: structural checks of keyed archives (syntax only for other plists).
  static let validate = CommandSpec(
    name: "validate",
    abstract: "Check the structure of keyed archives (and the syntax of other property lists).",
    discussion: """
      A keyed archive is checked for every structural problem, each printed as \
      `plistkit: FILE: KEY.PATH: message`: $top and $objects present and well typed, every UID in \
      range, every $class a class dictionary with $classname and $classes, Foundation containers \
      with fields of the right shape, no reference cycle through objects that cannot hold one, \
      and limits on object count and depth. Any other property list is checked for syntax, as \
      lint does. A valid file prints `FILE: OK` (not with --quiet).
      """,
    options: [],
    arguments: [
      ArgumentSpec("FILE", help: "Files to check; - is standard input.", arity: .oneOrMore, completion: .file)
    ],
    examples: [
      Example(command: "plistkit validate Samples/Presidents.plist", explanation: "Check the book's archive.")
    ],
    exitCodes: [
      ExitCodeNote(status: .success, meaning: "every file is valid"),
      ExitCodeNote(status: .failure, meaning: "at least one file is invalid or unreadable"),
      ExitCodeNote(status: .usage, meaning: "the command line was wrong"),
    ],
    run: { context in
      let files = context.arguments.arguments("FILE")
      let results = ProgressReporter.forFiles(files).map(count: files.count) { index in
        Result { () throws(CommandError) -> [KeyedArchiveError] in
          let value = try PropertyListIO.read(files[index]).value
          guard ArchiveValidator.isKeyedArchive(value) else { return [] }
          return ArchiveValidator().validate(value)
        }
      }
      var status = ExitStatus.success
      for (file, result) in zip(files, results) {
        switch result {
        case .success(let problems) where problems.isEmpty:
          if !context.isQuiet { context.output.writeLine("\(CommandContext.displayName(of: file)): OK") }
        case .success(let problems):
          for problem in problems {
            context.report(Diagnostic.line(path: file, error: KeyedArchiveIO.propertyListError(problem)))
          }
          status = .failure
        case .failure(let error):
          if let message = error.message { context.report(message) }
          status = .failure
        }
      }
      return status
    }
  )
}
