import Foundation
import PlistKit
import Testing

/// `plistkit lint`: one line per file, in order, exit 1 if any is invalid.
@Suite("lint")
struct LintTests {
  @Test("a missing file is reported and fails")
  func missingFile() throws {
    let run = try CLI.run(["lint", "does-not-exist.plist"])
    #expect(run.status == 1)
    #expect(run.output == "")
    #expect(run.stderr == "plistkit: does-not-exist.plist: cannot open: No such file or directory\n")
  }

  @Test("the shipped samples are valid")
  func samples() throws {
    let names = ["Presidents.plist", "computers.plist", "sortednames.plist"]
    let run = try CLI.run(["lint"] + names.map { "Samples/\($0)" }, directory: CLI.root.path)
    #expect(run.status == 0)
    #expect(run.output == names.map { "Samples/\($0): OK\n" }.joined())
    #expect(run.stderr == "")
    let quiet = try CLI.run(["lint", "-q", CLI.sample("computers.plist")])
    #expect(quiet.status == 0)
    #expect(quiet.output == "")
  }

  @Test("an invalid file gets its location; valid ones still print OK, in order")
  func mixed() throws {
    let folder = try TemporaryDirectory()
    let good = try folder.file("good.json", "{\"a\": 1}")
    let broken = "{\n  \"a\": 1,\n  \"b\" 2\n}"
    let bad = try folder.file("bad.json", broken)
    let run = try CLI.run(["lint", good, bad, good])
    #expect(run.status == 1)
    #expect(run.output == "\(good): OK\n\(good): OK\n")
    let error = try #require(throws: PropertyListError.self) { try PropertyList(bytes: Array(broken.utf8)) }
    guard case .text = error.location else {
      Issue.record("a JSON error should have a line and column, got \(error.location)")
      return
    }
    #expect(run.stderr == "plistkit: " + ConvertTests.diagnostic(path: bad, error) + "\n")
  }

  @Test("standard input is <stdin> in messages")
  func standardInput() throws {
    let ok = try CLI.run(["lint", "-"], stdin: Array("[1, 2]".utf8))
    #expect(ok.status == 0)
    #expect(ok.output == "<stdin>: OK\n")
    let bad = try CLI.run(["lint", "-"], stdin: Array("[1, 2".utf8))
    #expect(bad.status == 1)
    #expect(bad.stderr.hasPrefix("plistkit: <stdin>:1:"))
  }

  @Test("a binary file gets a byte offset")
  func binaryOffset() throws {
    let folder = try TemporaryDirectory()
    let value: PropertyList = ["a": 1]
    var bytes = try value.serialized(as: .binary)
    bytes.removeLast(10)
    let path = try folder.file("cut.bplist", bytes)
    let run = try CLI.run(["lint", path])
    #expect(run.status == 1)
    let error = try #require(throws: PropertyListError.self) { try PropertyList(bytes: bytes) }
    #expect(run.stderr == "plistkit: \(path): \(error)\n")
  }

  @Test("a .json file is checked as JSON and gets JSON's error; --from still decides")
  func jsonFileName() throws {
    let folder = try TemporaryDirectory()
    for text in ["abc", #""\UA66D""#] {
      let path = try folder.file("settings.json", text)
      let run = try CLI.run(["lint", path])
      #expect(run.status == 1)
      #expect(run.output == "")
      let error = try #require(throws: PropertyListError.self) {
        try PropertyList(bytes: Array(text.utf8), format: .json)
      }
      #expect(run.stderr == "plistkit: " + ConvertTests.diagnostic(path: path, error) + "\n")
      let asOpenStep = try CLI.run(["lint", "--from", "openstep", path])
      #expect(asOpenStep.status == 0)
      #expect(asOpenStep.output == "\(path): OK\n")
    }
  }
}

/// The progress bar: only on a terminal, only for long work, erased at the end.
@Suite("progress")
struct ProgressTests {
  @Test(
    "many files on a terminal show a bar on standard error; a pipe never does",
    .enabled(
      if: FileManagerCheck.isExecutable("/usr/bin/script"), "needs script(1) for a terminal (.ci/run installs it)"))
  func bar() throws {
    let folder = try TemporaryDirectory()
    let paths = try (0..<20).map { try folder.file("f\($0).json", "[\($0)]") }
    let command = (["'\(CLI.binary)'", "lint", "-q"] + paths.map { "'\($0)'" }).joined(separator: " ")
    let terminal = try CLI.run(["-qec", command, "/dev/null"], program: "/usr/bin/script")
    #expect(terminal.status == 0)
    #expect(terminal.output.contains("\r20 files [------------------------------] 0/20 0%"))
    #expect(terminal.output.contains("\r20 files [##############################] 20/20 100%"))
    #expect(terminal.output.hasSuffix("\r\u{1B}[K"))
    let piped = try CLI.run(["lint", "-q"] + paths)
    #expect(piped.stderr == "")
    let few = try CLI.run(["-qec", "'\(CLI.binary)' lint -q '\(paths[0])'", "/dev/null"], program: "/usr/bin/script")
    #expect(few.output == "")
  }
}
