import Foundation
import PlistKit
import Testing

/// `plistkit convert`: output rules, in-place atomic rewrites, many files, errors.
@Suite("convert")
struct ConvertTests {
  @Test("output modes that cannot be combined are usage errors")
  func modeErrors() throws {
    let several = try CLI.run(["convert", "a", "b", "--to", "xml"])
    #expect(several.status == 2)
    #expect(several.stderr.hasPrefix("plistkit: convert: several inputs need --in-place or --extension"))
    let outputMany = try CLI.run(["convert", "a", "b", "--to", "xml", "-o", "c"])
    #expect(outputMany.stderr.hasPrefix("plistkit: convert: --output takes one input"))
    let both = try CLI.run(["convert", "a", "--to", "xml", "-i", "-e", "json"])
    #expect(both.stderr.hasPrefix("plistkit: convert: use only one of --output, --in-place, --extension"))
    let stdinInPlace = try CLI.run(["convert", "-", "--to", "xml", "-i"], stdin: [])
    #expect(stdinInPlace.stderr.hasPrefix("plistkit: convert: standard input cannot be converted in place"))
    for run in [several, outputMany, both, stdinInPlace] { #expect(run.status == 2) }
  }

  @Test("XML sample to JSON on standard output, the sample untouched")
  func sampleToJSON() throws {
    let path = CLI.sample("sortednames.plist")
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let run = try CLI.run(["convert", path, "--to", "json"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    let original = try PropertyList(bytes: [UInt8](before))
    #expect(try PropertyList(bytes: run.stdout, format: .json) == original)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test("-o naming the input rewrites it atomically, keeping its permissions")
  func inPlaceOutput() throws {
    let folder = try TemporaryDirectory()
    let source = try Data(contentsOf: URL(fileURLWithPath: CLI.sample("computers.plist")))
    let path = try folder.file("computers.plist", [UInt8](source))
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
    let run = try CLI.run(["convert", path, "--to", "binary", "-o", path])
    #expect(run.status == 0)
    #expect(run.output == "")
    let written = try folder.contents("computers.plist")
    #expect(written.starts(with: Array("bplist00".utf8)))
    #expect(try PropertyList(bytes: written) == PropertyList(bytes: [UInt8](source)))
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o640)
    // No temporary file left behind.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["computers.plist"])
  }

  @Test("--extension writes next to each input; --in-place rewrites each")
  func manyFiles() throws {
    let folder = try TemporaryDirectory()
    let value: PropertyList = ["name": "x", "n": 3]
    let document = try value.serialized(as: .json, options: .init(prettyPrinted: false))
    let paths = try (0..<20).map { try folder.file("f\($0).plist", document) }
    let run = try CLI.run(["convert"] + paths + ["--to", "json", "-e", "json"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    for index in 0..<20 {
      #expect(try PropertyList(bytes: folder.contents("f\(index).json"), format: .json) == value)
      #expect(try folder.contents("f\(index).plist") == document)
    }
    let inPlace = try CLI.run(["convert"] + paths + ["--to", "json", "--in-place"])
    #expect(inPlace.status == 0)
    for index in 0..<20 { #expect(try folder.contents("f\(index).plist") == folder.contents("f\(index).json")) }
  }

  @Test("errors in several files are reported in input order, the good files still converted")
  func errorsInOrder() throws {
    let folder = try TemporaryDirectory()
    var paths: [String] = []
    for index in 0..<12 {
      paths.append(try folder.file("f\(index).json", index % 4 == 1 ? "{\"a\": [1, 2,}" : "{\"a\": [1, 2]}"))
    }
    let run = try CLI.run(["convert"] + paths + ["--to", "json", "-e", "out"])
    #expect(run.status == 1)
    var expected = ""
    for index in [1, 5, 9] {
      let error = try #require(throws: PropertyListError.self) {
        try PropertyList(bytes: Array("{\"a\": [1, 2,}".utf8))
      }
      expected += "plistkit: " + Self.diagnostic(path: paths[index], error) + "\n"
    }
    #expect(run.stderr == expected)
    #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("f0.out").path))
    #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("f1.out").path))
  }

  @Test("standard input to standard output; typed JSON keeps integers, reals, dates and data")
  func typedThroughPipes() throws {
    let value: PropertyList = [
      "int": 1, "real": 1.0, "date": .date(PropertyListDate(secondsSinceReferenceDate: 0)), "data": .data([0, 1, 255]),
    ]
    let binary = try value.serialized(as: .binary)
    let typed = try CLI.run(["convert", "-", "--to", "json", "--typed"], stdin: binary)
    #expect(typed.status == 0)
    #expect(try PropertyList(bytes: typed.stdout, format: .json, options: .init(jsonStyle: .typed)) == value)
    let back = try CLI.run(["convert", "-", "--to", "binary", "--typed"], stdin: typed.stdout)
    #expect(back.status == 0)
    #expect(try PropertyList(bytes: back.stdout).isIdentical(to: value))
  }

  @Test("a value the target format cannot hold names its key path")
  func notRepresentable() throws {
    let folder = try TemporaryDirectory()
    let value: PropertyList = ["list": [.uid(3)]]
    let path = try folder.file("uid.bplist", value.serialized(as: .binary))
    let run = try CLI.run(["convert", path, "--to", "openstep"])
    #expect(run.status == 1)
    let error = try #require(throws: PropertyListError.self) { try value.serialized(as: .openStep) }
    #expect(error.remedy == .openStepStringifiesScalars)
    // The remedy is named as this command line's option, not as the library's.
    #expect(
      run.stderr == "plistkit: \(path): list.0: a UID has no OpenStep form; use --stringify to write it as a string\n")
    let stringified = try CLI.run(["convert", path, "--to", "openstep", "--stringify"])
    #expect(stringified.status == 0)
    #expect(try PropertyList(bytes: stringified.stdout, format: .openStep) == ["list": ["3"]])
    // plutil's command line has no such option: the error stops at the cause.
    let plutil = try CLI.run(["plutil", "-convert", "ascii1", path, "-o", "-"])
    #expect(plutil.status == 1)
    #expect(plutil.stderr == "\(path): list.0: a UID has no OpenStep form\n")
  }

  @Test("--stringify writes what OpenStep lacks as strings in get and the edits too")
  func stringifyEverywhere() throws {
    let presidents = CLI.sample("Presidents.plist")
    let get = try CLI.run(["get", presidents, "$version", "--to", "openstep"])
    #expect(get.status == 1)
    #expect(
      get.stderr
        == "plistkit: \(presidents): (root): an integer has no OpenStep form; use --stringify to write it as a string\n"
    )
    let stringified = try CLI.run(["get", presidents, "$version", "--to", "openstep", "--stringify"])
    #expect(stringified.output == "100000\n")
    let folder = try TemporaryDirectory()
    let strings = try folder.file("x.strings", "\"a\" = \"b\";\n")
    let set = try CLI.run(["set", strings, "a", "5", "--type", "integer"])
    #expect(set.status == 1)
    #expect(
      set.stderr
        == "plistkit: \(strings): a: an integer has no OpenStep form; use --stringify to write it as a string\n")
    #expect(try CLI.run(["set", strings, "a", "5", "--type", "integer", "--stringify"]).status == 0)
    #expect(try folder.contents("x.strings") == Array("\"a\" = 5;\n".utf8))
    #expect(try PropertyList(bytes: folder.contents("x.strings")) == ["a": "5"])
  }

  @Test(
    "binary output to a terminal is refused with a hint, unless -o - asks for it",
    .enabled(
      if: FileManagerCheck.isExecutable("/usr/bin/script"), "needs script(1) for a terminal (.ci/run installs it)"))
  func binaryToTerminal() throws {
    let names = CLI.sample("sortednames.plist")
    func onTerminal(_ words: String) throws -> CLI.Run {
      try CLI.run(["-qec", "'\(CLI.binary)' \(words)", "/dev/null"], program: "/usr/bin/script")
    }
    let hint = "binary output would go to the terminal; give -o FILE, pipe it, or give -o - to write it anyway"
    let presidents = CLI.sample("Presidents.plist")
    let folder = try TemporaryDirectory()
    let graph = try folder.file("p.json", try CLI.run(["unarchive", presidents, "--graph"]).stdout)
    for (command, words) in [
      ("convert", "'\(names)' --to binary"), ("get", "'\(names)' A --to binary"),
      ("unarchive", "'\(presidents)' --to binary"), ("archive", "'\(graph)'"),
    ] {
      let refused = try onTerminal("\(command) \(words)")
      #expect(refused.status == 2, "\(command)")
      #expect(refused.output.hasPrefix("plistkit: \(command): \(hint) (see 'plistkit help \(command)')"), "\(command)")
      #expect(!refused.output.contains("bplist00"), "\(command)")
      let asked = try onTerminal("\(command) \(words) -o -")
      #expect(asked.status == 0, "\(command)")
      #expect(asked.output.hasPrefix("bplist00"), "\(command)")
    }
    // Text formats still print, and a pipe is no terminal.
    #expect(try onTerminal("convert '\(names)' --to json").output.hasPrefix("{"))
    #expect(try CLI.run(["convert", names, "--to", "binary"]).stdout.starts(with: Array("bplist00".utf8)))
  }

  /// The line the CLI prints for an error, computed from the library's own error.
  static func diagnostic(path: String, _ error: PropertyListError) -> String {
    if case .text(let line, let column) = error.location { return "\(path):\(line):\(column): \(error.message)" }
    return "\(path): \(error)"
  }
}

/// The note `convert` prints when plain JSON writes values it has no type for as strings.
@Suite("convert: plain JSON losses")
struct PlainJSONNoteTests {
  private static let document = Array(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>d</key><date>2001-01-01T00:00:00Z</date><key>x</key><data>AAEC</data>\
    <key>r</key><real>nan</real><key>s</key><string>plain</string></dict></plist>
    """.utf8)

  @Test("said once on standard error, after the output, with counts and --typed")
  func noteOnce() throws {
    let folder = try TemporaryDirectory()
    let first = try folder.file("a.plist", Self.document)
    let second = try folder.file("b.plist", Self.document)
    let run = try CLI.run(["convert", first, "--to", "json"])
    #expect(run.status == 0)
    #expect(
      run.output
        == "{\n  \"d\": \"2001-01-01T00:00:00Z\",\n  \"x\": \"AAEC\",\n  \"r\": \"NaN\",\n  \"s\": \"plain\"\n}\n")
    #expect(
      run.stderr
        == "plistkit: note: 1 date, 1 data value and 1 NaN or infinity were written as JSON strings "
        + "(plain JSON has no type for them); use --typed to keep their types\n")
    let both = try CLI.run(["convert", first, second, "--to", "json", "--extension", "json"])
    #expect(both.status == 0)
    #expect(
      both.stderr
        == "plistkit: note: 2 dates, 2 data values and 2 NaNs or infinities were written as JSON strings "
        + "(plain JSON has no type for them); use --typed to keep their types\n")
  }

  @Test("not said with --typed, for other formats, for values without such types, or in plutil mode")
  func noNote() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("a.plist", Self.document)
    for arguments in [
      ["convert", path, "--to", "json", "--typed"], ["convert", path, "--to", "binary", "-o", folder.path + "/b"],
      ["convert", CLI.sample("sortednames.plist"), "--to", "json"], ["plutil", "-convert", "json", "-o", "-", path],
    ] {
      let run = try CLI.run(arguments)
      #expect(run.stderr == "", "\(arguments)")
    }
    let one = try CLI.run(["convert", "-", "--to", "json"], stdin: Array("<plist><data>AA==</data></plist>".utf8))
    #expect(
      one.stderr
        == "plistkit: note: 1 data value was written as a JSON string (plain JSON has no type for it); "
        + "use --typed to keep their types\n")
  }
}
