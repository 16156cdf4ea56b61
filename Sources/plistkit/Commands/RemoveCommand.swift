import PlistKit

extension CommandSpec {
  /// `plistkit remove`: delete the value at a key path.
  static let remove = CommandSpec(
    name: "remove",
    abstract: "Remove the value at a key path, in place.",
    discussion: """
      Like `plutil -remove`. A missing key is an error (exit 1), so a typo never passes \
      silently. The file keeps its format, key order and permissions. A KEYPATH with `*` \
      removes every match (Presidents.*.Party); a negative index counts from the end.
      """,
    options: EditSupport.options + [SharedOptions.archive.spec],
    arguments: [EditSupport.file.spec, EditSupport.keyPath.spec],
    examples: [
      Example(
        command: "plistkit remove Samples/sortednames.plist Q -o -",
        explanation: "Print the names without the Q section."),
      Example(
        command: "plistkit remove Samples/sortednames.plist 'A.-1' -o -",
        explanation: "Print the names without the last one under A."),
    ],
    exitCodes: EditSupport.exitCodes,
    run: { context in try EditSupport.whileEditing(context) { try EditSupport.removeMatches(context) } }
  )
}
