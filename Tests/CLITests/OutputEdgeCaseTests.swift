import Foundation
import Testing

/// Where a result may go and how: hard links in PlistBuddy mode, symbolic link loops, extensions
/// that leave the folder, an empty output path, contradicting merge options, git's add/add
/// merge, and `--reformat` of GNUstep's typed values.
@Suite("Output edge cases")
struct OutputEdgeCaseTests {
  @Test("PlistBuddy mode warns when a save breaks a hard link, as the other edits do")
  func buddyHardLink() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("a.plist", #"{"a": 1}"#)
    let other = folder.path + "/b.plist"
    #expect(link(path, other) == 0)
    let run = try CLI.run(["buddy", "-c", "Set :a 2", path])
    #expect(run.status == 0)
    #expect(
      run.stderr
        == "plistkit: warning: \(path) has 1 other hard link, which keeps the old content (the file is replaced by a new one)\n"
    )
    #expect(try folder.contents("a.plist") == Array(#"{"a": 2}"#.utf8))
    #expect(try folder.contents("b.plist") == Array(#"{"a": 1}"#.utf8))
  }

  @Test("-o onto a loop of symbolic links is an error that leaves the links alone")
  func symbolicLinkLoop() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.file("in.json", #"{"a": 1}"#)
    let first = folder.path + "/loop1"
    let second = folder.path + "/loop2"
    #expect(symlink("loop2", first) == 0)
    #expect(symlink("loop1", second) == 0)
    let run = try CLI.run(["convert", input, "--to", "xml", "-o", first])
    #expect(run.status == 1)
    #expect(
      run.stderr
        == "plistkit: \(first): cannot write: it is a loop of symbolic links (or too many of them in a row)\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: first) == "loop2")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["in.json", "loop1", "loop2"])
  }

  @Test("an extension with a / is refused before anything is written")
  func extensionWithSlash() throws {
    let folder = try TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: folder.path + "/inner", withIntermediateDirectories: false)
    let input = try folder.file("inner/in.json", #"{"a": 1}"#)
    let run = try CLI.run(["convert", input, "--to", "xml", "--extension", "/../out"])
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "plistkit: convert: invalid value '/../out' for --extension: an extension cannot contain '/' (the output would leave its input's folder) (see 'plistkit help convert')\n"
    )
    let plutil = try CLI.run(["plutil", "-convert", "xml1", "-e", "/../out", input])
    #expect(plutil.status == 1)
    #expect(
      plutil.stderr
        == "invalid value '/../out' for -e: an extension cannot contain '/' (the output would leave its input's folder)\n"
    )
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["inner"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/inner") == ["in.json"])
  }

  @Test("-o '' is a usage error (exit 2)", arguments: ["convert", "set", "get", "merge"])
  func emptyOutput(_ command: String) throws {
    let folder = try TemporaryDirectory()
    let input = try folder.file("in.json", #"{"a": 1}"#)
    let arguments: [String] =
      switch command {
      case "convert": ["convert", input, "--to", "xml", "-o", ""]
      case "set": ["set", input, "a", "2", "--type", "integer", "-o", ""]
      case "get": ["get", input, "a", "-o", ""]
      default: ["merge", input, input, input, "-o", ""]
      }
    let run = try CLI.run(arguments)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "plistkit: \(command): option --output needs a path; '' names no file (see 'plistkit help \(command)')\n")
    #expect(try folder.contents("in.json") == Array(#"{"a": 1}"#.utf8))
  }

  @Test("merge refuses --conflict-markers with --ours or --theirs", arguments: ["--ours", "--theirs"])
  func contradictingMergeOptions(_ side: String) throws {
    let folder = try TemporaryDirectory()
    let base = try folder.file("base.json", #"{"a": 1}"#)
    let ours = try folder.file("ours.json", #"{"a": 2}"#)
    let theirs = try folder.file("theirs.json", #"{"a": 3}"#)
    let run = try CLI.run(["merge", base, ours, theirs, side, "--conflict-markers"])
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "plistkit: --conflict-markers and \(side) cannot be given together: \(side) resolves every conflict\n"
    )
    #expect(try folder.contents("ours.json") == Array(#"{"a": 2}"#.utf8))
  }

  @Test("merge with an empty BASE (git's add/add) merges two ways")
  func emptyBase() throws {
    let folder = try TemporaryDirectory()
    let base = try folder.file("base", "")
    let ours = try folder.file("ours.json", #"{"same": 1, "ours": 2}"#)
    let theirs = try folder.file("theirs.json", #"{"same": 1, "theirs": 3}"#)
    let run = try CLI.run(["merge", base, ours, theirs])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      String(decoding: try folder.contents("ours.json"), as: UTF8.self) == #"{"same": 1, "ours": 2, "theirs": 3}"#)

    // Both sides added one key with different values: a conflict against nothing.
    let clash = try folder.file("clash.json", #"{"same": 5}"#)
    let conflict = try CLI.run(["merge", base, ours, clash, "--color", "never"])
    #expect(conflict.status == 1)
    #expect(conflict.output == "CONFLICT same (both added): BASE (none) | OURS 1 | THEIRS 5\n")

    // Arrays merge from an empty array: what both added alike is kept once.
    let oursArray = try folder.file("ours-array.json", #"["x"]"#)
    let theirsArray = try folder.file("theirs-array.json", #"["x"]"#)
    let arrays = try CLI.run(["merge", base, oursArray, theirsArray])
    #expect(arrays.status == 0, "\(arrays.stderr)")
    #expect(try folder.contents("ours-array.json") == Array(#"["x"]"#.utf8))
  }

  @Test("--reformat writes GNUstep's typed values back as typed values")
  func reformatGNUstep() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file(
      "typed.plist", "{ a = <*I5>; b = <*R1.5>; c = <*BY>; d = <*D2001-01-01 00:00:00 +0000>; e = text; }")
    let run = try CLI.run(["set", path, "a", "6", "--type", "integer", "--reformat"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      String(decoding: try folder.contents("typed.plist"), as: UTF8.self)
        == "{\n\ta = <*I6>;\n\tb = <*R1.5>;\n\tc = <*BY>;\n\td = <*D2001-01-01 00:00:00 +0000>;\n\te = text;\n}\n")

    // Plain OpenStep still has no integers.
    let plain = try folder.file("plain.plist", "{ a = x; }")
    let refused = try CLI.run(["set", plain, "a", "6", "--type", "integer", "--reformat"])
    #expect(refused.status == 1)
    #expect(try folder.contents("plain.plist") == Array("{ a = x; }".utf8))
  }
}
