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
  public static func read(
    path: String, limit: Int = PropertyListLimits.default.maximumInputSize
  )
    throws(PropertyListError) -> [UInt8]
  {
    try InputBuffer(reading: PropertyListInput.file(path), limit: limit).array
  }

  /// Reads everything from an open file descriptor (a file, a pipe or a terminal).
  public static func readAll(
    descriptor: Int32, name: String, limit: Int = PropertyListLimits.default.maximumInputSize
  )
    throws(PropertyListError) -> [UInt8]
  {
    try InputBuffer(reading: SystemFile(descriptor: descriptor), name: name, limit: limit).array
  }

  /// Writes `bytes` to `path` atomically: into a temporary file in the same folder, flushed to
  /// disk, then renamed over the target. A reader sees either the old file or the whole new
  /// one, never a mix, even if the process is killed. An existing file keeps its permissions;
  /// a symbolic link is followed and its target replaced.
  public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(PropertyListError) {
    _ = try writeAtomically(to: path) { (write) throws(PropertyListError) in
      try bytes.withRawBytes { (buffer) throws(PropertyListError) in try write(buffer) }
      return true
    }
  }

  /// Writes what `produce` hands to its `write` function to `path` atomically, as
  /// ``writeAtomically(_:to:)`` does, for output made in pieces that are never all in memory.
  /// When `produce` throws or returns false, the target is left untouched and nothing is kept.
  ///
  /// - Returns: what `produce` returned.
  public static func writeAtomically(
    to path: String,
    _ produce: (_ write: @escaping (UnsafeRawBufferPointer) throws(PropertyListError) -> Void) throws(PropertyListError)
      -> Bool
  ) throws(PropertyListError) -> Bool {
    let target = resolvedTarget(of: path)
    let folder = directory(of: target)
    var existing = stat()
    let targetExists = stat(target, &existing) == 0
    if targetExists, (existing.st_mode & S_IFMT) == S_IFDIR {
      throw PropertyListError(.io, "cannot write \(path): it is a directory")
    }
    if targetExists, access(target, W_OK) != 0 {
      throw PropertyListError(.io, "cannot write \(path): permission denied")
    }

    var template = Array((folder + "/." + baseName(of: target) + ".plistkit-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw PropertyListError(
        .io, "cannot write \(path): cannot create a temporary file in \(folder): \(String(cString: strerror(errno)))")
    }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var committed = false
    defer {
      if !committed { unlink(temporary) }
    }
    do {
      defer { close(descriptor) }
      let file = SystemFile(descriptor: descriptor)
      let write = { (buffer: UnsafeRawBufferPointer) throws(PropertyListError) in
        guard file.writeAll(buffer) else { throw ioError("cannot write", path: path) }
      }
      guard try produce(write) else { return false }
      let mode: mode_t
      if targetExists {
        mode = existing.st_mode & 0o7777
      } else {
        let mask = umask(0)
        umask(mask)
        mode = 0o666 & ~mask
      }
      guard fchmod(descriptor, mode) == 0 else { throw ioError("cannot set permissions of", path: path) }
      guard fsync(descriptor) == 0 else { throw ioError("cannot flush", path: path) }
    }
    guard rename(temporary, target) == 0 else { throw ioError("cannot replace", path: path) }
    committed = true
    // Make the rename itself durable.
    let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folderDescriptor >= 0 {
      fsync(folderDescriptor)
      close(folderDescriptor)
    }
    return true
  }

  private static func resolvedTarget(of path: String) -> String {
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

  private static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private static func baseName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  private static func ioError(_ action: String, path: String) -> PropertyListError {
    let reason = String(cString: strerror(errno))
    return PropertyListError(.io, "\(action) \(path): \(reason)")
  }
}
