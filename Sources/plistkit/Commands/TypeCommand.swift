import PlistKit

extension CommandSpec {
  /// `plistkit type`: the type of the value at a key path.
  static let type = CommandSpec(
    name: "type",
    abstract: "Print the type of the value at a key path.",
    discussion: """
      Prints one of: \(TypeName.all.joined(separator: ", ")). Like `plutil -type`, which says \
      float and bool where this says real and bool. A KEYPATH with `*` prints the type of every \
      match, one per line.
      """,
    options: [
      SharedOptions.withPaths.spec, SharedOptions.typed.spec, SharedOptions.from.spec, SharedOptions.archive.spec,
    ],
    arguments: [TypeArguments.file.spec, TypeArguments.keyPath.spec],
    examples: [
      Example(command: "plistkit type Samples/sortednames.plist A", explanation: "Prints array."),
      Example(command: "plistkit type Samples/Presidents.plist '$top'", explanation: "Prints dictionary."),
    ],
    run: { context in
      let path = context[TypeArguments.file] ?? "-"
      let root = try PropertyListIO.read(path, format: context[SharedOptions.from], options: context.readingOptions)
      // One file: freeing its value just before the process exits would only cost time.
      ExitTimeRelease.keepUntilExit(root.value)
      let matches = try KeyPathLookup.matches(
        in: root.value, at: context[TypeArguments.keyPath], path: path, archive: context[SharedOptions.archive])
      let lines = KeyPathLookup.lines(
        matches, pattern: context[TypeArguments.keyPath], withPaths: context[SharedOptions.withPaths], TypeName.of)
      for line in lines {
        context.output.writeLine(line)
      }
      return .success
    }
  )
}

/// The arguments of `type`.
private enum TypeArguments {
  static let file = SharedOptions.file()
  static let keyPath = Argument.single(
    "KEYPATH", help: "Keys and array indices separated by dots (* is every one, -1 the last); empty for the root.",
    optional: true)
}
