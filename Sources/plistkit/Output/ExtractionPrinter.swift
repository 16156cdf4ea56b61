import ArchiveExtraction
import PlistKit

/// The records of `plistkit extract`, printed as they come: readable text, or JSON Lines. A blob
/// that did not decode is reported on standard error, with its table, column and row.
struct ExtractionPrinter {
  let format: ExtractOptions.Format
  /// The database, for the lines on standard error.
  let path: String
  let output: BufferedOutput
  let context: CommandContext
  /// How many blobs did not decode (or could not be written), and tables that were damaged.
  private(set) var failures = 0
  private let tree = TreePrinter(palette: Palette(isEnabled: false))
  private static let jsonOptions = PropertyListWritingOptions(prettyPrinted: false)

  init(format: ExtractOptions.Format, path: String, output: BufferedOutput, context: CommandContext) {
    self.format = format
    self.path = path
    self.output = output
    self.context = context
  }

  /// Prints one record; a failure goes to standard error as well.
  mutating func print(_ blob: ExtractedBlob) {
    var result = blob.decoded.result
    if case .success(let value) = result, format == .json {
      do throws(PropertyListError) {
        let line = try record(blob, value: value).serialized(as: .json, options: Self.jsonOptions)
        output.write(bytes: line)
        output.write("\n")
        reportNotes(blob)
        return
      } catch {
        result = .failure(BlobDecodingFailure("its value cannot be written as JSON: \(error.message)"))
      }
    }
    switch result {
    case .success(let value):
      output.writeLine("\(place(of: blob)): \(blob.kind.rawValue)")
      do throws(PropertyListError) {
        try tree.write(value, to: output)
      } catch {
        context.report(Diagnostic.line(path: path, error: error))
      }
      reportNotes(blob)
    case .failure(let failure):
      failures += 1
      context.report(
        "\(CommandContext.displayName(of: path)): \(place(of: blob)): \(blob.kind.rawValue): \(failure.message)")
      if format == .json,
        let line = try? record(blob, error: failure.message).serialized(as: .json, options: Self.jsonOptions)
      {
        output.write(bytes: line)
        output.write("\n")
      }
    }
  }

  /// Reports a table SQLite could not read to its end (its blobs before the damage were
  /// printed); in JSON, also as a record of its own, `{"table", "error"}`.
  mutating func report(_ damage: DatabaseError) {
    failures += 1
    guard let table = damage.table else { return }
    context.report("\(CommandContext.displayName(of: path)): table \(LineSafeText.escaped(table)): \(damage.message)")
    guard format == .json else { return }
    var record = PropertyListDictionary()
    record["table"] = .string(table)
    record["error"] = .string(damage.message)
    if let line = try? PropertyList.dictionary(record).serialized(as: .json, options: Self.jsonOptions) {
      output.write(bytes: line)
      output.write("\n")
    }
  }

  /// `TABLE.COLUMN rowid N`, or `TABLE.COLUMN key NAME=VALUE, …` for a table without rowid.
  private func place(of blob: ExtractedBlob) -> String {
    let name = LineSafeText.escaped("\(blob.table).\(blob.column)")
    switch blob.row {
    case .rowid(let rowid):
      return "\(name) rowid \(rowid)"
    case .primaryKey(let key):
      let parts = key.map { "\(LineSafeText.escaped($0.key))=\(tree.scalar($0.value))" }
      return "\(name) key \(parts.joined(separator: ", "))"
    }
  }

  private func record(_ blob: ExtractedBlob, value: PropertyList? = nil, error: String? = nil) -> PropertyList {
    var record = PropertyListDictionary()
    record["table"] = .string(blob.table)
    record["column"] = .string(blob.column)
    switch blob.row {
    case .rowid(let rowid): record["rowid"] = .integer(rowid)
    case .primaryKey(let key): record["key"] = .dictionary(key)
    }
    record["kind"] = .string(blob.kind.rawValue)
    record["bytes"] = .integer(blob.byteCount)
    if let value { record["value"] = value }
    if let error { record["error"] = .string(error) }
    return .dictionary(record)
  }

  private func reportNotes(_ blob: ExtractedBlob) {
    for note in blob.decoded.notes {
      context.report("note: \(CommandContext.displayName(of: path)): \(place(of: blob)): \(note)")
    }
  }
}
