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
      UIDs show as <uid N>. Colours on a terminal only, and not with NO_COLOR set, unless \
      --color always asks. A KEYPATH with `*` prints a dictionary of every match's concrete key \
      path to its value; a negative index counts from the end. A typedstream (NSArchiver's \
      format) is printed as its plain view, as `unarchive` shows it. With --nested, data that holds a \
      binary or XML plist, a keyed archive or a typedstream (as preferences and caches keep them) is shown \
      decoded in place, marked {"$nested" => KIND, "$value" => …}, and a KEYPATH can go on \
      through `$value` (Font.$value.name); with --archive the data is opened after the lookup.
      """,
    options: [
      PrintOptions.color.spec, SharedOptions.typed.spec, SharedOptions.from.spec, SharedOptions.archive.spec,
      NestedPlists.option.spec, OutputLimit.option.spec,
    ],
    arguments: [PrintOptions.file.spec, PrintOptions.keyPath.spec],
    examples: [
      Example(command: "plistkit print Samples/computers.plist", explanation: "Print the list of computers."),
      Example(
        command: "plistkit print Samples/sortednames.plist Z", explanation: "Print the names filed under Z."),
      Example(
        command: "plistkit print ~/Library/Preferences/com.apple.Terminal.plist --nested",
        explanation: "Print Terminal's preferences with the fonts and colours archived inside them decoded."),
    ],
    run: { context in
      let path = context[PrintOptions.file] ?? "-"
      // A typedstream (NSArchiver) is shown as its plain view, as `unarchive` shows it.
      let rootValue = try TypedstreamIO.readValue(
        path, format: context[SharedOptions.from], options: context.readingOptions)
      let keyPath = context[PrintOptions.keyPath]
      let archive = context[SharedOptions.archive]
      let nested = context[NestedPlists.option]
      // A plain file is opened before the lookup, so that a KEYPATH reaches into what its data
      // holds (`Font.$value.name`); an archive's objects are looked up first.
      let opened = nested && !archive ? NestedPlists.decode(rootValue) : nil
      let matches = try KeyPathLookup.matches(
        in: opened?.value ?? rootValue, at: keyPath, path: path, archive: archive)
      // Every match of a wildcard is shown under its concrete key path.
      var value = KeyPathLookup.combined(
        matches, pattern: keyPath, withPaths: PropertyListKeyPattern(keyPath ?? "").hasWildcard)
      if let opened {
        let notes = matches.flatMap { opened.notes(under: $0.path) }
        for line in NestedPlists.lines(notes, path: path) { context.report(line) }
      } else if nested {
        value = NestedPlists.open(value, path: path, context: context)
      }
      try TreePrinter(palette: .resolve(context[PrintOptions.color])).print(
        value, to: context.output, limit: try context.outputLimit(forInput: path), path: path)
      return .success
    }
  )
}

/// The options and arguments of `print`.
private enum PrintOptions {
  static let color = SharedOptions.color()
  static let file = SharedOptions.file()
  static let keyPath = Argument.single(
    "KEYPATH", help: "Print only the value here: keys and indices separated by dots (A.0, A.-1, A.*).",
    optional: true)
}
