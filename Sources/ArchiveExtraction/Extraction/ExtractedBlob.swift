import KeyedArchive
import PlistKit

/// One blob found in a database: where it is (table, column, row), what it holds, and its plain
/// value or why it did not decode.
public struct ExtractedBlob: Sendable, Equatable {
  /// How the blob's row is named.
  public enum Row: Sendable, Equatable {
    /// A row of a table with rowids.
    case rowid(Int64)
    /// A row of a `WITHOUT ROWID` table: its primary key's columns and values, in key order.
    case primaryKey(PropertyListDictionary)
  }

  /// The table's name.
  public var table: String
  /// The column's name, as the table spells it.
  public var column: String
  /// The row.
  public var row: Row
  /// The blob's size in bytes (for a text column, its UTF-8 bytes).
  public var byteCount: Int
  /// What the blob holds and what it decoded to.
  public var decoded: DecodedBlob

  /// Makes a record.
  public init(table: String, column: String, row: Row, byteCount: Int, decoded: DecodedBlob) {
    self.table = table
    self.column = column
    self.row = row
    self.byteCount = byteCount
    self.decoded = decoded
  }

  /// What the blob holds.
  public var kind: BlobKind { decoded.kind }
}
