import PlistKit

extension CommandSpec {
  /// `plistkit create`: a new, empty property list.
  static let create = CommandSpec(
    name: "create",
    abstract: "Create an empty property list (a dictionary).",
    discussion: """
      Like `plutil -create`, but an existing file is kept unless --force is given.
      """,
    options: [CreateOptions.to.spec, CreateOptions.force.spec, SharedOptions.typed.spec],
    arguments: [CreateOptions.file.spec],
    examples: [
      Example(command: "plistkit create Settings.plist", explanation: "Create an empty XML dictionary."),
      Example(command: "plistkit create - --to json", explanation: "Print an empty JSON dictionary: {}."),
    ],
    exitCodes: ExitCodeNote.codes(
      success: "the file was created", failure: "FILE exists (without --force) or could not be written"),
    run: { context in
      let path = context[CreateOptions.file] ?? "-"
      if path != "-", !context[CreateOptions.force], FileSystem.exists(path) {
        throw CommandError.file(path, PropertyListError(.io, "already exists (use --force to replace it)"))
      }
      let empty = PropertyList.dictionary(PropertyListDictionary())
      let bytes = try PropertyListIO.serialize(
        empty, as: context[CreateOptions.to] ?? .xml, options: context.writingOptions, path: path)
      try PropertyListIO.write(bytes, to: path, output: context.output)
      return .success
    }
  )
}

/// The options and arguments of `create`.
private enum CreateOptions {
  static let to = SharedOptions.to()
  static let force = Option.flag("force", short: "f", help: "Replace FILE if it exists.")
  static let file = SharedOptions.file("The file to create; - is standard output.")
}
