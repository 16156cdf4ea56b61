import KeyedArchive
import PlistKit

extension CommandSpec {
  /// `plistkit archive`: turn an object graph (from `unarchive --graph`) back into an archive.
  static let archive = CommandSpec(
    name: "archive",
    abstract: "Write an NSKeyedArchiver archive from an object graph (the output of unarchive --graph).",
    discussion: """
      FILE holds the graph form that `plistkit unarchive --graph` writes, in any format (JSON is \
      read in its typed form; plain {"CF$UID": n} references are accepted too). The archive is \
      deterministic: the same graph always gives the same bytes, each object written once, equal \
      strings once, so Foundation's NSKeyedUnarchiver reads back the same sharing and cycles.
      """,
    options: [ArchiveOptions.to.spec, ArchiveOptions.output.spec],
    arguments: [ArchiveOptions.file.spec],
    examples: [
      Example(
        command: "plistkit archive presidents.graph.json --to binary -o Presidents.plist",
        explanation: "Archive an edited graph.")
    ],
    exitCodes: ExitCodeNote.codes(
      success: "the archive was written", failure: "the file is unreadable or not a valid graph"),
    run: { context in
      let path = context[ArchiveOptions.file] ?? "-"
      let format = context[ArchiveOptions.to]
      try Terminal.refuseBinary(format, output: context[ArchiveOptions.output])
      let form = try PropertyListIO.read(path, options: PropertyListReadingOptions(jsonStyle: .typed)).value
      let bytes: [UInt8]
      do throws(KeyedArchiveError) {
        bytes = try ObjectGraph(graphForm: form).archivedBytes(format: format)
      } catch {
        throw KeyedArchiveIO.fileError(path, error)
      }
      try PropertyListIO.write(bytes, to: context[ArchiveOptions.output] ?? "-", output: context.output)
      return .success
    }
  )
}

/// The options and arguments of `archive`.
private enum ArchiveOptions {
  static let to = Option.choice(
    "to", short: "t", placeholder: "FORMAT",
    choices: [("binary", PropertyListFormat.binary), ("xml", .xml)],
    aliases: SharedOptions.formatAliases.filter { $0.1 == .binary || $0.1 == .xml },
    help: "The archive's format (default binary).", default: "binary")
  static let output = SharedOptions.output(help: "Write the archive here instead of standard output.")
  static let file = SharedOptions.file("The graph; - is standard input.")
}
