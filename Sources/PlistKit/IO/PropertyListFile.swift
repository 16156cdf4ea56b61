#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading files whole and writing them atomically, so that a failed or interrupted write
/// never leaves a truncated file behind.
public enum PropertyListFile {
  /// Reads a whole file. The path `-` is not special here (the CLI maps it to stdin).
  public static func read(
    path: String, limit: Int = PropertyListLimits.default.maximumInputSize
  )
    throws(PropertyListError) -> [UInt8]
  {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw ioError("cannot open", path: path) }
    defer { close(descriptor) }
    return try readAll(descriptor: descriptor, name: path, limit: limit)
  }

  /// Reads everything from an open file descriptor (a file, a pipe or a terminal).
  public static func readAll(
    descriptor: Int32, name: String, limit: Int = PropertyListLimits.default.maximumInputSize
  )
    throws(PropertyListError) -> [UInt8]
  {
    var status = stat()
    var capacity = 64 * 1024
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
      guard Int(status.st_size) <= limit else {
        throw PropertyListError(
          .limitExceeded, "\(name) is \(status.st_size) bytes, over the input limit of \(limit)")
      }
      capacity = Int(status.st_size) + 1
    }
    // The first `capacity` bytes (a regular file's whole content) are read into uninitialized
    // storage: zeroing megabytes first would cost about as much as reading them.
    var count = 0
    var atEnd = false
    var readFailed = false
    var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
      adviseHugePages(buffer)
      while count < buffer.count {
        let got = Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
        if got == 0 {
          atEnd = true
          break
        }
        if got < 0 {
          if errno == EINTR { continue }
          readFailed = true
          break
        }
        count += got
      }
      initialized = count
    }
    if readFailed { throw ioError("cannot read", path: name) }
    while !atEnd {
      if count == bytes.count {
        guard bytes.count <= limit else {
          throw PropertyListError(.limitExceeded, "\(name) is over the input limit of \(limit) bytes")
        }
        bytes.append(contentsOf: repeatElement(0, count: bytes.count))
      }
      let got = bytes.withUnsafeMutableBytes { buffer in
        Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
      }
      if got == 0 { break }
      if got < 0 {
        if errno == EINTR { continue }
        throw ioError("cannot read", path: name)
      }
      count += got
    }
    bytes.removeSubrange(count...)
    guard count <= limit else {
      throw PropertyListError(.limitExceeded, "\(name) is over the input limit of \(limit) bytes")
    }
    return bytes
  }

  /// Asks Linux to back the 2 MB-aligned middle of a large read buffer with huge pages: the
  /// kernel then maps it in a few page faults instead of one per 4 KB page, and for a file of
  /// megabytes those faults cost more than the read itself. Advice only: where huge pages are
  /// off, nothing changes.
  private static func adviseHugePages(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
    #if canImport(Glibc)
      let hugePage = 2 << 20
      guard buffer.count >= 2 * hugePage, let base = buffer.baseAddress else { return }
      let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
      let end = (Int(bitPattern: base) + buffer.count) & ~(hugePage - 1)
      guard end > start else { return }
      _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE)
    #endif
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
    guard descriptor >= 0 else { throw ioError("cannot create a temporary file in \(folder) for", path: path) }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var committed = false
    defer {
      if !committed { unlink(temporary) }
    }
    do {
      defer { close(descriptor) }
      let write = { (buffer: UnsafeRawBufferPointer) throws(PropertyListError) in
        var written = 0
        while written < buffer.count {
          let result = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
          if result < 0 {
            if errno == EINTR { continue }
            throw ioError("cannot write", path: path)
          }
          written += result
        }
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
