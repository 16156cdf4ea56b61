import Foundation
import PlistDocument
import PlistKit
import Testing

/// Unedited documents: the same bytes back, the same value, and the reader's own error for
/// every file the reader refuses.
@Suite("No-op round trips on every fixture")
struct RoundTripTests {
  @Test func everyTextFixtureComesBackByteForByte() throws {
    var identical: [String] = []
    var refused = 0
    for path in Fixtures.propertyListFiles {
      let bytes = try Fixtures.read(path)
      let read = Result { () throws(PropertyListError) in
        try bytes.withUnsafeBytes { buffer in
          Result { () throws(PropertyListError) in try PropertyList.read(bytes: buffer) }
        }
        .get()
      }
      let document = Result { () throws(PropertyListError) in try PropertyListDocument(bytes: bytes) }
      switch (read, document) {
      case (.failure(let error), .failure(let documentError)):
        #expect(documentError == error, "\(path)")
        refused += 1
      case (.success(let value), .success(let document)):
        #expect(document.bytes == bytes, "\(path)")
        #expect(!document.isEdited)
        #expect(try document.value == value.value, "\(path)")
        identical.append(path)
      case (.success(let value), .failure(let error)):
        #expect(value.format == PropertyListFormat.binary, "\(path): \(error)")
        #expect(error.kind == PropertyListError.Kind.notRepresentable)
      case (.failure(let error), .success):
        Issue.record("\(path): the reader refuses it (\(error)) but the document took it")
      }
    }
    print(
      "round-tripped \(identical.count) files byte for byte; \(refused) refused by the reader and the document alike")
    // The project's own samples and fixtures hold 23 text files the readers accept; the shared
    // corpus, where it is, adds its Xcode files and the JSON Schema Test Suite among others.
    #expect(identical.count > (Fixtures.exists(Fixtures.corpus) ? 100 : 20), "\(identical.count) files")
    #expect(refused > 0)
  }

  @Test func binaryPropertyListsHaveNoLayoutToKeep() throws {
    let bytes = try Fixtures.read("Samples/Presidents.plist")
    #expect(throws: PropertyListError.self) { try PropertyListDocument(bytes: bytes) }
  }
}
