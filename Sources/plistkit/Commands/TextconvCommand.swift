import KeyedArchive
import PlistDiff
import PlistKit
import XcodeProject

extension CommandSpec {
  /// `plistkit textconv`: a stable text form for git's `diff.*.textconv`.
  static let textconv = CommandSpec(
    name: "textconv",
    abstract: "Print a stable, sorted, indented form of a property list, for git diff.",
    discussion: """
      Prints the value as an indented tree, one line per scalar, so that two versions of a \
      file diff line by line in git whatever their format (a binary plist included) or key \
      order: `key = value` lines in sorted key order, nested containers opened by `key = {` or \
      `key = [` and closed by `}` or `]` on a line of their own, array elements one per entry \
      without an index, so that inserting or removing an element changes only its own lines \
      (and the `[]` of an array it fills or empties). Top-level keys start at column 0, so \
      git's hunk headers name them. A key is quoted when it is empty or holds white space, an \
      invisible or control character, a quote, a backslash, `=`, a brace or a bracket; \
      strings, data and dates are printed whole. A keyed archive is printed as its plain view \
      (objects expanded, references followed: `unarchive` shows the same), so that renumbered \
      $objects do not show; --raw prints the archive as stored. In project files an object's \
      ID is followed by Xcode's comment for it. For git: \
      `git config diff.plist.textconv 'plistkit textconv'`.
      """,
    options: [TextconvOptions.raw.spec, SharedOptions.typed.spec, SharedOptions.from.spec, OutputLimit.option.spec],
    arguments: [TextconvOptions.file.spec],
    examples: [
      Example(command: "plistkit textconv Samples/sortednames.plist | head -3", explanation: "The first lines."),
      Example(
        command: "plistkit textconv Samples/Presidents.plist | grep Ford", explanation: "A keyed archive, as objects."),
    ],
    run: { context in
      let path = context[TextconvOptions.file] ?? "-"
      var value = try PropertyListIO.read(path, format: context[SharedOptions.from], options: context.readingOptions)
        .value
      if !context[TextconvOptions.raw] && ArchiveValidator.isKeyedArchive(value) {
        do throws(KeyedArchiveError) {
          value = try ObjectGraph(archive: value).plainView()
        } catch {
          throw KeyedArchiveIO.fileError(path, error)
        }
      }
      try TextconvPrinter(labels: ProjectPathLabels(old: value, new: value)).print(
        value, to: context.output, limit: try context.outputLimit(forInput: path), path: path)
      return .success
    }
  )
}

/// The options and arguments of `textconv`.
private enum TextconvOptions {
  static let raw = Option.flag("raw", help: "Print a keyed archive as stored ($objects), not as its objects.")
  static let file = SharedOptions.file()
}
