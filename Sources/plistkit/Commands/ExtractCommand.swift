import ArchiveExtraction
import KeyedArchive
import PlistKit

extension CommandSpec {
  /// `plistkit extract`: the plists, keyed archives and typedstreams in a SQLite database's blobs.
  static let extract = CommandSpec(
    name: "extract",
    abstract: "Find and decode the plists, keyed archives and typedstreams in a SQLite database.",
    discussion: """
      Reads every table (or --table) and every column (or --column) of DATABASE and prints one \
      record per value that holds a binary or XML plist, a keyed archive or an NSArchiver \
      typedstream: its table, column, row (its rowid, or the primary key of a WITHOUT ROWID \
      table), kind and plain value (keyed archives and typedstreams as their plain view, as unarchive \
      shows them). Other \
      values are passed over; virtual tables are not read. The database is opened read-only and \
      immutable: nothing is written, locked or created beside it, so changes still in a -wal file \
      are not seen. Rows are chosen without SQL: --rowid N, or --where COLUMN=VALUE, whose \
      COLUMN must be one of the table's and whose VALUE is bound as a parameter (compared as an \
      integer when it is one). --format json prints JSON Lines: one object per line, \
      {"table", "column", "rowid" or "key", "kind", "bytes", "value"}, or "error" instead of \
      "value" for a blob that did not decode. Such a blob is also reported on standard error \
      with its table, column, row and reason, and the others go on. A table SQLite finds \
      damaged is reported the same way ({"table", "error"} in JSON), and the other tables are \
      still read.
      """,
    options: [
      ExtractOptions.table.spec, ExtractOptions.column.spec, ExtractOptions.rowid.spec, ExtractOptions.filter.spec,
      ExtractOptions.format.spec, ExtractOptions.text.spec, NestedPlists.option.spec,
    ],
    arguments: [ExtractOptions.database.spec],
    examples: [
      Example(
        command: "plistkit extract chat.db --table message --column attributedBody",
        explanation: "Print every message's text and attribute runs, decoded from its typedstream."),
      Example(
        command: "plistkit extract chat.db --table message --column attributedBody --text",
        explanation: "Print the text of every message alone."),
      Example(
        command: "plistkit extract chat.db --table message --where is_from_me=1 --format json",
        explanation: "Print the blobs of the messages the phone's owner sent, as JSON Lines."),
    ],
    exitCodes: [
      ExitCodeNote(status: .success, meaning: "every blob found was decoded and printed"),
      ExitCodeNote(status: .failure, meaning: "the database could not be read (missing, not a database, damaged)"),
      .wrongCommandLine,
      ExitCodeNote(
        status: .partial,
        meaning:
          "some blobs did not decode, or a table was damaged (each reported on standard error); the rest was printed"
      ),
    ],
    run: { context in
      let path = context[ExtractOptions.database] ?? "-"
      guard path != "-" else { throw CommandError.usage("extract reads a database file, not standard input") }
      let query = ExtractionQuery(
        table: context[ExtractOptions.table], column: context[ExtractOptions.column],
        filter: try ExtractOptions.rowFilter(context))
      if query.filter != nil, query.table == nil {
        throw CommandError.usage("--rowid and --where need --table")
      }
      var options = BlobDecodingOptions()
      options.typedstreamTextOnly = context[ExtractOptions.text]
      if context[NestedPlists.option] { options.nestedPlists = NestedPlistOptions() }
      var printer = ExtractionPrinter(
        format: context[ExtractOptions.format], path: path, output: context.output, context: context)
      do throws(DatabaseError) {
        let blobs = try BlobDatabase(path: path).blobs(matching: query, options: options)
        while true {
          do throws(DatabaseError) {
            guard let blob = try blobs.next() else { break }
            printer.print(blob)
          } catch let damage where damage.table != nil {
            printer.report(damage)
          }
        }
      } catch {
        throw CommandError.failure("\(CommandContext.displayName(of: path)): \(error.message)")
      }
      return printer.failures == 0 ? .success : .partial
    }
  )
}

/// The options and arguments of `extract`.
enum ExtractOptions {
  /// How records are printed.
  enum Format: Sendable {
    case text, json
  }

  static let table = Option.text("table", placeholder: "TABLE", help: "Read only this table.")
  static let column = Option.text(
    "column", placeholder: "COLUMN", help: "Read only this column (without --table, in every table that has it).")
  static let rowid = Option.text("rowid", placeholder: "N", help: "Read only the row with this rowid (needs --table).")
  static let filter = Option.text(
    "where", placeholder: "COLUMN=VALUE",
    help: "Read only the rows whose COLUMN equals VALUE, bound as a parameter, never SQL (needs --table).")
  static let format = Option.choice(
    "format", short: "f", placeholder: "FORMAT", choices: [("text", Format.text), ("json", .json)],
    help: "Print readable records, or JSON Lines (one object per record).", default: "text")
  static let text = Option.flag(
    "text",
    help:
      "Show a typedstream that holds a string or an attributed string (a message's attributedBody) as its text alone, without its attribute runs."
  )
  static let database = Argument.single("DATABASE", help: "The SQLite database to read.", completion: .file)

  /// The filter of `--rowid` or `--where`, checked for its form.
  static func rowFilter(_ context: CommandContext) throws(CommandError) -> ExtractionQuery.RowFilter? {
    let rowid = context[rowid]
    let equality = context[filter]
    switch (rowid, equality) {
    case (nil, nil):
      return nil
    case (let text?, nil):
      guard let value = Int64(text) else { throw CommandError.usage("--rowid takes an integer, not '\(text)'") }
      return .rowid(value)
    case (nil, let text?):
      guard let sign = text.firstIndex(of: "="), sign != text.startIndex else {
        throw CommandError.usage("--where takes COLUMN=VALUE, not '\(text)'")
      }
      return .equals(column: String(text[..<sign]), value: String(text[text.index(after: sign)...]))
    case (_?, _?):
      throw CommandError.usage("--rowid and --where cannot be combined")
    }
  }
}
