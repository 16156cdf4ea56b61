import PlistKit

extension CommandSpec {
  /// `plistkit create`: a new, empty property list.
  static let create = CommandSpec(
    name: "create",
    abstract: "Create an empty property list (a dictionary).",
    discussion: """
      Like `plutil -create`, but an existing file is kept unless --force is given.
      """,
    options: [
      .toFormat(required: false, help: "The format to write."),
      .flag("force", short: "f", help: "Replace FILE if it exists."),
      .typed,
    ],
    arguments: [ArgumentSpec("FILE", help: "The file to create; - is standard output.", completion: .file)],
    examples: [
      Example(command: "plistkit create Settings.plist", explanation: "Create an empty XML dictionary."),
      Example(command: "plistkit create - --to json", explanation: "Print an empty JSON dictionary: {}."),
    ],
    exitCodes: [
      ExitCodeNote(status: .success, meaning: "the file was created"),
      ExitCodeNote(status: .failure, meaning: "FILE exists (without --force) or could not be written"),
      ExitCodeNote(status: .usage, meaning: "the command line was wrong"),
    ],
    run: { context in
      let arguments = context.arguments
      let path = arguments.argument("FILE") ?? "-"
      if path != "-", !arguments.flag("force"), FileSystem.exists(path) {
        throw CommandError.file(path, PropertyListError(.io, "already exists (use --force to replace it)"))
      }
      let options = PropertyListWritingOptions(jsonStyle: arguments.flag("typed") ? .typed : .plain)
      let empty = PropertyList.dictionary(PropertyListDictionary())
      let bytes = try PropertyListIO.serialize(empty, as: arguments.format("to") ?? .xml, options: options, path: path)
      try PropertyListIO.write(bytes, to: path, output: context.output)
      return .success
    }
  )
}
