import Foundation
import PlistKit
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `-o` onto something that is not a regular file (a FIFO, a device, `/dev/stdout`) writes into
/// it; only a regular file is replaced by the atomic temporary-file-and-rename path.
@Suite("Output onto special files")
struct SpecialFileOutputTests {
  static let names = CLI.sample("sortednames.plist")

  /// The JSON the conversion writes to standard output, to compare with.
  static func expectedJSON() throws -> [UInt8] {
    let run = try CLI.run(["convert", names, "--to", "json"])
    #expect(run.status == 0)
    return run.stdout
  }

  /// The device number of /dev/null (major 1, minor 3), in Linux's encoding for small numbers.
  static let nullDevice = dev_t(1 << 8 | 3)

  /// True when this process may make device nodes: root, outside a container that withholds
  /// the privilege.
  static let canMakeDeviceNodes: Bool = {
    guard getuid() == 0, let folder = try? TemporaryDirectory() else { return false }
    let probe = folder.url.appendingPathComponent("probe").path
    defer { unlink(probe) }
    return mknod(probe, S_IFCHR | 0o666, nullDevice) == 0
  }()

  static func fileType(_ path: String) -> mode_t? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return status.st_mode & S_IFMT
  }

  @Test("a FIFO is written into and stays a FIFO")
  func fifo() throws {
    let folder = try TemporaryDirectory()
    let fifo = folder.url.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let received = folder.url.appendingPathComponent("received").path
    let run = try CLI.run(
      [
        "-c",
        "cat \"$1\" > \"$2\" & \"$0\" convert \"$3\" --to json -o \"$1\"; status=$?; [ -p \"$1\" ] || kill $!; wait; exit $status",
        CLI.binary, fifo, received, Self.names,
      ],
      program: "/bin/sh")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(Self.fileType(fifo) == S_IFIFO)
    #expect(try folder.contents("received") == Self.expectedJSON())
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["pipe", "received"])
  }

  @Test(
    "a character device is written into and stays a device",
    .enabled(if: canMakeDeviceNodes, "needs the privilege to make device nodes (root, not withheld by a container)"))
  func characterDevice() throws {
    let folder = try TemporaryDirectory()
    let device = folder.url.appendingPathComponent("null").path
    // The numbers of /dev/null: whatever is written is dropped.
    try #require(mknod(device, S_IFCHR | 0o666, Self.nullDevice) == 0)
    let run = try CLI.run(["convert", Self.names, "--to", "json", "-o", device])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(Self.fileType(device) == S_IFCHR)
    var status = stat()
    #expect(stat(device, &status) == 0 && status.st_rdev == Self.nullDevice)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["null"])
  }

  @Test("/dev/stdout is the command's standard output, a pipe or a file")
  func standardOutput() throws {
    let folder = try TemporaryDirectory()
    let expected = try Self.expectedJSON()
    let piped = try CLI.run(
      ["-c", "\"$0\" convert \"$1\" --to json -o /dev/stdout | cat", CLI.binary, Self.names], program: "/bin/sh")
    #expect(piped.status == 0, "\(piped.stderr)")
    #expect(piped.stdout == expected)

    let file = try folder.file("out.json", "previous contents, longer than nothing\n")
    var before = stat()
    #expect(stat(file, &before) == 0)
    let appended = try CLI.run(
      ["-c", "\"$0\" convert \"$1\" --to json -o /dev/stdout >> \"$2\"", CLI.binary, Self.names, file],
      program: "/bin/sh")
    #expect(appended.status == 0, "\(appended.stderr)")
    // Appended to the same file (the same inode), not a new file renamed over it.
    #expect(try folder.contents("out.json") == Array("previous contents, longer than nothing\n".utf8) + expected)
    var after = stat()
    #expect(stat(file, &after) == 0 && after.st_ino == before.st_ino)
  }

  @Test("an edit's output onto a FIFO is written into it")
  func editOntoFIFO() throws {
    let folder = try TemporaryDirectory()
    let source = try folder.file("c.json", "[\"a\"]")
    let fifo = folder.url.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let received = folder.url.appendingPathComponent("received").path
    let run = try CLI.run(
      [
        "-c",
        "cat \"$1\" > \"$2\" & \"$0\" set \"$3\" 0 b --type string -o \"$1\"; status=$?; [ -p \"$1\" ] || kill $!; wait; exit $status",
        CLI.binary, fifo, received, source,
      ],
      program: "/bin/sh")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(Self.fileType(fifo) == S_IFIFO)
    #expect(String(decoding: try folder.contents("received"), as: UTF8.self) == "[\"b\"]")
  }
}

/// An atomic write makes a new file; other hard links keep the old one, and the command says so.
@Suite("Hard links")
struct HardLinkTests {
  @Test("an in-place edit of a file with another hard link warns and keeps the other name's content")
  func editWarns() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("a.json", "[\"a\"]")
    let other = folder.url.appendingPathComponent("b.json").path
    #expect(link(path, other) == 0)
    let run = try CLI.run(["set", path, "0", "b", "--type", "string"])
    #expect(run.status == 0)
    #expect(
      run.stderr
        == "plistkit: warning: \(path) has 1 other hard link, which keeps the old content (the file is replaced by a new one)\n"
    )
    #expect(try folder.contents("a.json") == Array("[\"b\"]".utf8))
    #expect(try folder.contents("b.json") == Array("[\"a\"]".utf8))

    let converted = try CLI.run(["convert", path, "--to", "xml", "-o", other])
    #expect(converted.status == 0)
    #expect(converted.stderr.isEmpty, "b.json has one name now: \(converted.stderr)")
  }

  @Test("a file with one name is written without a warning")
  func singleLinkIsQuiet() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("a.json", "[\"a\"]")
    let run = try CLI.run(["set", path, "0", "b", "--type", "string"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
  }
}
