import KeyedArchive
import PlistDocument
import PlistKit

/// The read–change–write cycle shared by `set`, `insert` and `remove`: a text file is edited
/// through its source-preserving document (only the edited bytes change: comments, layout,
/// encoding and line endings stay; a `*.pbxproj` file keeps Xcode's layout), a binary file
/// through its value; the result is written back atomically, to the file itself or to
/// `--output`. `--reformat` writes the whole file from the value instead.
enum EditSupport {
  /// The options every editing command has.
  static let options: [OptionSpec] = [
    .output(help: "Write the result here instead of changing FILE; - is standard output."),
    .typed,
    .flag(
      "reformat",
      help:
        "Write the whole file again from its value in the format's own layout (Xcode's for *.pbxproj), instead of changing only the edited bytes."
    ),
  ]

  /// The exit codes every editing command shares.
  static let exitCodes: [CommandSpec.ExitCodeNote] = [
    .init(status: .success, meaning: "the file was changed"),
    .init(
      status: .failure,
      meaning: "the key path does not lead to a place to change, the file is invalid, or it could not be written"),
    .init(status: .usage, meaning: "the command line was wrong, or the VALUE does not parse as --type"),
  ]

  /// Reads FILE, makes `edit` at KEYPATH, writes the result.
  static func edit(_ context: CommandContext, _ edit: KeyPathEdit) throws(CommandError) -> ExitStatus {
    let arguments = context.arguments
    let path = arguments.argument("FILE") ?? "-"
    let keyPath = PropertyListKeyPath(arguments.argument("KEYPATH") ?? "")
    let bytes = try DocumentEditing.edit(
      try PropertyListIO.readBytes(path).array, path: path, options: documentOptions(arguments),
      document: { (document) throws(PropertyListError) in try edit.apply(to: &document, at: keyPath) },
      value: { (value) throws(PropertyListError) in try edit.apply(to: &value, at: keyPath) })
    try PropertyListIO.write(bytes, to: arguments.value("output") ?? path, output: context.output)
    return .success
  }

  /// Like ``edit(_:_:)`` for `--archive`: the change is made to the archive's object graph,
  /// and the archive it gives reaches a text file as the least edit of its document.
  static func editArchive(
    _ context: CommandContext, _ change: (inout ArchiveEditor, PropertyListKeyPath) throws(PropertyListError) -> Void
  ) throws(CommandError) -> ExitStatus {
    let arguments = context.arguments
    let path = arguments.argument("FILE") ?? "-"
    let keyPath = PropertyListKeyPath(arguments.argument("KEYPATH") ?? "")
    func edited(_ value: PropertyList) throws(PropertyListError) -> PropertyList {
      var editor = try ArchiveEditor(archive: value)
      try change(&editor, keyPath)
      return try editor.archive()
    }
    let bytes = try DocumentEditing.edit(
      try PropertyListIO.readBytes(path).array, path: path, options: documentOptions(arguments),
      document: { (document) throws(PropertyListError) in try document.update(to: edited(try document.value)) },
      value: { (value) throws(PropertyListError) in value = try edited(value) })
    try PropertyListIO.write(bytes, to: arguments.value("output") ?? path, output: context.output)
    return .success
  }

  private static func documentOptions(_ arguments: ParsedArguments) -> DocumentEditing.Options {
    DocumentEditing.Options(
      reading: arguments.readingOptions,
      writing: PropertyListWritingOptions(jsonStyle: arguments.flag("typed") ? .typed : .plain),
      reformat: arguments.flag("reformat"))
  }

  /// The VALUE argument parsed as `--type`.
  static func newValue(_ arguments: ParsedArguments) throws(CommandError) -> PropertyList {
    let type = arguments.value("type") ?? "string"
    let text = arguments.argument("VALUE")
    if ValueParser.isEmptyContainer(type) {
      guard text == nil else { throw .usage("--type \(type) makes an empty \(type) and takes no VALUE") }
      return try ValueParser.parse("", as: type, typedJSON: false)
    }
    guard let text else { throw .usage("missing argument VALUE") }
    return try ValueParser.parse(text, as: type, typedJSON: arguments.flag("typed"))
  }

  /// `--type TYPE`.
  static let typeOption = OptionSpec.choice(
    "type", placeholder: "TYPE", choices: ValueParser.types, aliases: ValueParser.aliases,
    help:
      "How to read VALUE: json and xml take a whole property list (a fragment); array and dictionary make an empty one and take no VALUE.",
    required: true)

  /// The positional arguments of `set` and `insert`.
  static let valueArguments: [ArgumentSpec] = [
    ArgumentSpec(
      "FILE", help: "The property list to change; - reads standard input and writes standard output.", completion: .file
    ),
    ArgumentSpec("KEYPATH", help: "Keys and array indices separated by dots; \\. is a dot in a key."),
    ArgumentSpec("VALUE", help: "The new value, as text (see --type).", arity: .optional),
  ]
}
