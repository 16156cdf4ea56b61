import KeyedArchive
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
    options: EditSupport.options + [SharedOptions.archive.spec],
    arguments: [EditSupport.file.spec, EditSupport.keyPath.spec],
    examples: [
      Example(
        command: "plistkit remove Samples/sortednames.plist Q -o -",
        explanation: "Print the names without the Q section.")
    ],
    exitCodes: EditSupport.exitCodes,
    run: { context in
      if context[SharedOptions.archive] {
        return try EditSupport.editArchive(context) { (graph, keyPath) throws(KeyedArchiveError) in
          try graph.removeValue(at: keyPath)
        }
      }
      return try EditSupport.edit(context, .remove)
    }
  )
}
