import PlistKit

extension CommandSpec {
  /// `plistkit remove`: delete the value at a key path.
  static let remove = CommandSpec(
    name: "remove",
    abstract: "Remove the value at a key path, in place.",
    discussion: """
      Like `plutil -remove`. A missing key is an error (exit 1), so a typo never passes \
      silently. The file keeps its format, key order and permissions.
      """,
    options: EditSupport.options + [.archive],
    arguments: [
      ArgumentSpec(
        "FILE", help: "The property list to change; - reads standard input and writes standard output.",
        completion: .file),
      ArgumentSpec("KEYPATH", help: "Keys and array indices separated by dots; \\. is a dot in a key."),
    ],
    examples: [
      Example(
        command: "plistkit remove Samples/sortednames.plist Q -o -",
        explanation: "Print the names without the Q section.")
    ],
    exitCodes: EditSupport.exitCodes,
    run: { context in
      if context.arguments.flag("archive") {
        return try EditSupport.editArchive(context) { (editor, keyPath) throws(PropertyListError) in
          try editor.removeValue(at: keyPath)
        }
      }
      return try EditSupport.edit(context, .remove)
    }
  )
}
