import Testing

@testable import Typedstream

@Suite("Typedstream reader")
struct ReaderTests {
  @Test("an iMessage attributedBody: its objects, classes and groups as stored", arguments: [false, true])
  func attributedBody(bigEndian: Bool) throws {
    let archive = try TypedstreamArchive(bytes: StreamWriter.attributedBody("Hello", bigEndian: bigEndian))
    #expect(archive.byteOrder == (bigEndian ? .bigEndian : .littleEndian))
    #expect(archive.systemVersion == 1000)
    #expect(archive.roots == [TypedstreamGroup(encodings: [.scalar(UInt8(ascii: "@"))], values: [.object(0)])])
    #expect(
      archive.classChain(of: archive.objects[0].classIndex) == [
        "NSMutableAttributedString", "NSAttributedString", "NSObject",
      ])
    #expect(archive.objects.count == 5)
    #expect(
      archive.objects[1].groups == [
        TypedstreamGroup(encodings: [.scalar(UInt8(ascii: "+"))], values: [.bytes(Array("Hello".utf8))])
      ])
    #expect(
      archive.objects[0].groups[1]
        == TypedstreamGroup(
          encodings: [.scalar(UInt8(ascii: "i")), .scalar(UInt8(ascii: "I"))],
          values: [.integer(1), .unsignedInteger(5)]))
    #expect(
      archive.objects[4].groups == [
        TypedstreamGroup(encodings: [.scalar(UInt8(ascii: "*"))], values: [.cString(Array("i".utf8))]),
        TypedstreamGroup(encodings: [.scalar(UInt8(ascii: "i"))], values: [.integer(0)]),
      ])
    #expect(try TypedstreamText.string(in: StreamWriter.attributedBody("Hello", bigEndian: bigEndian)) == "Hello")
  }
}
