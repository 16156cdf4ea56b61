import KeyedArchive
import PlistKit

/// The read–change–write cycle shared by `set`, `insert` and `remove`: the file is read, the
/// change applied to the value, and the result written back in the file's own format (JSON in
/// its own style, keys in their order) atomically, to the file itself or to `--output`.
enum EditSupport {
  /// The options every editing command has.
  static let options: [OptionSpec] = [
    .output(help: "Write the result here instead of changing FILE; - is standard output."),
    .typed,
  ]

  /// The exit codes every editing command shares.
  static let exitCodes: [CommandSpec.ExitCodeNote] = [
    .init(status: .success, meaning: "the file was changed"),
    .init(
      status: .failure,
      meaning: "the key path does not lead to a place to change, the file is invalid, or it could not be written"),
    .init(status: .usage, meaning: "the command line was wrong, or the VALUE does not parse as --type"),
  ]

  /// Reads FILE, applies `change`, writes the result.
  static func edit(
    _ context: CommandContext, _ change: (inout PropertyList, PropertyListKeyPath) throws(PropertyListError) -> Void
  ) throws(CommandError) -> ExitStatus {
    let arguments = context.arguments
    let path = arguments.argument("FILE") ?? "-"
    let keyPath = PropertyListKeyPath(arguments.argument("KEYPATH") ?? "")
    var (value, format) = try PropertyListIO.read(path, options: arguments.readingOptions)
    do {
      try change(&value, keyPath)
    } catch {
      throw .file(path, error)
    }
    let options = PropertyListWritingOptions(jsonStyle: arguments.flag("typed") ? .typed : .plain)
    let bytes = try PropertyListIO.serialize(value, as: format, options: options, path: path)
    try PropertyListIO.write(bytes, to: arguments.value("output") ?? path, output: context.output)
    return .success
  }

  /// Like ``edit(_:_:)`` for `--archive`: the change is made to the archive's object graph
  /// and the archive is written back in the file's format.
  static func editArchive(
    _ context: CommandContext, _ change: (inout ObjectGraph, PropertyListKeyPath) throws(KeyedArchiveError) -> Void
  ) throws(CommandError) -> ExitStatus {
    let arguments = context.arguments
    let path = arguments.argument("FILE") ?? "-"
    let keyPath = PropertyListKeyPath(arguments.argument("KEYPATH") ?? "")
    let (value, format) = try PropertyListIO.read(path, options: arguments.readingOptions)
    let archive: PropertyList
    do {
      var graph = try ObjectGraph(archive: value)
      try change(&graph, keyPath)
      archive = try graph.archivedPropertyList()
    } catch {
      throw KeyedArchiveIO.fileError(path, error)
    }
    let options = PropertyListWritingOptions(jsonStyle: arguments.flag("typed") ? .typed : .plain)
    let bytes = try PropertyListIO.serialize(archive, as: format, options: options, path: path)
    try PropertyListIO.write(bytes, to: arguments.value("output") ?? path, output: context.output)
    return .success
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
