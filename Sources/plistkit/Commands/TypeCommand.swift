import PlistKit

extension CommandSpec {
  /// `plistkit type`: the type of the value at a key path.
  static let type = CommandSpec(
    name: "type",
    abstract: "Print the type of the value at a key path.",
    discussion: """
      Prints one of: \(TypeName.all.joined(separator: ", ")). Like `plutil -type`, which says \
      float and bool where this says real and bool.
      """,
    options: [SharedOptions.typed.spec, SharedOptions.from.spec, SharedOptions.archive.spec],
    arguments: [TypeArguments.file.spec, TypeArguments.keyPath.spec],
    examples: [
      Example(command: "plistkit type Samples/sortednames.plist A", explanation: "Prints array."),
      Example(command: "plistkit type Samples/Presidents.plist '$top'", explanation: "Prints dictionary."),
    ],
    run: { context in
      let path = context[TypeArguments.file] ?? "-"
      let root = try PropertyListIO.read(path, format: context[SharedOptions.from], options: context.readingOptions)
      let value = try KeyPathLookup.value(
        in: root.value, at: context[TypeArguments.keyPath], path: path, archive: context[SharedOptions.archive])
      context.output.writeLine(TypeName.of(value))
      return .success
    }
  )
}

/// The arguments of `type`.
private enum TypeArguments {
  static let file = SharedOptions.file()
  static let keyPath = Argument.single(
    "KEYPATH", help: "Keys and array indices separated by dots; empty for the root.", optional: true)
}
