import KeyedArchive
import PlistKit

extension CommandSpec {
  /// `plistkit unarchive`: show an NSKeyedArchiver archive as plain data or as its object graph.
  static let unarchive = CommandSpec(
    name: "unarchive",
    abstract: "Show a keyed archive or a typedstream as plain data, or an archive as its object graph (--graph).",
    discussion: """
      The plain view is what forensic tools show: Foundation containers become plain arrays, \
      dictionaries, strings, numbers, dates and data; other objects become dictionaries with a \
      $class entry and their fields; a reference back into an ancestor (a cycle) becomes \
      {"$cycle": "key.path"} instead of recursing. With --graph the output is the lossless object \
      graph instead: every object once with its id, references as UIDs naming ids, sharing and \
      cycles kept; `plistkit archive` turns it back into an archive. JSON output of --graph is \
      always the typed form, so that nothing is lost. With --nested, data inside the archive \
      that holds another archive or a plist is shown decoded in place, marked \
      {"$nested": KIND, "$value": …}, as nska_deserialize's full_recurse_convert_nska opens it. \
      A typedstream (NSArchiver's format, \\x04\\x0bstreamtyped: an iMessage attributedBody, a \
      pre-keyed nib) is recognised by its header and shown as its plain view, in the same \
      shapes; unknown classes show their $classes chain and $values.
      """,
    options: [
      UnarchiveOptions.to.spec, UnarchiveOptions.graph.spec, UnarchiveOptions.typed.spec, UnarchiveOptions.noClass.spec,
      NestedPlists.option.spec, UnarchiveOptions.output.spec, OutputLimit.option.spec,
    ],
    arguments: [UnarchiveOptions.file.spec],
    examples: [
      Example(command: "plistkit unarchive Samples/Presidents.plist", explanation: "Print the presidents as JSON."),
      Example(
        command: "plistkit unarchive Samples/Presidents.plist --graph -o presidents.graph.json",
        explanation: "Write the object graph, to edit it and archive it again."),
    ],
    exitCodes: ExitCodeNote.codes(
      success: "the archive was shown", failure: "the file is unreadable or not a valid archive"),
    run: { context in
      let path = context[UnarchiveOptions.file] ?? "-"
      let format = context[UnarchiveOptions.to]
      try Terminal.refuseBinary(format, output: context[UnarchiveOptions.output])
      let nested = context[NestedPlists.option]
      if nested, context[UnarchiveOptions.graph] {
        throw CommandError.usage("--nested shows the plain view; the object graph of --graph keeps data as it is")
      }
      let input = try PropertyListIO.readBytes(path)
      if let plain = try TypedstreamIO.plainView(
        of: input, path: path, includesClassNames: !context[UnarchiveOptions.noClass])
      {
        if context[UnarchiveOptions.graph] {
          throw CommandError.usage("--graph shows a keyed archive's objects; a typedstream is shown as its plain view")
        }
        let value =
          nested
          ? NestedPlists.open(
            plain, path: path, context: context, includesClassNames: !context[UnarchiveOptions.noClass])
          : plain
        let options = PropertyListWritingOptions(
          jsonStyle: context[UnarchiveOptions.typed] ? .typed : .plain,
          maximumOutputSize: try context.outputLimit(forInput: path))
        let bytes = try PropertyListIO.serialize(value, as: format, options: options, path: path)
        try PropertyListIO.write(bytes, to: context[UnarchiveOptions.output] ?? "-", output: context.output)
        return .success
      }
      var options = PropertyListWritingOptions(
        jsonStyle: context[UnarchiveOptions.typed] ? .typed : .plain,
        maximumOutputSize: try context.outputLimit(forInput: path))
      if !context[UnarchiveOptions.graph], !nested,
        try KeyedArchiveIO.writePlainView(
          of: input, path: path, options: PlainViewOptions(includesClassNames: !context[UnarchiveOptions.noClass]),
          with: PropertyListConverter(to: format, writingOptions: options),
          to: context[UnarchiveOptions.output] ?? "-", output: context.output)
      {
        return .success
      }
      let graph = try KeyedArchiveIO.readGraph(input, path: path)
      let value: PropertyList
      if context[UnarchiveOptions.graph] {
        value = graph.graphForm()
        options.jsonStyle = .typed
      } else {
        do throws(KeyedArchiveError) {
          let plain = try graph.plainView(
            options: PlainViewOptions(includesClassNames: !context[UnarchiveOptions.noClass]))
          value =
            nested
            ? NestedPlists.open(
              plain, path: path, context: context, includesClassNames: !context[UnarchiveOptions.noClass]) : plain
        } catch {
          throw KeyedArchiveIO.fileError(path, error)
        }
      }
      let bytes = try PropertyListIO.serialize(value, as: format, options: options, path: path)
      try PropertyListIO.write(bytes, to: context[UnarchiveOptions.output] ?? "-", output: context.output)
      return .success
    }
  )
}

/// The options and arguments of `unarchive`.
private enum UnarchiveOptions {
  static let to = Option.choice(
    "to", short: "t", placeholder: "FORMAT", choices: SharedOptions.formatChoices, aliases: SharedOptions.formatAliases,
    help: "The format to write (default json).", default: "json")
  static let graph = Option.flag("graph", help: "Write the identity-preserving object graph instead of the plain view.")
  static let typed = Option.flag(
    "typed", help: "Write the plain view as typed JSON (dates, data, integers vs reals survive).")
  static let noClass = Option.flag(
    "no-class", help: "Leave out the $class entries of the plain view (as nska_deserialize does).")
  static let output = SharedOptions.output(help: "Write the result here instead of standard output.")
  static let file = SharedOptions.file("The keyed archive or typedstream; - is standard input.")
}
