import Foundation
import PlistKit
import Testing

/// The output limit: a small file that references one long string from many places would make
/// gigabytes written out in a text form. Every command that writes values refuses it before it
/// writes anything, quickly and in little memory (the cap of ``HostileInputTests``), with the
/// size it would make, the limit and the option that raises it.
@Suite("Output limit")
struct OutputBudgetTests {
  /// A binary plist whose root array holds `references` references to one ASCII string of
  /// `length` bytes: 4 MB that would be 8 GB of JSON with the defaults.
  static func sharedStringPlist(references: Int = 2_000, length: Int = 4 << 20) -> [UInt8] {
    let array =
      [0xAF, 0x11] + HostileFiles.bigEndian(UInt64(references), width: 2) + Array(repeating: 1, count: references)
    let string =
      [0x5F, 0x13] + HostileFiles.bigEndian(UInt64(length), width: 8) + Array(repeating: 0x78, count: length)
    return HostileFiles.binary([array, string], offsetSize: 4)
  }

  /// A keyed archive whose one object has `fields` fields, all referencing one string of
  /// `length` bytes.
  static func sharedStringArchive(fields: Int = 2_000, length: Int = 4 << 20) throws -> [UInt8] {
    var object = PropertyListDictionary()
    object["$class"] = .uid(2)
    for index in 0..<fields { object["field\(index)"] = .uid(3) }
    let root: PropertyList = [
      "$archiver": "NSKeyedArchiver", "$version": 100000, "$top": ["root": .uid(1)],
      "$objects": [
        "$null", .dictionary(object), ["$classname": "Thing", "$classes": ["Thing", "NSObject"]],
        .string(String(repeating: "x", count: length)),
      ],
    ]
    return try root.serialized(as: .binary)
  }

  static let defaultLimit = 64 * (sharedStringPlist().count)

  struct Case: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var archive = false
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static func tail(_ least: Int, _ output: String, limit: Int = defaultLimit) -> String {
    "the value would make at least \(least) bytes of \(output) once its shared strings, data and containers are "
      + "written out at every place they occur, over the output limit of \(limit) bytes; use --output-limit to raise it"
  }

  static let cases: [Case] = [
    Case(arguments: ["convert", "--to", "json"], message: tail(8_388_612_002, "json output")),
    Case(arguments: ["convert", "--to", "json", "--typed"], message: tail(8_388_612_002, "json output")),
    Case(arguments: ["convert", "--to", "xml"], message: tail(8_388_642_007, "xml output")),
    Case(arguments: ["convert", "--to", "openstep"], message: tail(8_388_608_002, "openstep output")),
    Case(arguments: ["print"], message: tail(8_388_612_002, "printed text")),
    Case(arguments: ["textconv"], message: tail(8_388_614_003, "textconv lines")),
    Case(
      arguments: ["get", "*"],
      message: "the matches' text would be 8388610000 bytes at least, over the output limit of \(defaultLimit) bytes; "
        + "use --output-limit to raise it"),
    Case(arguments: ["get", "*", "--to", "json"], message: tail(8_388_612_002, "json output")),
  ]

  @Test("each command refuses to write 8 GB from a 4 MB file, before writing anything", arguments: cases)
  func refused(_ test: Case) throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("shared.bplist", Self.sharedStringPlist())
    let arguments = [test.arguments[0], path] + test.arguments.dropFirst()
    let outcome = try MeasuredRun.run(arguments, memoryLimit: HostileInputTests.memoryLimit)
    #expect(outcome.status == 1)
    #expect(outcome.stdoutSize == 0)
    #expect(outcome.stderr == "plistkit: \(path): \(test.message)\n")
    #expect(outcome.cpuSeconds < HostileInputTests.secondsLimit, "took \(outcome.cpuSeconds) s of CPU")
  }

  @Test("convert -o writes nothing, and leaves an existing output as it was")
  func convertToFile() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("shared.bplist", Self.sharedStringPlist())
    let output = try folder.file("out.json", "[]\n")
    let outcome = try MeasuredRun.run(
      ["convert", path, "--to", "json", "-o", output], memoryLimit: HostileInputTests.memoryLimit)
    #expect(outcome.status == 1)
    #expect(outcome.stderr == "plistkit: \(path): \(Self.tail(8_388_612_002, "json output"))\n")
    #expect(try folder.contents("out.json") == Array("[]\n".utf8))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["out.json", "shared.bplist"])
  }

  @Test("unarchive refuses an archive whose fields share one 4 MB string 2,000 times")
  func unarchive() throws {
    let folder = try TemporaryDirectory()
    let bytes = try Self.sharedStringArchive()
    let path = try folder.file("shared.archive", bytes)
    let limit = 64 * bytes.count
    for (options, least, output) in [
      ([], 8_388_634_908, "json output"), (["--to", "xml"], 8_388_680_936, "xml output"),
    ] {
      let outcome = try MeasuredRun.run(["unarchive", path] + options, memoryLimit: HostileInputTests.memoryLimit)
      #expect(outcome.status == 1)
      #expect(outcome.stdoutSize == 0)
      #expect(outcome.stderr == "plistkit: \(path): \(Self.tail(least, output, limit: limit))\n")
      #expect(outcome.cpuSeconds < HostileInputTests.secondsLimit, "took \(outcome.cpuSeconds) s of CPU")
    }
  }

  @Test("--output-limit sets the limit, with K, M and G, checked before and while writing")
  func option() throws {
    let folder = try TemporaryDirectory()
    // 200 references to a 10,000-byte string: about 2 MB of JSON from 10 KB.
    let path = try folder.file("small.bplist", Self.sharedStringPlist(references: 200, length: 10_000))
    let json = try CLI.run(["convert", path, "--to", "json"])
    #expect(json.status == 0)
    #expect(json.stdout.count == 2_001_203)
    for limit in ["1M", "1024K", "1048576", "1mib"] {
      let refused = try CLI.run(["convert", path, "--to", "json", "--output-limit", limit])
      #expect(refused.status == 1)
      #expect(refused.stdout.isEmpty)
      #expect(refused.stderr == "plistkit: \(path): \(Self.tail(2_000_402, "json output", limit: 1 << 20))\n")
    }
    // The check before writing weighs the least the writer makes (2,000,402 bytes); the line
    // breaks and indentation make the rest, which the writer's own check counts.
    for (command, options, output) in [
      ("convert", ["--to", "json"], "json output"), ("get", ["*", "--to", "json"], "json output"),
    ] {
      let guarded = try CLI.run([command, path] + options + ["--output-limit", "2001000"])
      #expect(guarded.status == 1)
      #expect(guarded.stdout.isEmpty)
      #expect(
        guarded.stderr
          == "plistkit: \(path): the \(output) passed 2001000 bytes while it was written, over the output limit of "
          + "2001000 bytes; use --output-limit to raise it\n")
    }
    let exact = try CLI.run(["convert", path, "--to", "json", "--output-limit", "2001203"])
    #expect(exact.stdout == json.stdout)
    let printed = try CLI.run(["print", path, "--output-limit", "1M"])
    #expect(printed.status == 1)
    #expect(printed.stderr == "plistkit: \(path): \(Self.tail(2_000_402, "printed text", limit: 1 << 20))\n")
    let bad = try CLI.run(["convert", path, "--to", "json", "--output-limit", "5X"])
    #expect(bad.status == 2)
    #expect(
      bad.stderr
        == "plistkit: convert: --output-limit takes a number of bytes, with K, M or G after it if you like (512M); "
        + "not '5X' (see 'plistkit help convert')\n")
  }

  @Test("plutil -p refuses a sharing bomb and a shared string, as print does")
  func plutilPrint() throws {
    let folder = try TemporaryDirectory()
    let levels: [[UInt8]] = (0..<60).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] } + [[0x10, 7]]
    let bomb = try folder.file("bomb.bplist", HostileFiles.binary(levels))
    let outcome = try MeasuredRun.run(["plutil", "-p", bomb], memoryLimit: HostileInputTests.memoryLimit)
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr
        == "\(bomb): the value holds more than 100000000 values once its shared arrays and dictionaries are "
        + "written out at every place they occur (the written value limit)\n")
    #expect(outcome.cpuSeconds < HostileInputTests.secondsLimit, "took \(outcome.cpuSeconds) s of CPU")
    let shared = try folder.file("shared.bplist", Self.sharedStringPlist())
    let printed = try MeasuredRun.run(["plutil", "-p", shared], memoryLimit: HostileInputTests.memoryLimit)
    #expect(printed.status == 1)
    #expect(printed.stdoutSize == 0)
    #expect(printed.stderr.hasPrefix("\(shared): the value would make at least 8388612002 bytes of printed text"))
  }
}
