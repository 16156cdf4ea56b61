import Foundation
import PlistKit
import Testing
import Typedstream

/// Each class the plain view knows, in a stream the test writes byte by byte in both byte
/// orders: its exact plain value, and the same value as pytypedstream unarchives.
@Suite("Typedstream plain view of each class")
struct ClassViewTests {
  static let cases: [(ClassFixture, Bool)] = ClassFixtures.all.flatMap { [($0, false), ($0, true)] }

  @Test("the exact plain value", arguments: cases)
  func plainValue(fixture: ClassFixture, bigEndian: Bool) throws {
    let archive = try TypedstreamArchive(bytes: fixture.bytes(bigEndian: bigEndian))
    #expect(try archive.plainView() == fixture.expected)
  }

  @Test(
    "the same values as pytypedstream unarchives",
    .enabled(if: PythonPeer.isAvailable, "needs Python's pytypedstream (.ci/run installs it)"),
    arguments: cases.filter { $0.0.peerKnowsClass })
  func sameAsPeer(fixture: ClassFixture, bigEndian: Bool) throws {
    let bytes = fixture.bytes(bigEndian: bigEndian)
    let peer = try PeerFiles.plainView(of: bytes)
    #expect(try TypedstreamArchive(bytes: bytes).plainView() == peer)
  }

  @Test("an attributed string: its text and each run with its range and attributes by name")
  func attributedString() throws {
    var writer = StreamWriter()
    writer.encoding("@")
    writer.beginObject(Chains.attributedString)
    writer.encoding("@")
    writer.stringObject("héllo 👋 world")
    // Two runs with one dictionary, then a run with a second one; lengths in UTF-16 units.
    for (number, length, dictionary) in [(1, 6, true), (2, 2, true), (1, 6, false)] {
      writer.encoding("iI")
      writer.integer(Int64(number))
      writer.unsigned(UInt64(length))
      guard dictionary else { continue }
      writer.encoding("@")
      writer.beginObject(Chains.dictionary)
      writer.encoding("i")
      writer.integer(1)
      writer.encoding("@")
      writer.stringObject(number == 1 ? "NSFont" : "NSLink")
      writer.encoding("@")
      writer.stringObject(number == 1 ? "body" : "https://example.com")
      writer.endObject()
    }
    writer.endObject()
    let body: PropertyList = ["NSFont": "body"]
    let expected: PropertyList = [
      "string": "héllo 👋 world",
      "runs": [
        ["range": ["location": 0, "length": 6], "attributes": body],
        ["range": ["location": 6, "length": 2], "attributes": ["NSLink": "https://example.com"]],
        ["range": ["location": 8, "length": 6], "attributes": body],
      ],
    ]
    #expect(try TypedstreamArchive(bytes: writer.bytes).plainView() == expected)
    #expect(try TypedstreamText.string(in: writer.bytes) == "héllo 👋 world")
  }

  @Test(
    "an iMessage attributedBody: the message part attribute, and the same text as pytypedstream",
    arguments: [false, true])
  func iMessageBody(bigEndian: Bool) throws {
    let bytes = StreamWriter.attributedBody("Hi there", bigEndian: bigEndian)
    let expected: PropertyList = [
      "string": "Hi there",
      "runs": [["range": ["location": 0, "length": 8], "attributes": ["__kIMMessagePartAttributeName": 0]]],
    ]
    #expect(try TypedstreamArchive(bytes: bytes).plainView() == expected)
    #expect(try TypedstreamText.string(in: bytes) == "Hi there")
    if PythonPeer.isAvailable {
      // pytypedstream has no view of attributed strings: its generic object's first value is
      // the string.
      let peer = try #require(try PeerFiles.plainView(of: bytes).dictionaryValue)
      #expect(peer["$values"]?.arrayValue?.first == "Hi there")
      #expect(peer["$class"] == "NSMutableAttributedString")
    }
  }
}

/// The peer's plain view of bytes, through a temporary file.
enum PeerFiles {
  static func plainView(of bytes: [UInt8]) throws -> PropertyList {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "plistkit-typedstream-\(UUID().uuidString)")
    try Data(bytes).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let json = try PythonPeer.run([PythonPeer.script("typedstream_plain_peer.py"), file.path])
    return restored(try PropertyList(bytes: json, format: .json))
  }

  /// `{"$data": base64}` and `{"$date": seconds}` as the values they stand for.
  static func restored(_ value: PropertyList) -> PropertyList {
    switch value {
    case .array(let elements): return .array(elements.map(restored))
    case .dictionary(let dictionary):
      if dictionary.count == 1, case .string(let text)? = dictionary["$data"] {
        return .data([UInt8](Data(base64Encoded: text) ?? Data()))
      }
      if dictionary.count == 1, let seconds = dictionary["$date"] {
        if case .real(let real) = seconds { return .date(PropertyListDate(secondsSinceReferenceDate: real)) }
      }
      return .dictionary(PropertyListDictionary(dictionary.map { ($0.key, restored($0.value)) }))
    default: return value
    }
  }
}
