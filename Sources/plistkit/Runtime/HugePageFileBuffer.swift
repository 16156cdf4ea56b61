#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A large regular file read whole into storage aligned to 2 MB and offered to Linux for huge
/// pages, for a command that only looks at the bytes (`filter` on a binary list of names, a
/// binary file converted while reading).
///
/// The kernel maps a fresh buffer one page fault per 4 KB page as the read fills it; for a
/// file of megabytes those faults cost more than the copy. An array's storage cannot be
/// aligned, so only part of it gets huge pages; this buffer gets them all.
///
/// Anything unusual (not a regular file, smaller than two huge pages, over `limit`, not
/// starting with the expected bytes, a read error, a size that changed while reading) gives
/// nil: the caller then reads the file the usual way, which reports any error in the usual
/// words.
final class HugePageFileBuffer {
  /// The file's bytes; valid while the buffer lives.
  let bytes: UnsafeRawBufferPointer
  private let storage: UnsafeMutableRawPointer

  private static let hugePage = 2 << 20

  /// Reads the regular file at `path` if it starts with `prefix` and is at least two huge
  /// pages and at most `limit` bytes long.
  convenience init?(path: String, startingWith prefix: [UInt8], limit: Int) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    let size = Int(status.st_size)
    guard size >= 2 * Self.hugePage, size <= limit else { return nil }
    // A file of another kind is not read twice (the caller reads it again the usual way).
    var start = [UInt8](repeating: 0, count: prefix.count)
    guard pread(descriptor, &start, prefix.count, 0) == prefix.count, start == prefix else { return nil }
    self.init(descriptor: descriptor, size: size)
  }

  /// Reads the `size` bytes of the regular file open as `descriptor`, from its start; huge
  /// pages are asked for only when the file spans two of them.
  init?(descriptor: Int32, size: Int) {
    let large = size >= 2 * Self.hugePage
    let alignment = large ? Self.hugePage : 16
    // One byte more than the file, so that reaching it shows a file that grew.
    let capacity = (size + 1 + alignment - 1) / alignment * alignment
    let storage = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: alignment)
    #if canImport(Glibc)
      if large { _ = madvise(storage, capacity, MADV_HUGEPAGE) }
    #endif
    var count = 0
    while count <= size {
      let got = pread(descriptor, storage + count, size + 1 - count, off_t(count))
      if got == 0 { break }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else {
        storage.deallocate()
        return nil
      }
      count += got
    }
    guard count == size else {
      storage.deallocate()
      return nil
    }
    self.storage = storage
    bytes = UnsafeRawBufferPointer(start: storage, count: size)
  }

  deinit { storage.deallocate() }
}
