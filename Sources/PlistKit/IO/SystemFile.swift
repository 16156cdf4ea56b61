#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system calls the input and output layer makes, in one place: a descriptor opened,
/// measured, read and written, each call retried when a signal interrupts it. The calls are
/// the C library's own, unqualified, so the same code builds with Glibc, Musl and Darwin.
package struct SystemFile {
  /// The open descriptor.
  package let descriptor: Int32

  /// Wraps a descriptor that is already open (the caller closes it).
  package init(descriptor: Int32) { self.descriptor = descriptor }

  /// Opens `path` for reading; nil when it cannot be opened (see ``lastError``).
  package static func openForReading(_ path: String) -> SystemFile? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    return descriptor >= 0 ? SystemFile(descriptor: descriptor) : nil
  }

  /// Closes the descriptor.
  package func close() { _ = closeDescriptor(descriptor) }

  /// The size of a regular file, or nil for anything else (a pipe, a terminal, a device).
  package var regularFileSize: Int? {
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(status.st_size)
  }

  /// Reads up to `buffer.count` bytes where the descriptor stands; the count read, 0 at the
  /// end, -1 on an error.
  package func readSome(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
    while true {
      let count = read(descriptor, base, buffer.count)
      if count < 0 && errno == EINTR { continue }
      return count
    }
  }

  /// Reads up to `buffer.count` bytes at byte `offset`, without moving the descriptor; the
  /// count read, 0 at the end, -1 on an error.
  package func readSome(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
    while true {
      let count = pread(descriptor, base, buffer.count, off_t(offset))
      if count < 0 && errno == EINTR { continue }
      return count
    }
  }

  /// Writes all of `bytes`; false on an error (see ``lastError``).
  package func writeAll(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    var written = 0
    while written < bytes.count {
      let result = write(descriptor, base + written, bytes.count - written)
      if result < 0 {
        if errno == EINTR { continue }
        return false
      }
      written += result
    }
    return true
  }

  /// The system's words for the last failed call (`strerror(errno)`).
  package static var lastError: String { String(cString: strerror(errno)) }

  /// Asks the system to back `count` bytes from `base`, aligned to `hugePageSize`, with huge
  /// pages: a large buffer then takes a few page faults instead of one per 4 KB page, and for a
  /// file of megabytes those faults cost more than reading it. Advice only: where huge pages
  /// are off, or on a system without them, nothing changes.
  package static func adviseHugePages(_ base: UnsafeMutableRawPointer, count: Int) {
    #if canImport(Glibc)
      _ = madvise(base, count, MADV_HUGEPAGE)
    #endif
  }

  /// Huge pages are this large (on x86-64 and most arm64 Linux systems).
  package static let hugePageSize = 2 << 20
}

/// `close` under another name: inside ``SystemFile`` the name is its own method's.
private func closeDescriptor(_ descriptor: Int32) -> Int32 { close(descriptor) }

extension SystemFile {
  /// Moves the descriptor back to the start of the file; false when it cannot (a pipe).
  package func rewind() -> Bool { seekToStart(descriptor) }
}

private func seekToStart(_ descriptor: Int32) -> Bool { lseek(descriptor, 0, SEEK_SET) == 0 }
