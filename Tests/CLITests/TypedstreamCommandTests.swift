import Foundation
import PlistKit
import Testing

/// Typedstreams (NSArchiver) through the command line: `unarchive`, `print` and `convert` know
/// one by its header, `--nested` opens one held in data, and a broken one is an error at its byte.
@Suite("typedstreams on the command line")
struct TypedstreamCommandTests {
  /// An iMessage attributedBody of "Hello", byte by byte: a mutable attributed string whose one
  /// run has `__kIMMessagePartAttributeName` = 0.
  static let message: [UInt8] =
    [4, 11] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03, 0x84, 0x01, 0x40, 0x84, 0x84, 0x84, 0x19]
    + Array("NSMutableAttributedString".utf8) + [0x00, 0x84, 0x84, 0x12] + Array("NSAttributedString".utf8)
    + [0x00, 0x84, 0x84, 0x08] + Array("NSObject".utf8) + [0x00, 0x85, 0x92, 0x84, 0x84, 0x84, 0x0F]
    + Array("NSMutableString".utf8) + [0x01, 0x84, 0x84, 0x08] + Array("NSString".utf8)
    + [0x01, 0x95, 0x84, 0x01, 0x2B, 0x05] + Array("Hello".utf8)
    + [0x86, 0x84, 0x02, 0x69, 0x49, 0x01, 0x05, 0x92, 0x84, 0x84, 0x84, 0x0C] + Array("NSDictionary".utf8)
    + [0x00, 0x95, 0x84, 0x01, 0x69, 0x01, 0x92, 0x84, 0x98, 0x98, 0x1D] + Array("__kIMMessagePartAttributeName".utf8)
    + [0x86, 0x92, 0x84, 0x84, 0x84, 0x08] + Array("NSNumber".utf8) + [0x00, 0x84, 0x84, 0x07]
    + Array("NSValue".utf8) + [0x00, 0x95, 0x84, 0x01, 0x2A, 0x84, 0x9B, 0x9B, 0x00, 0x86, 0x86, 0x86]

  static let plain: PropertyList = [
    "string": "Hello",
    "runs": [["range": ["location": 0, "length": 5], "attributes": ["__kIMMessagePartAttributeName": 0]]],
  ]

  private func value(_ output: String) throws -> PropertyList {
    try PropertyList(bytes: Array(output.utf8), format: .json)
  }

  @Test("unarchive, convert --to json and print show the plain view")
  func plainView() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("message.bin", Self.message)
    let unarchived = try CLI.run(["unarchive", file])
    #expect(unarchived.status == 0)
    #expect(unarchived.stderr == "")
    #expect(try value(unarchived.output) == Self.plain)
    let converted = try CLI.run(["convert", file, "--to", "json"])
    #expect(converted.status == 0)
    #expect(try value(converted.output) == Self.plain)
    let printed = try CLI.run(["print", file, "string"])
    #expect(printed.status == 0)
    #expect(printed.output == "\"Hello\"\n")
    let fromStandardInput = try CLI.run(["unarchive", "-"], stdin: Self.message)
    #expect(try value(fromStandardInput.output) == Self.plain)
  }

  @Test("--nested opens a typedstream held in data, marked typedstream")
  func nested() throws {
    let folder = try TemporaryDirectory()
    let holder: PropertyList = ["attributedBody": .data(Self.message), "rowid": 7]
    let file = try folder.file("row.plist", try holder.serialized(as: .binary))
    let run = try CLI.run(["convert", file, "--to", "json", "--nested"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(
      try value(run.output) == [
        "attributedBody": ["$nested": "typedstream", "$value": Self.plain], "rowid": 7,
      ])
  }

  @Test("a broken typedstream: the byte and what was expected; --graph and --in-place refused")
  func refusals() throws {
    let folder = try TemporaryDirectory()
    let broken = try folder.file("broken.bin", Array(Self.message.prefix(110)))
    let run = try CLI.run(["unarchive", broken])
    #expect(run.status == 1)
    #expect(run.output == "")
    #expect(run.stderr == "plistkit: \(broken): byte 107: a class name of 8 bytes, but only 2 are left\n")
    let file = try folder.file("message.bin", Self.message)
    let graph = try CLI.run(["unarchive", file, "--graph"])
    #expect(graph.status == 2)
    #expect(
      graph.stderr
        == "plistkit: unarchive: --graph shows a keyed archive's objects; a typedstream is shown as its plain view"
        + " (see 'plistkit help unarchive')\n")
    let inPlace = try CLI.run(["convert", file, "--to", "xml", "--in-place"])
    // Refused for the file, as a failure among the files converted.
    #expect(inPlace.status == 1)
    #expect(
      inPlace.stderr
        == "plistkit: \(file) is a typedstream: its plain view does not keep it; it cannot replace its input\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data(Self.message))
  }
}
