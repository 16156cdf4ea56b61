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
      UIDs show as <uid N>. Colours on a terminal only, never with NO_COLOR set.
      """,
    options: [
      .choice(
        "color", placeholder: "WHEN", choices: ["auto", "always", "never"],
        help: "Colour the output: on a terminal (auto), always, or never. NO_COLOR turns it off.", default: "auto"),
      .typed,
      .fromFormat,
      .archive,
    ],
    arguments: [
      ArgumentSpec("FILE", help: "The property list; - is standard input.", completion: .file),
      ArgumentSpec(
        "KEYPATH", help: "Print only the value here: keys and indices separated by dots (A.0).", arity: .optional),
    ],
    examples: [
      Example(command: "plistkit print Samples/computers.plist", explanation: "Print the list of computers."),
      Example(
        command: "plistkit print Samples/sortednames.plist Z", explanation: "Print the names filed under Z."),
    ],
    run: { context in
      let arguments = context.arguments
      let path = arguments.argument("FILE") ?? "-"
      let root = try PropertyListIO.read(path, format: arguments.format("from"), options: arguments.readingOptions)
      let value = try KeyPathLookup.value(
        in: root.value, at: arguments.argument("KEYPATH"), path: path, archive: arguments.flag("archive"))
      let printer = TreePrinter(palette: .resolve(arguments.value("color")))
      printer.write(value, to: context.output)
      return .success
    }
  )
}
