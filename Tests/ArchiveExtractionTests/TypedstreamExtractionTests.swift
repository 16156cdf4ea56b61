import ArchiveExtraction
import Foundation
import PlistKit
import Testing

/// Typedstreams in blobs: the `attributedBody` of a chat.db-shaped database that
/// `scripts/make-chat-db.py` writes (NSAttributedString and NSMutableAttributedString, as
/// Messages writes them), against pytypedstream's reading of the same file; and broken ones.
@Suite("typedstreams in a database")
struct TypedstreamExtractionTests {
  private static let writer = Corpus.packageRoot + "/scripts/make-chat-db.py"
  private static let peer = Corpus.packageRoot + "/Tests/ArchiveExtractionTests/Fixtures/typedstream_text_peer.py"

  /// Runs python3 with `arguments`; its standard output.
  static func python(_ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "python3 \(arguments) failed")
    return data
  }

  @Test(
    "every message's plain view, as pytypedstream reads it, with the text the text column holds",
    .enabled(if: PythonPeer.canImport("typedstream"), "needs python3 with pytypedstream"))
  func chatDatabase() throws {
    let folder = try TestDatabase()
    folder.close()
    let path = folder.folder.appendingPathComponent("chat.db").path
    _ = try Self.python([Self.writer, path, "--messages", "300", "--seed", "5"])
    let found = try ExtractionTests.blobs(path, ExtractionQuery(table: "message", column: "attributedBody"))
    let peer = try Self.python([Self.peer, path]).split(separator: UInt8(ascii: "\n")).map {
      try #require(try JSONSerialization.jsonObject(with: Data($0)) as? NSDictionary)
    }
    #expect(found.count == 300)
    #expect(peer.count == 300)
    #expect(found.map(\.kind) == Array(repeating: .typedstream, count: 300))
    for (blob, record) in zip(found, peer) {
      #expect(blob.row == .rowid(Int64(try #require(record["rowid"] as? Int))))
      let value = try blob.decoded.result.get()
      let json = try JSONSerialization.jsonObject(with: Data(try value.serialized(as: .json))) as? NSDictionary
      #expect(json == record["view"] as? NSDictionary)
      #expect(value.dictionaryValue?["string"] == .string(try #require(record["text"] as? String)))
    }
    let texts = try ExtractionTests.blobs(
      path, ExtractionQuery(table: "message", column: "attributedBody"),
      options: BlobDecodingOptions(typedstreamTextOnly: true))
    let strings = try found.map { try $0.decoded.result.get().dictionaryValue?["string"] }
    #expect(texts.map(\.decoded.result) == strings.map { .success($0 ?? "") })
    #expect(texts.count == 300)
    #expect(
      try found[1].decoded.result.get()
        == [
          "string": "See you at 6 🙂",
          "runs": [["range": ["location": 0, "length": 15], "attributes": ["__kIMMessagePartAttributeName": 0]]],
        ])
  }

  @Test("a typedstream cut short fails with the reader's place and reason; the next one is read")
  func brokenTypedstream() throws {
    let database = try TestDatabase()
    try database.execute("CREATE TABLE message (attributedBody BLOB)")
    let header: [UInt8] = [4, 11] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03]
    try database.insert("INSERT INTO message VALUES (?)", [.blob(header + [0x84, 0x01])])
    try database.insert("INSERT INTO message VALUES (?)", [.blob([4, 11] + Array("streamtyped".utf8))])
    try database.insert(
      "INSERT INTO message VALUES (?)", [.blob(try PropertyList.string("after").serialized(as: .binary))])
    let found = try ExtractionTests.blobs(database.path)
    #expect(found.map(\.kind) == [.typedstream, .typedstream, .binaryPlist])
    #expect(
      found.map(\.decoded.result) == [
        .failure(BlobDecodingFailure("byte 17: a group's type encoding of 1 bytes, but only 0 are left")),
        .failure(BlobDecodingFailure("byte 13: the input ends where the system version should be")), .success("after"),
      ])
  }
}
