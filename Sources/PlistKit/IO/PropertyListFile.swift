#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading files whole and writing them atomically, so that a failed or interrupted write
/// never leaves a truncated file behind. To read or write a property list's value, see
/// ``PropertyList/read(path:format:options:)`` and ``PropertyList/write(to:as:options:)``.
public enum PropertyListFile {
  /// Reads a whole file. The path `-` is not special here (the CLI maps it to stdin).
  ///
  /// - Parameter path: the file to read.
  /// - Parameter limit: the most bytes to read; nil reads within the default limits: a regular
  ///   file up to ``PropertyListLimits/maximumInputSize``, anything else (a FIFO, a device) up
  ///   to ``PropertyListLimits/maximumUnsizedInputSize``.
  public static func read(path: String, limit: Int? = nil) throws(PropertyListError) -> [UInt8] {
    try InputBuffer(reading: PropertyListInput.file(path), limits: limits(limit)).array
  }

  /// Reads everything from an open file descriptor (a file, a pipe or a terminal), within
  /// `limit` bytes or, when it is nil, the default limits (see ``read(path:limit:)``).
  public static func readAll(descriptor: Int32, name: String, limit: Int? = nil) throws(PropertyListError) -> [UInt8] {
    try InputBuffer(reading: SystemFile(descriptor: descriptor), name: name, limits: limits(limit)).array
  }

  /// The default limits, or `limit` for every kind of input.
  private static func limits(_ limit: Int?) -> PropertyListLimits {
    guard let limit else { return .default }
    return PropertyListLimits(maximumInputSize: limit, maximumUnsizedInputSize: limit)
  }

  /// Writes `bytes` to `path` atomically: into a temporary file in the same folder, flushed to
  /// disk, then renamed over the target. A reader sees either the old file or the whole new
  /// one, never a mix, even if the process is killed. An existing file's replacement keeps its
  /// owner and group (where the process may set them: as root, or its own), its mode bits
  /// (set-ID bits included) and its extended attributes (`user.*`, the access ACL); a symbolic
  /// link is followed and its target replaced.
  ///
  /// Only a regular file is replaced. A target that exists and is something else (a FIFO, a
  /// character or block device, a socket) is opened and written into, as a shell redirection
  /// would; `/dev/stdout`, `/dev/stderr` and `/dev/fd/N` write to the process's own descriptor.
  /// Such a write cannot be atomic: what was written before a failure stays written.
  ///
  /// On Linux the temporary file is made unnamed (`O_TMPFILE`) and given a name only once it
  /// is complete, just before the rename, so a killed process leaves no temporary file behind
  /// except in the moment between those two calls. Where the folder's file system cannot make
  /// unnamed files, or `/proc` is missing, a named temporary `.NAME.plistkit-XXXXXX` is used
  /// instead, and a kill while writing leaves it behind.
  ///
  /// The new file is a new inode: other hard links to the old file keep the old content (see
  /// ``otherHardLinks(of:)``).
  public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(PropertyListError) {
    _ = try writeAtomically(to: path) { (write) throws(PropertyListError) in
      try bytes.withRawBytes { (buffer) throws(PropertyListError) in try write(buffer) }
      return true
    }
  }

  /// Writes what `produce` hands to its `write` function to `path` atomically, as
  /// ``writeAtomically(_:to:)`` does, for output made in pieces that are never all in memory.
  /// When `produce` throws or returns false, the target is left untouched and nothing is kept
  /// (a FIFO or device target keeps what was already written into it).
  ///
  /// - Returns: what `produce` returned.
  public static func writeAtomically(
    to path: String,
    _ produce: (_ write: @escaping (UnsafeRawBufferPointer) throws(PropertyListError) -> Void) throws(PropertyListError)
      -> Bool
  ) throws(PropertyListError) -> Bool {
    switch try OutputTarget(path) {
    case .descriptor(let descriptor):
      return try writeDirectly(to: SystemFile(descriptor: descriptor), path: path, produce)
    case .special(let target):
      let descriptor = open(target, O_WRONLY | O_CLOEXEC | O_NOCTTY)
      guard descriptor >= 0 else { throw ioError("cannot open", path: path) }
      defer { close(descriptor) }
      return try writeDirectly(to: SystemFile(descriptor: descriptor), path: path, produce)
    case .regular(let target, let existing):
      return try replace(target, existing: existing, path: path, produce)
    }
  }

  /// True when writing `path` replaces a regular file or makes a new one, so that a write that
  /// gives up leaves nothing behind (a FIFO, a device or a descriptor keeps what it was given).
  package static func isReplacedWhole(_ path: String) -> Bool {
    guard case .regular? = try? OutputTarget(path) else { return false }
    return true
  }

  /// The number of other hard links to the regular file at `path` (a symbolic link followed):
  /// names that an atomic write does not update, because it makes a new file. 0 when the file
  /// has one name, does not exist or is not a regular file.
  public static func otherHardLinks(of path: String) -> Int {
    var status = stat()
    guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return 0 }
    return max(0, Int(status.st_nlink) - 1)
  }

  private static func writeDirectly(
    to file: SystemFile, path: String,
    _ produce: (_ write: @escaping (UnsafeRawBufferPointer) throws(PropertyListError) -> Void) throws(PropertyListError)
      -> Bool
  ) throws(PropertyListError) -> Bool {
    try produce { (buffer) throws(PropertyListError) in
      guard file.writeAll(buffer) else { throw ioError("cannot write", path: path) }
    }
  }

  private static func replace(
    _ target: String, existing: stat?, path: String,
    _ produce: (_ write: @escaping (UnsafeRawBufferPointer) throws(PropertyListError) -> Void) throws(PropertyListError)
      -> Bool
  ) throws(PropertyListError) -> Bool {
    if existing != nil, access(target, W_OK) != 0 {
      throw PropertyListError(.io, "cannot write: permission denied", file: path)
    }
    let folder = directory(of: target)
    var temporary = try TemporaryFile(in: folder, for: baseName(of: target), path: path)
    var committed = false
    defer {
      if !committed { temporary.discard() }
    }
    let file = SystemFile(descriptor: temporary.descriptor)
    let write = { (buffer: UnsafeRawBufferPointer) throws(PropertyListError) in
      guard file.writeAll(buffer) else { throw ioError("cannot write", path: path) }
    }
    guard try produce(write) else { return false }
    // Read now, not before the output was made, so that what a change made meanwhile is kept.
    if existing != nil, let metadata = FileMetadata(path: target) {
      try metadata.apply(to: temporary.descriptor, path: path)
    } else {
      let mask = umask(0)
      umask(mask)
      guard fchmod(temporary.descriptor, 0o666 & ~mask) == 0 else {
        throw ioError("cannot set permissions of", path: path)
      }
    }
    guard fsync(temporary.descriptor) == 0 else { throw ioError("cannot flush", path: path) }
    try temporary.rename(to: target, path: path)
    committed = true
    // Make the rename itself durable.
    let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folderDescriptor >= 0 {
      fsync(folderDescriptor)
      close(folderDescriptor)
    }
    return true
  }

  static func resolvedTarget(of path: String) -> String {
    var current = path
    for _ in 0..<40 {
      var buffer = [CChar](repeating: 0, count: 4096)
      let length = readlink(current, &buffer, buffer.count - 1)
      guard length > 0 else { return current }
      let link = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = link.hasPrefix("/") ? link : directory(of: current) + "/" + link
    }
    return current
  }

  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  static func baseName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// The error of a failed call on `path`: `ACTION: reason` (from `errno`), the path in its
  /// ``PropertyListError/file`` rather than its message.
  static func ioError(_ action: String, path: String) -> PropertyListError {
    let reason = String(cString: strerror(errno))
    return PropertyListError(.io, "\(action): \(reason)", file: path)
  }
}
