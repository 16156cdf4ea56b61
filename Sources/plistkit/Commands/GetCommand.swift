import PlistKit

extension CommandSpec {
  /// `plistkit get`: the value at a key path, as plain text or as a property list.
  static let get = CommandSpec(
    name: "get",
    abstract: "Print the value at a key path, as text or as a property list.",
    discussion: """
      Like `plutil -extract`. With --to raw (the default) strings print as they are, numbers \
      and booleans as words, dates in ISO 8601 UTC, data in base64, a dictionary as its keys one \
      per line, an array as its count. With --to xml, binary, json or openstep the value is \
      written as a property list of its own. --expect fails (exit 1) when the value is of \
      another type, so scripts can check before they use it.
      """,
    options: [
      .choice(
        "to", short: "t", placeholder: "FORMAT", choices: ["raw"] + OptionSpec.formatChoices,
        aliases: OptionSpec.formatAliases, help: "How to print the value.", default: "raw"),
      .choice(
        "expect", placeholder: "TYPE", choices: TypeName.all, aliases: TypeName.aliases,
        help: "Fail unless the value has this type."),
      .flag("no-newline", short: "n", help: "With --to raw, print no newline after the value."),
      .output(help: "Write the value here instead of standard output (atomically)."),
      .typed,
      .fromFormat,
      .archive,
    ],
    arguments: [
      ArgumentSpec("FILE", help: "The property list; - is standard input.", completion: .file),
      ArgumentSpec("KEYPATH", help: "Keys and array indices separated by dots; \\. is a dot in a key."),
    ],
    examples: [
      Example(command: "plistkit get Samples/sortednames.plist A.0", explanation: "Print the first name under A."),
      Example(
        command: "plistkit get Samples/sortednames.plist A", explanation: "Print how many names there are under A."),
      Example(
        command: "plistkit get Samples/computers.plist 0 --expect string --to json",
        explanation: "Print the first computer as a JSON fragment, failing unless it is a string."),
    ],
    exitCodes: [
      ExitCodeNote(status: .success, meaning: "the value was printed"),
      ExitCodeNote(
        status: .failure,
        meaning: "no value at the key path, a value of another type than --expect, or an unreadable file"),
      ExitCodeNote(status: .usage, meaning: "the command line was wrong"),
    ],
    run: { context in
      let arguments = context.arguments
      let path = arguments.argument("FILE") ?? "-"
      let keyPath = arguments.argument("KEYPATH") ?? ""
      let root = try PropertyListIO.read(path, format: arguments.format("from"), options: arguments.readingOptions)
      let value = try KeyPathLookup.value(in: root.value, at: keyPath, path: path, archive: arguments.flag("archive"))
      if let expected = arguments.value("expect").map(TypeName.canonical), TypeName.of(value) != expected {
        throw CommandError.file(
          path,
          PropertyListError(
            .keyPath, at: .keyPath(keyPath), "expected a value of type \(expected), found \(TypeName.of(value))"))
      }
      let bytes: [UInt8]
      if let format = arguments.format("to") {
        let options = PropertyListWritingOptions(jsonStyle: arguments.flag("typed") ? .typed : .plain)
        bytes = try PropertyListIO.serialize(value, as: format, options: options, path: path)
      } else {
        bytes = Array((RawText.render(value) + (arguments.flag("no-newline") ? "" : "\n")).utf8)
      }
      try PropertyListIO.write(bytes, to: arguments.value("output") ?? "-", output: context.output)
      return .success
    }
  )

}
