import KeyedArchive
import PlistKit

/// The read–change–write cycle shared by `set`, `insert`, `remove` and plutil's `-insert`,
/// `-replace` and `-remove`: the file is read, the change applied to the value (or to the
/// object graph of a keyed archive), and the result written back in the file's own format
/// (JSON in its own style, keys in their order) atomically, to the file itself or elsewhere.
struct EditCycle {
  /// The file to change (`-` is standard input, and the result then goes to standard output).
  let path: String
  /// Where the result goes: `path` when nil, standard output for `-`.
  let destination: String?
  let readingOptions: PropertyListReadingOptions
  let writingOptions: PropertyListWritingOptions

  /// Reads the file, applies `change`, writes the result.
  func edit(
    output: BufferedOutput, _ change: (inout PropertyList) throws(PropertyListError) -> Void
  ) throws(CommandError) {
    var (value, format) = try PropertyListIO.read(path, options: readingOptions)
    do {
      try change(&value)
    } catch {
      throw .file(path, error)
    }
    try write(value, as: format, output: output)
  }

  /// Like ``edit(output:_:)`` for a keyed archive: the change is made to the archive's object
  /// graph, and the archive is written back in the file's format.
  func editArchive(
    output: BufferedOutput, _ change: (inout ObjectGraph) throws(KeyedArchiveError) -> Void
  ) throws(CommandError) {
    let (value, format) = try PropertyListIO.read(path, options: readingOptions)
    let archive: PropertyList
    do {
      var graph = try ObjectGraph(archive: value)
      try change(&graph)
      archive = try graph.archivedPropertyList()
    } catch {
      throw KeyedArchiveIO.fileError(path, error)
    }
    try write(archive, as: format, output: output)
  }

  private func write(_ value: PropertyList, as format: PropertyListFormat, output: BufferedOutput) throws(CommandError)
  {
    let bytes = try PropertyListIO.serialize(value, as: format, options: writingOptions, path: path)
    try PropertyListIO.write(bytes, to: destination ?? path, output: output)
  }
}

/// The options, arguments and exit codes `set`, `insert` and `remove` share.
enum EditSupport {
  static let output = SharedOptions.output(
    help: "Write the result here instead of changing FILE; - is standard output.")
  static let file = SharedOptions.file(
    "The property list to change; - reads standard input and writes standard output.")
  static let keyPath = Argument.single(
    "KEYPATH", help: "Keys and array indices separated by dots; \\. is a dot in a key.")
  static let valueText = Argument.single("VALUE", help: "The new value, as text (see --type).", optional: true)
  /// `--type TYPE`.
  static let type = Option.choice(
    "type", placeholder: "TYPE", choices: ValueParser.types.map { ($0, $0) },
    aliases: ValueParser.aliases.map { ($0, $0) },
    help:
      "How to read VALUE: json and xml take a whole property list (a fragment); array and dictionary make an empty one and take no VALUE.",
    required: true)

  /// The options every editing command has.
  static let options = [output.spec, SharedOptions.typed.spec]

  /// The positional arguments of `set` and `insert`.
  static let valueArguments = [file.spec, keyPath.spec, valueText.spec]

  /// The exit codes every editing command shares.
  static let exitCodes: [CommandSpec.ExitCodeNote] = [
    .init(status: .success, meaning: "the file was changed"),
    .init(
      status: .failure,
      meaning: "the key path does not lead to a place to change, the file is invalid, or it could not be written"),
    .init(status: .usage, meaning: "the command line was wrong, or the VALUE does not parse as --type"),
  ]

  /// The edit of FILE that the command line asks for.
  static func cycle(_ context: CommandContext) -> EditCycle {
    EditCycle(
      path: context[file] ?? "-", destination: context[output], readingOptions: context.readingOptions,
      writingOptions: context.writingOptions)
  }

  /// KEYPATH.
  static func keyPath(_ context: CommandContext) -> PropertyListKeyPath { PropertyListKeyPath(context[keyPath] ?? "") }

  /// Reads FILE, applies `change` at KEYPATH, writes the result.
  static func edit(
    _ context: CommandContext, _ change: (inout PropertyList, PropertyListKeyPath) throws(PropertyListError) -> Void
  ) throws(CommandError) -> ExitStatus {
    let keyPath = keyPath(context)
    try cycle(context).edit(output: context.output) { (value) throws(PropertyListError) in try change(&value, keyPath) }
    return .success
  }

  /// Like ``edit(_:_:)`` for `--archive`.
  static func editArchive(
    _ context: CommandContext, _ change: (inout ObjectGraph, PropertyListKeyPath) throws(KeyedArchiveError) -> Void
  ) throws(CommandError) -> ExitStatus {
    let keyPath = keyPath(context)
    try cycle(context).editArchive(output: context.output) { (graph) throws(KeyedArchiveError) in
      try change(&graph, keyPath)
    }
    return .success
  }

  /// The VALUE argument parsed as `--type`.
  static func newValue(_ context: CommandContext) throws(CommandError) -> PropertyList {
    let type = context[Self.type] ?? "string"
    let text = context[valueText]
    if ValueParser.isEmptyContainer(type) {
      guard text == nil else { throw .usage("--type \(type) makes an empty \(type) and takes no VALUE") }
      return try ValueParser.parse("", as: type, typedJSON: false)
    }
    guard let text else { throw .usage("missing argument VALUE") }
    return try ValueParser.parse(text, as: type, typedJSON: context[SharedOptions.typed])
  }
}
