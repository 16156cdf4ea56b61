import Foundation
import PlistKit
import Testing

/// Inputs of unknown size (standard input, pipes, devices) are read against
/// `PLISTKIT_INPUT_LIMIT` (1 GiB by default), and reading stops as soon as it passes the
/// limit: `/dev/zero` and `yes` used to fill 8 GB before the 4 GiB limit stopped them.
@Suite("input limit for pipes and devices")
struct InputLimitTests {
  static let limit = "1M"
  static func overLimit(_ name: String) -> String {
    "\(name) is over the input limit of 1048576 bytes for an input that is not a regular file"
  }

  /// Runs `plistkit arguments…` through the shell under the hostile-input memory cap (which no
  /// input read whole past its limit fits in), with standard input from `source` when given.
  static func capped(_ arguments: [String], source: String? = nil) throws -> CLI.Run {
    let cap = HostileInputTests.memoryLimit.map { "ulimit -d \($0 / 1024) && " } ?? ""
    let script = cap + (source.map { "\($0) | " } ?? "") + "\"$0\" \"$@\""
    return try CLI.run(
      ["-c", script, CLI.binary] + arguments, environment: ["PLISTKIT_INPUT_LIMIT": limit], program: "/bin/sh")
  }

  @Test("lint of /dev/zero and of an endless pipe stops at the limit, in bounded memory")
  func endlessInputs() throws {
    let zero = try Self.capped(["lint", "/dev/zero"])
    #expect(zero.status == 1)
    #expect(zero.stderr == "plistkit: /dev/zero: \(Self.overLimit("/dev/zero"))\n")
    let pipe = try Self.capped(["lint", "-"], source: "yes")
    #expect(pipe.status == 1)
    #expect(pipe.stderr == "plistkit: <stdin>: \(Self.overLimit("<stdin>"))\n")
    let convert = try Self.capped(["convert", "-", "--to", "json"], source: "cat /dev/zero")
    #expect(convert.status == 1)
    #expect(convert.stderr == "plistkit: <stdin>: \(Self.overLimit("<stdin>"))\n")
  }

  @Test("PlistBuddy Import and Merge of /dev/zero stop at the limit")
  func buddy() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("p.plist", "<plist><dict/></plist>")
    for command in ["Import :x /dev/zero", "Merge /dev/zero"] {
      let run = try Self.capped(["buddy", "-c", command, file])
      let name = command.split(separator: " ")[0]
      #expect(run.status == 1)
      #expect(
        run.stderr
          == "Error Opening File: /dev/zero (\(Self.overLimit("/dev/zero")))\n\(name): Error Reading File: /dev/zero\n")
    }
  }

  @Test("a schema's $ref to /dev/zero stops at the limit")
  func schemaReference() throws {
    let folder = try TemporaryDirectory()
    let schema = try folder.file("s.json", #"{"$ref": "/dev/zero"}"#)
    let run = try Self.capped(["validate", CLI.sample("computers.plist"), "--schema", schema])
    #expect(run.status == 2)
    #expect(
      run.stderr == "plistkit: \(schema)#/$ref: cannot resolve file:///dev/zero: \(Self.overLimit("/dev/zero"))\n")
  }

  @Test("a regular file keeps the 4 GiB limit; a pipe within the limit reads; a bad value is a usage error")
  func limits() throws {
    #expect(PropertyListLimits.default.inputSizeLimit(isSized: true) == 4 << 30)
    #expect(PropertyListLimits.default.inputSizeLimit(isSized: false) == 1 << 30)
    let small = try CLI.run(
      ["lint", "-"], stdin: Array("<plist><true/></plist>".utf8), environment: ["PLISTKIT_INPUT_LIMIT": "22"])
    #expect(small.status == 0)
    let over = try CLI.run(
      ["lint", "-"], stdin: Array("<plist><true/></plist>".utf8), environment: ["PLISTKIT_INPUT_LIMIT": "21"])
    #expect(over.status == 1)
    #expect(
      over.stderr
        == "plistkit: <stdin>: <stdin> is over the input limit of 21 bytes for an input that is not a regular file\n")
    let bad = try CLI.run(["lint", "/dev/zero"], environment: ["PLISTKIT_INPUT_LIMIT": "lots"])
    #expect(bad.status == 2)
    #expect(
      bad.stderr
        == "plistkit: PLISTKIT_INPUT_LIMIT takes a number of bytes, with K, M or G after it if you like (512M); not 'lots'\n"
    )
  }
}
