/// A SQLite database opened to find the property lists, keyed archives and typedstreams its
/// blobs hold, as the apps of Apple's platforms store them (iMessage's `attributedBody`, Core
/// Data's transformable attributes, caches).
///
/// The file is opened read-only and immutable: SQLite takes no lock, reads no journal or
/// write-ahead log, and creates no file beside it, so an examined database stays byte for byte
/// and time for time as it was. (Changes still in a `-wal` file beside it are not seen.)
///
/// ```swift
/// let database = try BlobDatabase(path: "chat.db")
/// let blobs = try database.blobs(matching: ExtractionQuery(table: "message", column: "attributedBody"))
/// while let blob = try blobs.next() {
///   print(blob.row, blob.kind, blob.decoded.result)
/// }
/// ```
public final class BlobDatabase {
  private let connection: SQLiteConnection

  /// Opens the database at `path`, read-only and immutable.
  ///
  /// - Throws: ``DatabaseError`` when the file cannot be opened, is not a database or is damaged.
  public init(path: String) throws(DatabaseError) {
    connection = try SQLiteConnection(path: path)
    // SQLite reads nothing at open; the schema is read now, so that a file that is not a
    // database is refused here rather than at the first query.
    _ = try connection.tables()
  }

  /// The database's ordinary tables, in the schema's order: virtual tables, their shadow tables
  /// and SQLite's own tables are left out.
  public func tables() throws(DatabaseError) -> [DatabaseTable] {
    try connection.tables()
  }

  /// A cursor over the blobs `query` selects, decoded with `options`, read one row at a time:
  /// a large database is never held in memory.
  ///
  /// - Throws: ``DatabaseError`` with ``DatabaseError/Kind/noSuchTableOrColumn`` when the query
  ///   names a table or column the database does not have, or a filter without a table.
  public func blobs(
    matching query: ExtractionQuery = ExtractionQuery(), options: BlobDecodingOptions = .default
  ) throws(DatabaseError) -> BlobCursor {
    let plans = try ExtractionPlan.plans(for: query, in: try connection.tables())
    return BlobCursor(connection: connection, plans: plans, options: options)
  }
}
