import Foundation
import PlistKit
import Testing

/// Nothing claims success for output that was not written: a full disk or a failing device on
/// standard output exits 1 with a message, and a reader that went away (`EPIPE`) exits 1
/// quietly, in every command and in plutil mode.
@Suite("Standard output failures")
struct StandardOutputFailureTests {
  static let names = CLI.sample("sortednames.plist")
  static let computers = CLI.sample("computers.plist")
  static let presidents = CLI.sample("Presidents.plist")

  /// One invocation of every command (and plutil mode) that writes to standard output.
  static let invocations: [[String]] = [
    ["convert", names, "--to", "json"],
    ["convert", names, "--to", "binary", "-o", "-"],
    ["lint", names],
    ["print", names],
    ["get", names, "A"],
    ["get", names, "A.0", "--to", "raw"],
    ["type", names, "A"],
    ["set", computers, "0", "Apple II", "--type", "string", "-o", "-"],
    ["insert", computers, "0", "Apple II", "--type", "string", "-o", "-"],
    ["remove", computers, "0", "-o", "-"],
    ["create", "-", "--to", "json"],
    ["unarchive", presidents],
    ["validate", presidents],
    ["sections", names],
    ["filter", names, "ab"],
    ["completions", "bash"],
    ["help", "convert"],
    ["--help"],
    ["--version"],
    ["plutil", "-p", names],
    ["plutil", "-convert", "json", "-o", "-", names],
    ["plutil", "-extract", "A", "json", "-o", "-", names],
    ["plutil", "-type", "A", names],
    ["plutil", "-lint", names],
    ["plutil", "-help"],
  ]

  /// Runs the CLI through the shell, so that standard output can be any file.
  static func shell(_ script: String, _ arguments: [String]) throws -> CLI.Run {
    try CLI.run(["-c", script, CLI.binary] + arguments, program: "/bin/sh")
  }

  @Test("every command writes its output when standard output works", arguments: invocations)
  func writesNormally(arguments: [String]) throws {
    let run = try CLI.run(arguments)
    #expect(run.status == 0, "\(arguments): \(run.stderr)")
    #expect(!run.stdout.isEmpty, "\(arguments)")
  }

  @Test(
    "every command exits 1 with a message when standard output is full",
    .enabled(if: FileManager.default.isWritableFile(atPath: "/dev/full"), "needs /dev/full"), arguments: invocations)
  func fullDevice(arguments: [String]) throws {
    let run = try Self.shell("exec \"$0\" \"$@\" > /dev/full", arguments)
    #expect(run.status == 1, "\(arguments)")
    #expect(
      run.stderr.contains("cannot write to standard output: No space left on device"), "\(arguments): \(run.stderr)")
  }

  @Test("a reader that goes away ends the command with exit 1 and no message")
  func closedPipe() throws {
    let folder = try TemporaryDirectory()
    let big: PropertyList = .array((0..<100_000).map { .string("name number \($0)") })
    let path = try folder.file("big.plist", try big.serialized(as: .binary))
    let status = folder.url.appendingPathComponent("status").path
    for arguments in [["print", path], ["convert", path, "--to", "json"], ["plutil", "-p", path]] {
      let run = try Self.shell(
        "{ \"$0\" \"$@\" 2> \"\(status).err\"; echo $? > \"\(status)\"; } | head -c 10 > /dev/null", arguments)
      #expect(run.status == 0)
      let code = try String(contentsOfFile: status, encoding: .utf8)
      #expect(code == "1\n", "\(arguments)")
      #expect(try String(contentsOfFile: status + ".err", encoding: .utf8) == "", "\(arguments)")
    }
  }
}
