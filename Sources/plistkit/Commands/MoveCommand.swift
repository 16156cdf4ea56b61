import KeyedArchive
import PlistKit

extension CommandSpec {
  /// `plistkit move`: move a value to another key path, or rename a key where it is.
  static let move = CommandSpec(
    name: "move",
    abstract: "Move a value to another key path, or rename a key where it is, in place.",
    discussion: """
      Moves an array element to another index (the index counts after the element is taken \
      out, so `move computers.plist 3 0` makes the fourth computer the first; a negative index \
      counts from the end, -1 in FROM the last element, in TO before the last of those left, as \
      insert puts it), or a value to a \
      new key anywhere; to another key of the same dictionary it is a rename, and the entry \
      keeps its position. TO must not exist yet. Only the moved bytes change in a text file \
      (comments and layout stay); a binary file stays binary. With --archive, FROM and TO walk \
      the archive's objects and the reference moves, not a copy. plutil has no such verb.
      """,
    options: EditSupport.options + [SharedOptions.archive.spec],
    arguments: [EditSupport.file.spec, MoveArguments.source.spec, MoveArguments.destination.spec],
    examples: [
      Example(
        command: "plistkit move Samples/computers.plist 3 0 -o -",
        explanation: "Make the fourth computer the first, printing the result."),
      Example(
        command: "plistkit move Samples/sortednames.plist Q Qu -o -",
        explanation: "Rename the Q section, keeping its place."),
      Example(
        command:
          "plistkit move --archive Samples/Presidents.plist Presidents.0.Party Presidents.0.Affiliation -o p.plist",
        explanation: "Rename a field of an archived object, writing a new archive."),
    ],
    exitCodes: EditSupport.exitCodes,
    run: { context in
      try KeyPathLookup.requireSinglePlace(context[MoveArguments.source], named: "FROM")
      try KeyPathLookup.requireSinglePlace(context[MoveArguments.destination], named: "TO")
      let source = PropertyListKeyPath(context[MoveArguments.source] ?? "")
      let destination = PropertyListKeyPath(context[MoveArguments.destination] ?? "")
      let cycle = EditSupport.cycle(context)
      return try EditSupport.whileEditing(context) {
        if context[SharedOptions.archive] {
          try cycle.editArchive(output: context.output) { (graph) throws(KeyedArchiveError) in
            try graph.moveValue(from: source, to: destination)
          }
        } else {
          try cycle.edit(.move(to: destination), at: source, output: context.output)
        }
        return .success
      }
    }
  )
}

/// The positional arguments of `move`.
private enum MoveArguments {
  static let source = Argument.single("FROM", help: "The key path of the value to move.")
  static let destination = Argument.single(
    "TO", help: "Its new key path; it must not exist yet (an array index may be the count, to append).")
}
