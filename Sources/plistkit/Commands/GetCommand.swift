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
      another type, so scripts can check before they use it. A KEYPATH with `*` names every key \
      or index at its level (Presidents.*.Name) and prints every match: one per line as text, \
      an array with --to; a negative index counts from the end (A.-1); --with-paths puts each \
      match's concrete key path first. No match is exit 1. --compact writes JSON and OpenStep \
      on one line.
      """,
    options: [
      GetOptions.to.spec, GetOptions.expect.spec, GetOptions.noNewline.spec, SharedOptions.withPaths.spec,
      GetOptions.output.spec, SharedOptions.compact.spec, SharedOptions.typed.spec, SharedOptions.from.spec,
      SharedOptions.stringify.spec, SharedOptions.archive.spec, OutputLimit.option.spec,
    ],
    arguments: [GetOptions.file.spec, GetOptions.keyPath.spec],
    examples: [
      Example(command: "plistkit get Samples/sortednames.plist A.0", explanation: "Print the first name under A."),
      Example(
        command: "plistkit get Samples/sortednames.plist A", explanation: "Print how many names there are under A."),
      Example(
        command: "plistkit get --archive Samples/Presidents.plist 'Presidents.*.Name'",
        explanation: "Print the name of every president, one per line."),
      Example(
        command: "plistkit get Samples/sortednames.plist A.-1", explanation: "Print the last name under A."),
      Example(
        command: "plistkit get Samples/computers.plist 0 --expect string --to json",
        explanation: "Print the first computer as a JSON fragment, failing unless it is a string."),
      Example(
        command: "plistkit get Samples/sortednames.plist Q --to json --compact",
        explanation: "Print the names under Q as JSON on one line."),
    ],
    exitCodes: ExitCodeNote.codes(
      success: "the value was printed",
      failure: "no value at the key path, a value of another type than --expect, or an unreadable file"),
    run: { context in
      let path = context[GetOptions.file] ?? "-"
      let keyPath = context[GetOptions.keyPath] ?? ""
      let withPaths = context[SharedOptions.withPaths]
      try Terminal.refuseBinary(context[GetOptions.to], output: context[GetOptions.output])
      let root = try PropertyListIO.read(path, format: context[SharedOptions.from], options: context.readingOptions)
      let matches = try KeyPathLookup.matches(
        in: root.value, at: keyPath, path: path, archive: context[SharedOptions.archive])
      if let expected = context[GetOptions.expect],
        let wrong = matches.first(where: { TypeName.of($0.value) != expected })
      {
        throw CommandError.file(
          path,
          PropertyListError(
            .keyPath, at: .keyPath(wrong.path.description),
            "expected a value of type \(expected), found \(TypeName.of(wrong.value))"))
      }
      let bytes: [UInt8]
      if let format = context[GetOptions.to] {
        let value = KeyPathLookup.combined(matches, pattern: keyPath, withPaths: withPaths)
        var writing = try context.writingOptions(forInput: path)
        writing.prettyPrinted = !context[SharedOptions.compact]
        var written = try PropertyListIO.serialize(value, as: format, options: writing, path: path)
        // One line of output ends as a line, as the indented form does (--no-newline leaves it bare).
        if !writing.prettyPrinted, format != .binary, written.last != 0x0A, !context[GetOptions.noNewline] {
          written.append(0x0A)
        }
        bytes = written
      } else {
        try ExpansionCheck.refuseLargeRawText(
          matches.map(\.value), limit: try context.outputLimit(forInput: path), path: path)
        let text = KeyPathLookup.lines(
          matches, pattern: keyPath, withPaths: withPaths, RawText.render
        ).joined(separator: "\n")
        bytes = Array((text + (context[GetOptions.noNewline] ? "" : "\n")).utf8)
      }
      try PropertyListIO.write(bytes, to: context[GetOptions.output] ?? "-", output: context.output)
      return .success
    }
  )

}

/// The options and arguments of `get`.
private enum GetOptions {
  /// `--to`: raw text (nil) or a format.
  static let to = Option<PropertyListFormat?>.choice(
    "to", short: "t", placeholder: "FORMAT", choices: [("raw", nil)] + SharedOptions.formatChoices.map { ($0, $1) },
    aliases: SharedOptions.formatAliases.map { ($0, $1) }, help: "How to print the value.", default: "raw")
  static let expect = Option.choice(
    "expect", placeholder: "TYPE", choices: TypeName.all.map { ($0, $0) },
    aliases: TypeName.aliases.map { ($0, TypeName.canonical($0)) }, help: "Fail unless the value has this type.")
  static let noNewline = Option.flag(
    "no-newline", short: "n", help: "With --to raw (or --compact), print no newline after the value.")
  static let output = SharedOptions.output(help: "Write the value here instead of standard output (atomically).")
  static let file = SharedOptions.file()
  static let keyPath = Argument.single(
    "KEYPATH",
    help: "Keys and array indices separated by dots; * is every key or index, -1 the last; \\. and \\* escape.")
}
