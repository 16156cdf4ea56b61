import PlistKit

extension CommandSpec {
  /// `plistkit print`: a readable tree of a file or of the value at a key path.
  static let print = CommandSpec(
    name: "print",
    abstract: "Print a property list as a readable tree.",
    discussion: """
      Like `plutil -p`, for people, not programs: dictionaries show `"key" => value` in file \
      order, arrays `index => value`. Reals always show a decimal point (1.0), strings are \
      quoted, dates are ISO 8601 in UTC, data shows its length and the first bytes in hex, \
      UIDs show as <uid N>. Colours on a terminal only, and not with NO_COLOR set, unless --color always asks.
      """,
    options: [PrintOptions.color.spec, SharedOptions.typed.spec, SharedOptions.from.spec, SharedOptions.archive.spec],
    arguments: [PrintOptions.file.spec, PrintOptions.keyPath.spec],
    examples: [
      Example(command: "plistkit print Samples/computers.plist", explanation: "Print the list of computers."),
      Example(
        command: "plistkit print Samples/sortednames.plist Z", explanation: "Print the names filed under Z."),
    ],
    run: { context in
      let path = context[PrintOptions.file] ?? "-"
      let root = try PropertyListIO.read(path, format: context[SharedOptions.from], options: context.readingOptions)
      let value = try KeyPathLookup.value(
        in: root.value, at: context[PrintOptions.keyPath], path: path, archive: context[SharedOptions.archive])
      let printer = TreePrinter(palette: .resolve(context[PrintOptions.color]))
      printer.write(value, to: context.output)
      return .success
    }
  )
}

/// The options and arguments of `print`.
private enum PrintOptions {
  static let color = Option.choice(
    "color", placeholder: "WHEN", choices: [("auto", "auto"), ("always", "always"), ("never", "never")],
    help: "Colour the output: on a terminal unless NO_COLOR is set (auto), always (even with NO_COLOR), or never.",
    default: "auto")
  static let file = SharedOptions.file()
  static let keyPath = Argument.single(
    "KEYPATH", help: "Print only the value here: keys and indices separated by dots (A.0).", optional: true)
}
