/// An input read whole into memory: a file, a pipe or standard input, up to a size limit
/// (a smaller one for an input that is not a regular file, whose size is not known up front).
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

  /// Reads everything `file` holds from where it stands, failing past its limit (see
  /// ``PropertyListLimits/inputSizeLimit(isSized:)``): a regular file over it before any of it
  /// is read, anything else (a pipe, a device) as soon as it has given one byte more than the
  /// limit, so that the storage never grows past the limit plus one byte. `name` is the
  /// input's name in messages (a path, or `<stdin>`).
  ///
  /// - Throws: ``PropertyListError`` of kind ``PropertyListError/Kind/limitExceeded`` for an
  ///   input over the limit, or ``PropertyListError/Kind/io`` when reading fails.
  package init(reading file: SystemFile, name: String, limits: PropertyListLimits) throws(PropertyListError) {
    let size = file.regularFileSize
    let limit = limits.inputSizeLimit(isSized: size != nil)
    let overLimit = PropertyListError(
      .limitExceeded,
      size == nil
        ? "\(name) is over the input limit of \(limit) bytes for an input that is not a regular file"
        : "\(name) is over the input limit of \(limit) bytes")
    // One byte past the limit is room enough to see that the input is over it.
    let ceiling = limit == Int.max ? limit : limit + 1
    var initialCapacity = min(64 * 1024, ceiling)
    if let size {
      guard size <= limit else {
        throw PropertyListError(.limitExceeded, "\(name) is \(size) bytes, over the input limit of \(limit)")
      }
      initialCapacity = size + 1
    }
    capacity = max(1, initialCapacity)
    storage = Self.allocate(capacity)
    bytes = UnsafeRawBufferPointer(start: storage, count: 0)
    var count = 0
    while true {
      if count == capacity {
        guard count < ceiling else { throw overLimit }
        let doubled = capacity.multipliedReportingOverflow(by: 2)
        grow(keeping: count, to: doubled.overflow ? ceiling : min(doubled.partialValue, ceiling))
      }
      let got = file.readSome(into: UnsafeMutableRawBufferPointer(start: storage + count, count: capacity - count))
      if got == 0 { break }
      guard got > 0 else { throw PropertyListError(.io, "cannot read: \(SystemFile.lastError)", file: name) }
      count += got
      guard count <= limit else { throw overLimit }
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

  /// Moves the bytes to storage of `newCapacity` bytes, keeping the first `count`.
  private func grow(keeping count: Int, to newCapacity: Int) {
    let larger = Self.allocate(newCapacity)
    larger.copyMemory(from: storage, byteCount: count)
    storage.deallocate()
    storage = larger
    capacity = newCapacity
  }
}
