import PlistKit

/// The blobs of an extraction, one at a time, in table order, then row order, then column
/// order. A blob's bytes are read in place and decoded when the cursor reaches it; values that
/// are not blobs or plists in text are passed over.
public final class BlobCursor {
  private let connection: SQLiteConnection
  private var plans: ArraySlice<ExtractionPlan>
  private let options: BlobDecodingOptions
  /// The table being read, its statement, and the next column of the current row.
  private var current: (plan: ExtractionPlan, statement: SQLiteStatement, row: ExtractedBlob.Row?, column: Int)?

  init(connection: SQLiteConnection, plans: [ExtractionPlan], options: BlobDecodingOptions) {
    self.connection = connection
    self.plans = plans[...]
    self.options = options
  }

  /// The next blob, or nil after the last.
  ///
  /// - Throws: ``DatabaseError`` with its ``DatabaseError/table`` when SQLite meets a damaged
  ///   page while reading a table: the blobs before it have been returned, the rest of that
  ///   table is passed over, and the next call goes on with the next table (a forensic copy is
  ///   often damaged in one place only).
  public func next() throws(DatabaseError) -> ExtractedBlob? {
    while true {
      if current == nil {
        guard let plan = plans.popFirst() else { return nil }
        do throws(DatabaseError) {
          let statement = try connection.prepare(plan.sql)
          if let value = plan.boundValue { try statement.bind(value, at: 1) }
          current = (plan, statement, nil, plan.columns.count)
        } catch {
          throw error.in(table: plan.table.name)
        }
      }
      guard var reading = current else { continue }
      let rowColumns = reading.plan.rowColumnCount
      while reading.column < reading.plan.columns.count {
        let position = Int32(rowColumns + reading.column)
        let column = reading.plan.columns[reading.column]
        reading.column += 1
        if let blob = blob(at: position, column: column, reading: reading) {
          current = reading
          return blob
        }
      }
      do throws(DatabaseError) {
        guard try reading.statement.step() else {
          current = nil
          continue
        }
      } catch {
        current = nil
        throw error.in(table: reading.plan.table.name)
      }
      reading.row = row(of: reading.plan, statement: reading.statement)
      reading.column = 0
      current = reading
    }
  }

  /// The record of the value at `position` of the current row, or nil when it holds nothing
  /// extraction recognizes.
  private func blob(
    at position: Int32, column: String,
    reading: (plan: ExtractionPlan, statement: SQLiteStatement, row: ExtractedBlob.Row?, column: Int)
  ) -> ExtractedBlob? {
    let type = reading.statement.type(at: position)
    guard type == .blob || type == .text, let row = reading.row else { return nil }
    let decoded = reading.statement.withBytes(at: position, type: type) { bytes in
      (BlobDecoder.decode(bytes, options: options), bytes.count)
    }
    guard let blob = decoded.0 else { return nil }
    return ExtractedBlob(table: reading.plan.table.name, column: column, row: row, byteCount: decoded.1, decoded: blob)
  }

  private func row(of plan: ExtractionPlan, statement: SQLiteStatement) -> ExtractedBlob.Row {
    switch plan.table.rowNaming {
    case .rowid: return .rowid(statement.integer(at: 0))
    case .primaryKey(let key):
      var values = PropertyListDictionary()
      for (index, name) in key.enumerated() { values[name] = statement.value(at: Int32(index)) }
      return .primaryKey(values)
    }
  }
}

extension DatabaseError {
  /// This error, said of `table`.
  fileprivate func `in`(table: String) -> DatabaseError {
    DatabaseError(kind, message, table: table)
  }
}
