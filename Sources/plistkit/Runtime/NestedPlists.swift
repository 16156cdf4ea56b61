import KeyedArchive
import PlistKit

/// `--nested`: data values that hold plists or keyed archives shown decoded, for `print`,
/// `unarchive` and `convert`.
enum NestedPlists {
  /// The option, the same for every command that has it.
  static let option = Option.flag(
    "nested",
    help:
      "Show data that holds a binary or XML plist, a keyed archive or a typedstream decoded, in place, as {\"$nested\": KIND, \"$value\": VALUE}, recursively; data that does not decode stays data, with a note on standard error."
  )

  /// `value` with its nested plists opened, with the notes about data left as data.
  static func decode(_ value: PropertyList, includesClassNames: Bool = true) -> NestedPlistDecoding {
    var options = NestedPlistOptions()
    options.plainView.includesClassNames = includesClassNames
    return value.decodingNestedPlists(options: options)
  }

  /// The notes as lines for standard error: `note: FILE: KEYPATH: message`.
  static func lines(_ notes: [NestedPlistNote], path: String) -> [String] {
    let name = CommandContext.displayName(of: path)
    return notes.map { "note: \(name): \($0)" }
  }

  /// `value` with its nested plists opened, and the notes as lines for standard error.
  static func open(
    _ value: PropertyList, path: String, includesClassNames: Bool = true
  ) -> (value: PropertyList, notes: [String]) {
    let result = decode(value, includesClassNames: includesClassNames)
    return (result.value, lines(result.notes, path: path))
  }

  /// Opens the nested plists of `value` and reports the notes at once.
  static func open(
    _ value: PropertyList, path: String, context: CommandContext, includesClassNames: Bool = true
  ) -> PropertyList {
    let (opened, notes) = open(value, path: path, includesClassNames: includesClassNames)
    for note in notes { context.report(note) }
    return opened
  }
}
