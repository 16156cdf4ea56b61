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
    options: [.typed, .fromFormat, .archive],
    arguments: [
      ArgumentSpec("FILE", help: "The property list; - is standard input.", completion: .file),
      ArgumentSpec("KEYPATH", help: "Keys and array indices separated by dots; empty for the root.", arity: .optional),
    ],
    examples: [
      Example(command: "plistkit type Samples/sortednames.plist A", explanation: "Prints array."),
      Example(command: "plistkit type Samples/Presidents.plist '$top'", explanation: "Prints dictionary."),
    ],
    run: { context in
      let arguments = context.arguments
      let path = arguments.argument("FILE") ?? "-"
      let root = try PropertyListIO.read(path, format: arguments.format("from"), options: arguments.readingOptions)
      let value = try KeyPathLookup.value(
        in: root.value, at: arguments.argument("KEYPATH"), path: path, archive: arguments.flag("archive"))
      context.output.writeLine(TypeName.of(value))
      return .success
    }
  )
}
