import KeyedArchive
import PlistKit
import PlistSchema

extension CommandSpec {
  /// `plistkit validate`: structural checks of keyed archives (syntax only for other plists).
  static let validate = CommandSpec(
    name: "validate",
    abstract: "Check keyed archives' structure, and any property list against a JSON Schema or the plist DTD.",
    discussion: """
      A keyed archive is checked for every structural problem, each printed as \
      `plistkit: FILE: KEY.PATH: message`: $top and $objects present and well typed, every UID in \
      range, every $class a class dictionary with $classname and $classes, Foundation containers \
      with fields of the right shape, no reference cycle through objects that cannot hold one, \
      and limits on object count and depth. One cause found at many objects (a broken class they \
      all name) is printed once, with how many more objects have it. Any other property list is \
      an error, "not a keyed archive" (lint checks any property list), unless --schema or --dtd \
      asks for that check. A valid file prints `FILE: OK` (not with --quiet).

      With --schema, each FILE (in any format; a keyed archive through its plain view) is \
      validated against a JSON Schema (draft 2020-12) and every failure is printed on standard \
      output as `FILE: at KEY.PATH: message (schema #/json/pointer)`. Numbers are JSON numbers, \
      dates ISO 8601 strings, data base64 strings, UIDs {"CF$UID": n}. References resolve \
      within the schema, to files next to it and to the built-in draft 2020-12 meta-schemas, \
      never over the network. With --dtd, an XML FILE is checked against Apple's \
      PropertyList-1.0.dtd (built in, the same as Schemas/PropertyList-1.0.dtd; the file's \
      DOCTYPE is never followed) and each failure printed as `FILE:LINE: message`. \
      --format json prints one JSON array with an entry per file instead.
      """,
    options: [
      ValidateOptions.schema.spec, ValidateOptions.dtd.spec, ValidateOptions.checkFormats.spec,
      ValidateOptions.format.spec,
    ],
    arguments: [ValidateOptions.files.spec],
    examples: [
      Example(command: "plistkit validate Samples/Presidents.plist", explanation: "Check the book's archive."),
      Example(
        command: "plistkit validate Samples/Presidents.plist --schema Schemas/presidents.schema.json",
        explanation: "Validate the archive's plain view against its schema."),
      Example(
        command: "plistkit validate Samples/computers.plist --dtd --format json",
        explanation: "Check an XML plist against Apple's DTD, with the result as JSON."),
    ],
    exitCodes: ExitCodeNote.codes(
      success: "every file is valid", failure: "at least one file is invalid or unreadable",
      usage: "the command line was wrong, or the schema is unusable"),
    run: { context in
      let files = context[ValidateOptions.files]
      var schema: JSONSchema? = nil
      if let path = context[ValidateOptions.schema] {
        switch FileValidation.loadSchema(path, assertsFormat: context[ValidateOptions.checkFormats]) {
        case .success(let loaded):
          schema = loaded
        case .failure(let error):
          if let message = error.message { context.report(message) }
          return .usage
        }
      }
      let dtd = context[ValidateOptions.dtd] ? PropertyListDTD.apple : nil
      let loadedSchema = schema
      let results = ProgressReporter.forFiles(files).map(count: files.count) { index in
        FileValidation.check(files[index], schema: loadedSchema, dtd: dtd)
      }
      var status = ExitStatus.success
      if context[ValidateOptions.format] == .json {
        var entries: [PropertyList] = []
        for (file, found) in zip(files, results) {
          if !found.isValid { status = .failure }
          entries.append(found.jsonEntry(file: CommandContext.displayName(of: file)))
        }
        let text = try PropertyListIO.serialize(
          .array(entries), as: .json, options: PropertyListWritingOptions(), path: "-")
        context.output.write(bytes: text)
        return status
      }
      for (file, found) in zip(files, results) {
        let name = CommandContext.displayName(of: file)
        if let message = found.readError?.message { context.report(message) }
        // One line per cause: a broken class named by 43 objects is one line, "and 42 more".
        for group in ArchiveProblemGroup.grouping(found.archiveProblems) {
          if group.first.kind == .notAnArchive {
            context.report("\(name): \(group.first.message) (plistkit lint checks any property list)")
          } else {
            context.report("\(name): \(group)")
          }
        }
        for note in found.unchecked { context.report("\(name): \(note)") }
        for error in found.schemaErrors { context.output.writeLine(LineSafeText.escaped("\(name): \(error)")) }
        for error in found.dtdErrors {
          context.output.writeLine(LineSafeText.escaped("\(name):\(error.line): \(error.message)"))
        }
        if found.isValid {
          if !context.isQuiet { context.output.writeLine("\(name): OK") }
        } else {
          status = .failure
        }
      }
      return status
    }
  )
}

/// The options and arguments of `validate`.
private enum ValidateOptions {
  enum Findings { case text, json }

  static let schema = Option.text(
    "schema", short: "s", placeholder: "SCHEMA", help: "A JSON Schema (draft 2020-12) file to validate against.")
  static let dtd = Option.flag("dtd", help: "Check XML files against Apple's plist DTD with libxml2.")
  static let checkFormats = Option.flag(
    "check-formats",
    help: "Make the schema's format keywords assertions (date-time, date, time, email, uuid, ipv4, ipv6, uri).")
  static let format = Option.choice(
    "format", placeholder: "FORMAT", choices: [("text", Findings.text), ("json", .json)],
    help: "How to print the findings.", default: "text")
  static let files = SharedOptions.files("Files to check; - is standard input.")
}
