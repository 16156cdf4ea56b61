import Foundation
import PlistKit
import Testing

/// XML in the encoding its declaration names: read through libxml2's converters, and bytes
/// that do not decode are the document's error, said once on standard error.
@Suite("declared encodings")
struct DeclaredEncodingTests {
  static func document(encoding: String, string: [UInt8]) -> [UInt8] {
    Array("<?xml version=\"1.0\" encoding=\"\(encoding)\"?><plist version=\"1.0\"><string>".utf8) + string
      + Array("</string></plist>".utf8)
  }

  @Test("EUC-JP and ISO-8859-1 documents read as the characters they encode")
  func decoded() throws {
    let folder = try TemporaryDirectory()
    let japanese = try folder.file("ja.plist", Self.document(encoding: "EUC-JP", string: [0xC6, 0xFC, 0xCB, 0xDC]))
    let latin = try folder.file("latin.plist", Self.document(encoding: "ISO-8859-1", string: [0x63, 0x61, 0x66, 0xE9]))
    for (path, expected) in [(japanese, "\"日本\""), (latin, "\"café\"")] {
      let run = try CLI.run(["convert", path, "--to", "json", "--compact"])
      #expect(run.status == 0)
      #expect(run.output == expected)
      #expect(run.stderr == "")
    }
  }

  @Test("bytes that do not decode in the declared encoding are one error, and nothing else is printed")
  func undecodable() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("bad.plist", Self.document(encoding: "EUC-JP", string: [0x8E, 0xFF]))
    let expected =
      "plistkit: \(path): the input does not decode in its declared encoding (bytes 0x8E 0xFF 0x3C 0x2F)\n"
    for arguments in [["lint", path], ["convert", path, "--to", "json"], ["convert", path, "--to", "binary"]] {
      let run = try CLI.run(arguments)
      #expect(run.status == 1, "\(arguments)")
      #expect(run.output == "", "\(arguments)")
      #expect(run.stderr == expected, "\(arguments)")
    }
  }

  @Test("the library reports it as an encoding error with the bytes, reading whole or streaming")
  func libraryError() throws {
    let bytes = Self.document(encoding: "EUC-JP", string: [0x8E, 0xFF])
    let expected = PropertyListError(
      .invalidEncoding, format: .xml, "the input does not decode in its declared encoding (bytes 0x8E 0xFF 0x3C 0x2F)")
    #expect(throws: expected) { try PropertyList(bytes: bytes, format: .xml) }
    #expect(throws: expected) {
      try bytes.withUnsafeBytes { try PropertyListConverter(to: .json, from: .xml).convert($0) }
    }
  }
}
