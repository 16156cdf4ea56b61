/// An input read whole into memory: a file, a pipe or standard input, up to a size limit.
///
/// A regular file is read into storage of its size (plus one byte, to notice a file that grows
/// while it is read); a large one into storage aligned to huge pages and offered to the system
/// for them (see ``SystemFile/adviseHugePages(_:count:)``), which an array's storage cannot be.
/// Anything else grows as it is read. The bytes are never zeroed first: for megabytes that
/// would cost about as much as reading them.
package final class InputBuffer {
  /// The input's bytes, valid while the buffer lives (see ``withBytes(_:)``).
  private var bytes: UnsafeRawBufferPointer
  private var storage: UnsafeMutableRawPointer
  private var capacity: Int

  /// Reads everything `file` holds from where it stands, failing past `limit` bytes. `name`
  /// is the input's name in messages (a path, or `<stdin>`).
  ///
  /// - Throws: ``PropertyListError`` of kind ``PropertyListError/Kind/limitExceeded`` for an
  ///   input over the limit (a regular file before any of it is read), or
  ///   ``PropertyListError/Kind/io`` when reading fails.
  package init(reading file: SystemFile, name: String, limit: Int) throws(PropertyListError) {
    var initialCapacity = 64 * 1024
    if let size = file.regularFileSize {
      guard size <= limit else {
        throw PropertyListError(.limitExceeded, "\(name) is \(size) bytes, over the input limit of \(limit)")
      }
      initialCapacity = size + 1
    }
    capacity = initialCapacity
    storage = Self.allocate(capacity)
    bytes = UnsafeRawBufferPointer(start: storage, count: 0)
    var count = 0
    while true {
      if count == capacity {
        guard count <= limit else {
          throw PropertyListError(.limitExceeded, "\(name) is over the input limit of \(limit) bytes")
        }
        grow(keeping: count)
      }
      let got = file.readSome(into: UnsafeMutableRawBufferPointer(start: storage + count, count: capacity - count))
      if got == 0 { break }
      guard got > 0 else { throw PropertyListError(.io, "cannot read \(name): \(SystemFile.lastError)") }
      count += got
    }
    guard count <= limit else {
      throw PropertyListError(.limitExceeded, "\(name) is over the input limit of \(limit) bytes")
    }
    bytes = UnsafeRawBufferPointer(start: storage, count: count)
  }

  deinit { storage.deallocate() }

  /// Calls `body` with the bytes, which stay valid until it returns.
  package func withBytes<Result, Failure: Error>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    defer { withExtendedLifetime(self) {} }
    return try body(bytes)
  }

  /// The bytes as an array (a copy).
  package var array: [UInt8] { Array(bytes) }

  /// Storage for `capacity` bytes: aligned to huge pages, and offered to the system for them,
  /// when it spans two of them.
  private static func allocate(_ capacity: Int) -> UnsafeMutableRawPointer {
    let hugePage = SystemFile.hugePageSize
    guard capacity >= 2 * hugePage else { return .allocate(byteCount: capacity, alignment: 16) }
    let storage = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: hugePage)
    SystemFile.adviseHugePages(storage, count: capacity / hugePage * hugePage)
    return storage
  }

  /// Doubles the storage, keeping its first `count` bytes.
  private func grow(keeping count: Int) {
    let larger = Self.allocate(capacity * 2)
    larger.copyMemory(from: storage, byteCount: count)
    storage.deallocate()
    storage = larger
    capacity *= 2
  }
}
