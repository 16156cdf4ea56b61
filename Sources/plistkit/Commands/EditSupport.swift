import KeyedArchive
import PlistDocument
import PlistKit

/// The read–change–write cycle shared by `set`, `insert`, `remove` and plutil's `-insert`,
/// `-replace` and `-remove`: the library's ``PropertyListFileEditor`` edits the file (a text file
/// through its source-preserving document, a binary file through its value; `--reformat` writes
/// the whole file from the value), and the result is written back atomically, to the file itself
/// or elsewhere.
struct EditCycle {
  /// The file to change (`-` is standard input, and the result then goes to standard output).
  let path: String
  /// Where the result goes: `path` when nil, standard output for `-`.
  let destination: String?
  /// How the file is edited.
  let editor: PropertyListFileEditor
  /// FILE's bytes when they were read already.
  var input: InputBuffer?

  /// Reads the file, makes `edit` at `keyPath`, writes the result.
  func edit(_ edit: KeyPathEdit, at keyPath: PropertyListKeyPath, output: BufferedOutput) throws(CommandError) {
    try run(
      output: output, document: { (document) throws(PropertyListError) in try edit.apply(to: &document, at: keyPath) },
      value: { (value) throws(PropertyListError) in try edit.apply(to: &value, at: keyPath) })
  }

  /// Reads the file, removes every value `pattern` names, writes the result.
  func removeMatches(of pattern: PropertyListKeyPattern, output: BufferedOutput) throws(CommandError) {
    try run(
      output: output,
      document: { (document) throws(PropertyListError) in try document.removeValues(matching: pattern) },
      value: { (value) throws(PropertyListError) in try value.removeValues(matching: pattern) })
  }

  /// Like ``edit(_:at:output:)`` for a keyed archive: the change is made to the archive's object
  /// graph, and the archive it gives reaches a text file as the least edit of its document.
  func editArchive(
    output: BufferedOutput, _ change: (inout ObjectGraph) throws(KeyedArchiveError) -> Void
  ) throws(CommandError) {
    func edited(_ value: PropertyList) throws(PropertyListError) -> PropertyList {
      do {
        var graph = try ObjectGraph(archive: value)
        try change(&graph)
        return try graph.archivedPropertyList()
      } catch {
        throw KeyedArchiveIO.propertyListError(error)
      }
    }
    try run(
      output: output,
      document: { (document) throws(PropertyListError) in try document.update(to: edited(try document.value)) },
      value: { (value) throws(PropertyListError) in value = try edited(value) })
  }

  private func run(
    output: BufferedOutput, document: (inout PropertyListDocument) throws(PropertyListError) -> Void,
    value: (inout PropertyList) throws(PropertyListError) -> Void
  ) throws(CommandError) {
    let bytes = try DocumentEditing.edit(path, input: input, editor: editor, document: document, value: value)
    try PropertyListIO.write(bytes, to: destination ?? path, output: output)
  }
}

/// The options, arguments and exit codes `set`, `insert` and `remove` share.
enum EditSupport {
  static let output = SharedOptions.output(
    help: "Write the result here instead of changing FILE; - is standard output.")
  static let reformat = Option.flag(
    "reformat",
    help:
      "Write the whole file again from its value in the format's own layout (Xcode's for *.pbxproj), instead of changing only the edited bytes."
  )
  static let file = SharedOptions.file(
    "The property list to change; - reads standard input and writes standard output.")
  static let keyPath = Argument.single(
    "KEYPATH", help: "Keys and array indices separated by dots; \\. is a dot in a key, -1 the last element of an array."
  )
  static let valueText = Argument.single("VALUE", help: "The new value, as text (see --type).", optional: true)
  /// `--type TYPE` for `insert`, which needs it but in an OpenStep file.
  static let type = type(
    help:
      " Needed, except in an OpenStep file (.strings, project.pbxproj), whose values are all strings: there VALUE is a string."
  )
  /// `--type TYPE` for `set`, which without it reads VALUE as the type of the value it replaces.
  static let typeToKeep = type(
    help:
      " Without it, VALUE is read as the type of the value it replaces, which stays; a new value in an OpenStep file is a string."
  )

  private static func type(help: String) -> Option<String?> {
    Option.choice(
      "type", placeholder: "TYPE", choices: ValueParser.types.map { ($0, $0) },
      aliases: ValueParser.aliases.map { ($0, $0) },
      help:
        "How to read VALUE: json and xml take a whole property list (a fragment); array and dictionary make an empty one and take no VALUE."
        + help)
  }

  /// The options every editing command has.
  static let options = [output.spec, SharedOptions.typed.spec, reformat.spec, SharedOptions.stringify.spec]

  /// The positional arguments of `set` and `insert`.
  static let valueArguments = [file.spec, keyPath.spec, valueText.spec]

  /// The exit codes every editing command shares.
  static let exitCodes = CommandSpec.ExitCodeNote.codes(
    success: "the file was changed",
    failure: "the key path does not lead to a place to change, the file is invalid, or it could not be written",
    usage: "the command line was wrong, or the VALUE does not parse as --type")

  /// Runs an editing command's whole read–modify–write of FILE under the file's edit lock
  /// (when the result goes back to FILE; see ``PropertyListIO/whileEditing(_:writingTo:_:)``).
  static func whileEditing<Failure: Error>(
    _ context: CommandContext, _ body: () throws(Failure) -> ExitStatus
  ) throws(Failure) -> ExitStatus {
    try PropertyListIO.whileEditing(context[file] ?? "-", writingTo: context[output], body)
  }

  /// The edit of FILE that the command line asks for.
  static func cycle(_ context: CommandContext) -> EditCycle {
    EditCycle(
      path: context[file] ?? "-", destination: context[output],
      editor: PropertyListFileEditor(
        reading: context.readingOptions, writing: context.writingOptions, reformat: context[reformat]))
  }

  /// Reads FILE (unless `input` holds it already), makes `edit` at KEYPATH, writes the result.
  /// A `set` or `insert` refuses a KEYPATH with a wildcard.
  static func edit(
    _ context: CommandContext, _ edit: KeyPathEdit, input: InputBuffer? = nil
  ) throws(CommandError) -> ExitStatus {
    try KeyPathLookup.requireSinglePlace(context[keyPath])
    var cycle = cycle(context)
    cycle.input = input
    try cycle.edit(edit, at: PropertyListKeyPath(editArgument: context[keyPath] ?? ""), output: context.output)
    return .success
  }

  /// Like ``edit(_:_:input:)`` for `--archive`.
  static func editArchive(
    _ context: CommandContext, input: InputBuffer? = nil,
    _ change: (inout ObjectGraph, PropertyListKeyPath) throws(KeyedArchiveError) -> Void
  ) throws(CommandError) -> ExitStatus {
    try KeyPathLookup.requireSinglePlace(context[keyPath])
    let keyPath = PropertyListKeyPath(editArgument: context[keyPath] ?? "")
    var cycle = cycle(context)
    cycle.input = input
    try cycle.editArchive(output: context.output) { (graph) throws(KeyedArchiveError) in
      try change(&graph, keyPath)
    }
    return .success
  }

  /// Reads FILE, removes every value KEYPATH names (with `--archive`, through the archive's
  /// objects), writes the result.
  static func removeMatches(_ context: CommandContext) throws(CommandError) -> ExitStatus {
    let argument = context[keyPath] ?? ""
    // `''` is the empty key here too, as in the other edits: never the whole document.
    let pattern =
      argument.isEmpty
      ? PropertyListKeyPattern(PropertyListKeyPath(editArgument: argument)) : PropertyListKeyPattern(argument)
    if context[SharedOptions.archive] {
      try cycle(context).editArchive(output: context.output) { (graph) throws(KeyedArchiveError) in
        try graph.removeValues(matching: pattern)
      }
    } else {
      try cycle(context).removeMatches(of: pattern, output: context.output)
    }
    return .success
  }

  /// The VALUE `set` stores: parsed as `--type`, or without it as the type of the value it
  /// replaces, as PlistBuddy's `Set` keeps it. That value is read from FILE first; the input is
  /// returned so that the edit does not read it again (standard input can be read only once).
  static func replacement(_ context: CommandContext) throws(CommandError) -> (value: PropertyList, input: InputBuffer?)
  {
    try KeyPathLookup.requireSinglePlace(context[keyPath])
    if context[typeToKeep] != nil { return (try newValue(context), nil) }
    let path = context[file] ?? "-"
    let keyPath = context[keyPath] ?? ""
    let input = try PropertyListIO.readBytes(path)
    let root = try PropertyListIO.parse(input, path: path, options: context.readingOptions)
    let existing: PropertyList
    do {
      existing = try KeyPathLookup.value(
        in: root.value, at: PropertyListKeyPath(editArgument: keyPath), path: path,
        archive: context[SharedOptions.archive])
    } catch .file(let file, let error) where error.kind == .keyPath {
      // A key with dots read as several components: the key path is wrong, not the type.
      if error.intendedKeyPath != nil { throw .file(file, error) }
      if !context[SharedOptions.archive] {
        // A place where no value can be added fails as the edit would, whatever the type.
        var probe = root.value
        do {
          try probe.setValue(.string(""), at: PropertyListKeyPath(editArgument: keyPath))
        } catch {
          throw .file(path, error)
        }
      }
      if root.format == .openStep { return (try stringValue(context), input) }
      throw .usage("missing option --type TYPE: there is no value at '\(keyPath)' whose type to keep")
    }
    let kept = TypeName.of(existing)
    guard !["array", "dictionary", "uid"].contains(kept) else {
      throw .usage(
        "missing option --type TYPE: the value at '\(keyPath)' is \(withArticle(kept)), which VALUE is not read as")
    }
    guard let text = context[valueText] else { throw .usage(context.arguments.missingArgument("VALUE")) }
    do {
      return (try ValueParser.parse(text, as: kept, typedJSON: false), input)
    } catch .usage(let message) {
      throw .usage("\(message), the type of the value at '\(keyPath)' (--type changes it)")
    }
  }

  /// The VALUE `insert` adds: parsed as `--type`, or without it as a string when FILE is an
  /// OpenStep file (`.strings`, `project.pbxproj`), where every value is one. FILE is read for
  /// its format then, and returned so that the edit does not read it again.
  static func insertion(_ context: CommandContext) throws(CommandError) -> (value: PropertyList, input: InputBuffer?) {
    if context[type] != nil { return (try newValue(context), nil) }
    let path = context[file] ?? "-"
    // A file that cannot be read has no format to go by: --type is what the command line lacks.
    guard let input = try? PropertyListIO.readBytes(path),
      input.withBytes({ PropertyListFormat.detect($0, fileName: path == "-" ? nil : path) }) == .openStep
    else {
      throw .usage(
        "missing option --type TYPE (only an OpenStep file, whose values are all strings, takes VALUE as a string without it)"
      )
    }
    return (try stringValue(context), input)
  }

  /// The VALUE argument as a string, the type of every value of an OpenStep file.
  private static func stringValue(_ context: CommandContext) throws(CommandError) -> PropertyList {
    guard let text = context[valueText] else { throw .usage(context.arguments.missingArgument("VALUE")) }
    return .string(text)
  }

  /// The VALUE argument parsed as `--type`.
  static func newValue(_ context: CommandContext) throws(CommandError) -> PropertyList {
    let type = context[Self.type] ?? "string"
    let text = context[valueText]
    if ValueParser.isEmptyContainer(type) {
      guard text == nil else { throw .usage("--type \(type) makes an empty \(type) and takes no VALUE") }
      return try ValueParser.parse("", as: type, typedJSON: false)
    }
    guard let text else { throw .usage(context.arguments.missingArgument("VALUE")) }
    return try ValueParser.parse(text, as: type, typedJSON: context[SharedOptions.typed])
  }
}
