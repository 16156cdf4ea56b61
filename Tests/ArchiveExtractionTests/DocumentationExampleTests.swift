import ArchiveExtraction
import KeyedArchive
import PlistKit
import Testing

/// The module's DocC article, run: its examples (which ClientPackageTests compiles as a user's
/// code) on a database of the shape they name, with what each step gives.
@Suite("the article's examples")
struct DocumentationExampleTests {
  @Test("list the tables, filter by a column, decode with options, decode bytes from elsewhere")
  func article() throws {
    let file = try TestDatabase(name: "chat.db")
    try file.execute("CREATE TABLE message (ROWID INTEGER PRIMARY KEY, is_from_me INTEGER, attributedBody BLOB)")
    let sent = try KeyedArchiver.archivedBytes(withRootObject: "sent")
    try file.insert(
      "INSERT INTO message VALUES (1, 0, ?)", [.blob(try PropertyList.string("received").serialized(as: .binary))])
    try file.insert("INSERT INTO message VALUES (2, 1, ?)", [.blob(sent)])
    file.close()

    let database = try BlobDatabase(path: file.path)
    #expect(
      try database.tables() == [
        DatabaseTable(
          name: "message", columns: ["ROWID", "is_from_me", "attributedBody"], rowNaming: .rowid("_rowid_"))
      ])

    let query = ExtractionQuery(
      table: "message", column: "attributedBody", filter: .equals(column: "is_from_me", value: "1"))
    let blobs = try database.blobs(matching: query)
    let first = try #require(try blobs.next())
    #expect(first.row == .rowid(2))
    #expect(first.kind == .keyedArchive)
    #expect(first.decoded.result == .success("sent"))
    #expect(try blobs.next() == nil)

    var options = BlobDecodingOptions(maximumBlobSize: 16 << 20)
    options.plainView.includesClassNames = false
    options.nestedPlists = NestedPlistOptions()
    let small = try database.blobs(matching: ExtractionQuery(), options: options)
    var values: [PropertyList] = []
    while let blob = try small.next() {
      if case .success(let value) = blob.decoded.result { values.append(value) }
    }
    #expect(values == ["received", "sent"])

    let bytes: [UInt8] = try PropertyList.array(["a", "b"]).serialized(as: .binary)
    let decoded = bytes.withUnsafeBytes { BlobDecoder.decode($0) }
    #expect(decoded == DecodedBlob(kind: .binaryPlist, result: .success(["a", "b"])))
  }
}
