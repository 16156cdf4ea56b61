import PlistKit
import XcodeProject

extension CommandSpec {
  /// `plistkit convert`: rewrite property lists in another format.
  static let convert = CommandSpec(
    name: "convert",
    abstract: "Convert property lists between XML, binary, JSON and OpenStep.",
    discussion: """
      The input format is detected from the content. With one FILE and no --output, the result \
      goes to standard output (the input is never touched by accident). To rewrite files, name \
      the output with --output (it may be the input itself: writes are atomic), convert each file \
      in place with --in-place, or write each next to its input with --extension. Several files \
      are converted in parallel; errors are reported in input order. `--to pbxproj` writes \
      OpenStep in the layout Xcode gives project files, with its sections and comments; the \
      project's name (for one comment) comes from --project-name, else from the \
      NAME.xcodeproj folder of the output or the input, else from its first target. A \
      typedstream file (NSArchiver's format) is converted as its plain view. With \
      --nested, data that holds a binary or XML plist, a keyed archive or a typedstream is written decoded in \
      place, marked {"$nested": KIND, "$value": …} (a view for reading: the data itself is not \
      kept, so --in-place refuses it).
      """,
    options: [
      ConvertJob.to.spec, ConvertJob.output.spec, ConvertJob.inPlace.spec, ConvertJob.newExtension.spec,
      SharedOptions.typed.spec, SharedOptions.from.spec, SharedOptions.compact.spec, ConvertJob.sortKeys.spec,
      SharedOptions.stringify.spec, ConvertJob.projectName.spec, NestedPlists.option.spec, OutputLimit.option.spec,
    ],
    arguments: [ConvertJob.files.spec],
    examples: [
      Example(command: "plistkit convert Samples/sortednames.plist --to json", explanation: "Print the names as JSON."),
      Example(
        command: "plistkit convert Samples/computers.plist --to binary -o computers.bplist",
        explanation: "Write a binary copy."),
      Example(
        command: "plistkit convert Samples/Presidents.plist --to json --typed",
        explanation: "Print a keyed archive as lossless typed JSON (UIDs, integers and reals kept apart)."),
      Example(command: "plistkit convert *.plist --to xml --in-place", explanation: "Rewrite files as XML, in place."),
      Example(
        command: "plistkit convert cache.plist --to json --nested",
        explanation: "Print a plist as JSON with the archives and plists inside its data decoded."),
    ],
    run: { context in try ConvertJob(context).run(context) }
  )
}

/// The conversion of one or more files, with the output rules of `convert`.
private struct ConvertJob: Sendable {
  static let to = SharedOptions.to(required: true, layouts: true)
  static let layout = SharedOptions.layout(of: to)
  static let projectName = Option.text(
    "project-name", placeholder: "NAME",
    help: "With --to pbxproj: the project's name, as Xcode takes it from the NAME.xcodeproj folder.")
  static let output = SharedOptions.output(help: "Write the result here (one input only); - is standard output.")
  static let inPlace = Option.flag("in-place", short: "i", help: "Replace each input with its converted form.")
  static let newExtension = Option.text(
    "extension", short: "e", placeholder: "EXT",
    help: "Write each result next to its input, with this extension instead of the input's."
  ).checked(as: .fileExtension)
  static let sortKeys = Option.flag(
    "sort-keys", help: "Write dictionary keys sorted by code point instead of in their order.")
  static let files = SharedOptions.files("Property lists to convert; - is standard input.")

  let files: [String]
  let target: PropertyListFormat
  let source: PropertyListFormat?
  let readingOptions: PropertyListReadingOptions
  var writingOptions: PropertyListWritingOptions
  let output: String?
  let inPlace: Bool
  let newExtension: String?
  /// `--to pbxproj`: Xcode's layout of a project file.
  let xcodeLayout: Bool
  let projectName: String?
  /// `--nested`: open the plists and archives inside data values.
  let opensNested: Bool

  init(_ context: CommandContext) throws(CommandError) {
    files = context[Self.files]
    target = context[Self.to] ?? .xml
    source = context[SharedOptions.from]
    readingOptions = context.readingOptions
    writingOptions = context.writingOptions
    writingOptions.prettyPrinted = !context[SharedOptions.compact]
    writingOptions.sortedKeys = context[Self.sortKeys]
    writingOptions.maximumOutputSize = try context.givenOutputLimit()
    output = context[Self.output]
    inPlace = context[Self.inPlace]
    newExtension = context[Self.newExtension]
    xcodeLayout = context[Self.layout] != nil
    projectName = context[Self.projectName]
    opensNested = context[NestedPlists.option]
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let modes = [output != nil, inPlace, newExtension != nil].filter { $0 }.count
    guard modes <= 1 else { throw CommandError.usage("use only one of --output, --in-place, --extension") }
    if output != nil, files.count > 1 {
      throw CommandError.usage("--output takes one input; use --in-place or --extension for several")
    }
    if modes == 0, files.count > 1 {
      throw CommandError.usage(
        "several inputs need --in-place or --extension (standard output takes one document)")
    }
    if modes == 0 { try Terminal.refuseBinary(target, output: output) }
    if opensNested, inPlace {
      throw CommandError.usage("--nested writes a view that does not keep the data; it cannot replace its input")
    }
    if opensNested, xcodeLayout { throw CommandError.usage("--nested cannot be written as a project file") }
    if inPlace || newExtension != nil, files.contains("-") {
      throw CommandError.usage("standard input cannot be converted in place; use --output")
    }
    let results = ProgressReporter.forFiles(files).map(count: files.count) { index in
      Result { () throws(CommandError) in try convert(files[index]) }
    }
    var status = ExitStatus.success
    var losses = PlainJSONLosses()
    for result in results {
      switch result {
      case .success(let converted):
        for note in converted.notes { context.report(note) }
        if let bytes = converted.bytes { context.output.write(bytes: bytes) }
        losses.add(converted.losses)
      case .failure(let error):
        if let message = error.message { context.report(message) }
        status = .failure
      }
    }
    // Once for the whole run, after the output, however many files lost types.
    if let note = PlainJSONNote.text(for: losses) { context.report(note) }
    return status
  }

  /// The file `path` is written to, or nil for standard output.
  private func destination(of path: String) -> String? {
    let destination: String
    if let output {
      destination = output
    } else if inPlace {
      destination = path
    } else if let newExtension {
      destination = FileSystem.replacingExtension(of: path, with: newExtension)
    } else {
      return nil
    }
    return destination == "-" ? nil : destination
  }

  /// What converting one file gave: the bytes when they go to standard output (nil when
  /// written), the notes of `--nested` for standard error, and what plain JSON wrote as strings.
  private typealias Converted = (bytes: [UInt8]?, notes: [String], losses: PlainJSONLosses)

  /// Converts one file.
  private func convert(_ path: String) throws(CommandError) -> Converted {
    try PropertyListIO.whileEditing(path, writingTo: destination(of: path) ?? "-") { () throws(CommandError) in
      try convertUnlocked(path)
    }
  }

  /// ``convert(_:)`` without the edit lock.
  private func convertUnlocked(_ path: String) throws(CommandError) -> Converted {
    if xcodeLayout { return (try convertToProject(path), [], PlainJSONLosses()) }
    if opensNested { return try convertNested(path) }
    var converter = PropertyListConverter(
      to: target, from: source, readingOptions: readingOptions, writingOptions: writingOptions)
    // Binary written while reading has another layout than the value writer's: only a file
    // gets it, so that standard input converts as it always has.
    converter.streamsBinaryOutput = path != "-"
    converter.keepsValuesUntilExit = files.count == 1
    do {
      let (bytes, report) = try PropertyListIO.convert(path, with: converter, to: destination(of: path))
      return (bytes, [], report.plainJSONLosses)
    } catch {
      // A typedstream is no property list: its plain view is converted instead. Asked only
      // once the readers have refused the file, so that a plist is read once.
      guard source == nil, path != "-", let input = try? PropertyListIO.readBytes(path),
        let plain = try TypedstreamIO.plainView(of: input, path: path)
      else { throw error }
      if inPlace {
        throw CommandError.usage(
          "\(CommandContext.displayName(of: path)) is a typedstream: its plain view does not keep it; it cannot replace its input"
        )
      }
      return try convertValue(plain, path: path)
    }
  }

  /// Converts one file with its nested plists opened: through the value, since opening them
  /// needs the whole tree.
  private func convertNested(_ path: String) throws(CommandError) -> Converted {
    try convertValue(TypedstreamIO.readValue(path, format: source, options: readingOptions), path: path)
  }

  /// Converts the value of one file, with its nested plists opened under `--nested`.
  private func convertValue(_ value: PropertyList, path: String) throws(CommandError) -> Converted {
    let (opened, notes) = opensNested ? NestedPlists.open(value, path: path) : (value, [])
    let options = writingOptions.boundingOutput(forInputSize: FileSystem.size(of: path) ?? 0)
    let converted: [UInt8]
    var losses = PlainJSONLosses()
    if target == .json {
      do {
        (converted, losses) = try JSONPropertyListWriter(options: options).writeCountingLosses(opened)
      } catch {
        throw .file(path, error)
      }
    } else {
      converted = try PropertyListIO.serialize(opened, as: target, options: options, path: path)
    }
    guard let destination = destination(of: path) else { return (converted, notes, losses) }
    try PropertyListIO.writeFile(converted, to: destination)
    return (nil, notes, losses)
  }

  /// Converts one file to a project file in Xcode's layout.
  private func convertToProject(_ path: String) throws(CommandError) -> [UInt8]? {
    let value = try PropertyListIO.read(path, format: source, options: readingOptions).value
    let destination = destination(of: path)
    let name =
      projectName ?? destination.flatMap(ProjectFile.projectName(ofPath:)) ?? ProjectFile.projectName(ofPath: path)
    let converted: [UInt8]
    do {
      converted = try XcodeProjectWriter(
        projectName: name, options: writingOptions.boundingOutput(forInputSize: FileSystem.size(of: path) ?? 0)
      ).write(value)
    } catch {
      throw .file(path, error)
    }
    guard let destination else { return converted }
    try PropertyListIO.writeFile(converted, to: destination)
    return nil
  }
}
