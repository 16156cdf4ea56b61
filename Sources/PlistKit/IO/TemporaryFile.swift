#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary file an atomic write fills before it replaces its target.
///
/// On Linux it is made unnamed (`O_TMPFILE`): until ``rename(to:path:)`` links it into the
/// folder, a killed process leaves nothing behind, because the system frees a file without a
/// name when its last descriptor closes. The name it gets then lives only until the `rename`
/// that follows. Where unnamed files are not possible (a file system without them, a system
/// other than Linux), it is a named `.NAME.plistkit-XXXXXX` from the start.
struct TemporaryFile {
  /// The open descriptor, for writing.
  let descriptor: Int32
  /// The file's name, nil while it has none.
  private var name: String?
  private let folder: String
  private let baseName: String

  /// Creates a temporary file in `folder` for a target called `baseName`; `path` names the
  /// target in errors.
  init(in folder: String, for baseName: String, path: String) throws(PropertyListError) {
    self.folder = folder
    self.baseName = baseName
    #if os(Linux)
      let unnamed = open(folder, Self.unnamedFileFlag | O_WRONLY | O_CLOEXEC, mode_t(0o600))
      if unnamed >= 0 {
        descriptor = unnamed
        name = nil
        return
      }
    #endif
    (descriptor, name) = try Self.named(in: folder, for: baseName, path: path)
  }

  /// Gives the file its target's name, replacing the target atomically.
  mutating func rename(to target: String, path: String) throws(PropertyListError) {
    if name == nil { try link(path: path) }
    guard let name, renameFile(name, target) == 0 else {
      throw PropertyListFile.ioError("cannot replace", path: path)
    }
    self.name = nil
    close(descriptor)
  }

  /// Closes the file and removes its name, if it has one.
  func discard() {
    close(descriptor)
    if let name { unlink(name) }
  }

  /// Links the unnamed file into the folder under a fresh temporary name (through its
  /// `/proc/self/fd` entry: linking a descriptor directly needs a privilege). Without `/proc`,
  /// its bytes are copied into a named temporary file instead.
  private mutating func link(path: String) throws(PropertyListError) {
    let source = "/proc/self/fd/\(descriptor)"
    for _ in 0..<100 {
      let candidate = Self.candidateName(in: folder, for: baseName)
      if linkat(AT_FDCWD, source, AT_FDCWD, candidate, AT_SYMLINK_FOLLOW) == 0 {
        name = candidate
        return
      }
      if errno != EEXIST { break }
    }
    let (copy, copyName) = try Self.named(in: folder, for: baseName, path: path)
    var copied = false
    defer {
      if !copied {
        close(copy)
        unlink(copyName)
      }
    }
    try Self.copyContents(of: descriptor, to: copy, path: path)
    try FileMetadata(descriptor: descriptor)?.apply(to: copy, path: path)
    guard fsync(copy) == 0 else { throw PropertyListFile.ioError("cannot flush", path: path) }
    close(descriptor)
    copied = true
    // The copy stands in for the unnamed file from here on.
    self = TemporaryFile(descriptor: copy, name: copyName, folder: folder, baseName: baseName)
  }

  private init(descriptor: Int32, name: String?, folder: String, baseName: String) {
    self.descriptor = descriptor
    self.name = name
    self.folder = folder
    self.baseName = baseName
  }

  private static func copyContents(of source: Int32, to destination: Int32, path: String) throws(PropertyListError) {
    let from = SystemFile(descriptor: source)
    let to = SystemFile(descriptor: destination)
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var offset = 0
    while true {
      let count = buffer.withUnsafeMutableBytes { from.readSome(into: $0, at: offset) }
      if count < 0 { throw PropertyListFile.ioError("cannot copy the temporary file for", path: path) }
      if count == 0 { return }
      guard buffer.withUnsafeBytes({ to.writeAll(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }) else {
        throw PropertyListFile.ioError("cannot write", path: path)
      }
      offset += count
    }
  }

  private static func named(
    in folder: String, for baseName: String, path: String
  ) throws(PropertyListError) -> (
    Int32, String
  ) {
    var template = Array((folder + "/." + baseName + ".plistkit-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw PropertyListError(
        .io, "cannot write: cannot create a temporary file in \(folder): \(String(cString: strerror(errno)))",
        file: path)
    }
    let name = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return (descriptor, name)
  }

  private static func candidateName(in folder: String, for baseName: String) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    let suffix = String((0..<6).map { _ in letters.randomElement()! })
    return folder + "/." + baseName + ".plistkit-" + suffix
  }

  #if os(Linux)
    /// `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Swift does not import from the C
    /// headers; the value of the architectures Swift runs on.
    private static let unnamedFileFlag: Int32 = 0o20_000_000 | O_DIRECTORY
  #endif
}

/// `rename` under another name: inside ``TemporaryFile`` the name is its own method's.
private func renameFile(_ old: String, _ new: String) -> Int32 { rename(old, new) }
