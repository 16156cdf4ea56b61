import CSystemCalls
import Foundation
import Testing

/// Every in-place edit replaces the file with a new one; the new file keeps the old one's
/// owner and group, mode bits (set-group-ID included), extended attributes and access ACL.
@Suite("Edits keep owner, mode and extended attributes")
struct FileMetadataTests {
  /// Each command that replaces FILE (the placeholder for the file's name).
  static let edits: [(name: String, arguments: [String])] = [
    ("set", ["set", "FILE", "a", "2", "--type", "integer"]),
    ("insert", ["insert", "FILE", "b", "--type", "integer", "3"]),
    ("remove", ["remove", "FILE", "a"]),
    ("move", ["move", "FILE", "a", "c"]),
    ("convert --in-place", ["convert", "FILE", "--to", "xml", "--in-place"]),
    ("convert -o onto the input", ["convert", "FILE", "--to", "binary", "-o", "FILE"]),
    ("plutil -replace", ["plutil", "-replace", "a", "-integer", "4", "FILE"]),
    ("plutil -convert", ["plutil", "-convert", "xml1", "FILE"]),
    ("buddy Set", ["buddy", "-c", "Set :a 5", "FILE"]),
    ("--reformat", ["set", "FILE", "a", "6", "--type", "integer", "--reformat"]),
  ]

  /// An access ACL in the kernel's form (`system.posix_acl_access`): the owner rw-, user 4321
  /// r--, the group r--, the mask r--, others ---, which is mode 640.
  static let accessControlList: [UInt8] = {
    var bytes: [UInt8] = [2, 0, 0, 0]
    let unnamed: UInt32 = 0xFFFF_FFFF
    for (tag, permissions, id) in [
      (1, 6, unnamed), (2, 4, 4321), (4, 4, unnamed), (0x10, 4, unnamed), (0x20, 0, unnamed),
    ] {
      bytes += [UInt8(tag & 0xFF), UInt8(tag >> 8), UInt8(permissions), 0]
      bytes += withUnsafeBytes(of: UInt32(id).littleEndian, Array.init)
    }
    return bytes
  }()

  @Test(
    "an edit keeps owner and group (as root), set-group-ID, a user. attribute and the ACL",
    arguments: edits.indices)
  func keepsMetadata(_ index: Int) throws {
    let (name, arguments) = Self.edits[index]
    let folder = try TemporaryDirectory()
    let path = try folder.file("kept.json", #"{"a": 1}"#)
    let isRoot = getuid() == 0
    // Another user and group need root; without it the file stays the test's own, and only
    // that it stays so is checked.
    let owner: uid_t = isRoot ? 4321 : getuid()
    let group: gid_t = isRoot ? 8765 : getgid()
    #expect(chown(path, owner, group) == 0)
    let hasACL = Self.setAttribute(path, "system.posix_acl_access", Self.accessControlList)
    #expect(chmod(path, 0o2640) == 0)
    #expect(Self.setAttribute(path, "user.origin", Array("kept by edits".utf8)), "user. attributes unsupported here")
    let before = try Self.status(path)

    let run = try CLI.run(arguments.map { $0 == "FILE" ? path : $0 })
    #expect(run.status == 0, "\(name): \(run.stderr)")
    let after = try Self.status(path)
    #expect(after.st_ino != before.st_ino, "\(name) replaces the file")
    #expect(after.st_uid == owner, "\(name)")
    #expect(after.st_gid == group, "\(name)")
    #expect(after.st_mode & 0o7777 == 0o2640, "\(name): mode \(String(after.st_mode & 0o7777, radix: 8))")
    #expect(Self.attribute(path, "user.origin") == Array("kept by edits".utf8), "\(name)")
    if hasACL {
      #expect(Self.attribute(path, "system.posix_acl_access") == Self.accessControlList, "\(name)")
    }
  }

  @Test("a new file gets the mode umask gives and no attributes")
  func newFile() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.file("in.json", #"{"a": 1}"#)
    #expect(Self.setAttribute(input, "user.origin", [1]))
    let output = folder.path + "/out.plist"
    // The process's umask, read without changing it (other tests run at the same time).
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
    let mask = try #require(mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8))
    #expect(try CLI.run(["convert", input, "--to", "xml", "-o", output]).status == 0)
    #expect(try Self.status(output).st_mode & 0o7777 == 0o666 & ~mask)
    #expect(Self.attribute(output, "user.origin") == nil)
  }

  static func status(_ path: String) throws -> stat {
    var status = stat()
    guard stat(path, &status) == 0 else { throw POSIXError(.ENOENT) }
    return status
  }

  static func setAttribute(_ path: String, _ name: String, _ value: [UInt8]) -> Bool {
    value.withUnsafeBytes { setxattr(path, name, $0.baseAddress, $0.count, 0) } == 0
  }

  static func attribute(_ path: String, _ name: String) -> [UInt8]? {
    let size = getxattr(path, name, nil, 0)
    guard size >= 0 else { return nil }
    var value = [UInt8](repeating: 0, count: size)
    let count = value.withUnsafeMutableBytes { getxattr(path, name, $0.baseAddress, size) }
    return count == size ? value : nil
  }
}
