#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes a value writer writes, in chunks of memory: a chunk never moves, so a byte written
/// stays where it is (the binary writer compares shared objects in place).
///
/// The first chunk is the storage of the array the writer returns (see
/// ``collect(estimate:_:)``), so that the bytes are written once, where they end up; chunks
/// after it are mapped for the output, and unmapped one by one as they are copied out, so the
/// output is in memory about once rather than twice while a growing array copies itself.
struct ChunkedOutput: ~Copyable {
  private static let chunkSize = 1 << 20

  /// The full chunks, in order, with the bytes each holds.
  private var chunks: [(start: UnsafeMutableRawPointer, size: Int, used: Int)] = []
  /// The chunk being written.
  private var start: UnsafeMutablePointer<UInt8>
  private var size: Int
  /// Bytes written to the current chunk.
  private(set) var used = 0
  /// Bytes in the full chunks.
  private var before = 0
  /// The first chunk, an array's storage, which is not the output's to unmap.
  private let borrowed: UnsafeMutablePointer<UInt8>

  /// An output whose first chunk is `buffer` (an array's storage being filled).
  init(into buffer: UnsafeMutableBufferPointer<UInt8>) {
    size = buffer.count
    start = buffer.baseAddress!
    borrowed = start
  }

  deinit {
    for chunk in chunks where chunk.start != UnsafeMutableRawPointer(borrowed) { munmap(chunk.start, chunk.size) }
    if start != borrowed { munmap(start, size) }
  }

  private static func map(_ size: Int) -> UnsafeMutablePointer<UInt8> {
    guard let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
      memory != MAP_FAILED
    else { fatalError("out of memory for \(size) bytes of output") }
    return memory.assumingMemoryBound(to: UInt8.self)
  }

  /// The bytes written so far.
  var count: Int { before + used }

  /// Room for `count` more bytes in one piece: where to write them (then ``advance(_:)``).
  @inline(__always)
  mutating func reserve(_ count: Int) -> UnsafeMutablePointer<UInt8> {
    if size - used < count { startChunk(holding: count) }
    return start + used
  }

  /// Counts `count` bytes written at the place ``reserve(_:)`` gave.
  @inline(__always)
  mutating func advance(_ count: Int) { used += count }

  private mutating func startChunk(holding count: Int) {
    chunks.append((UnsafeMutableRawPointer(start), size, used))
    before += used
    size = Swift.max(Self.chunkSize, (count + 4095) & ~4095)
    start = Self.map(size)
    used = 0
  }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    reserve(1).pointee = byte
    used += 1
  }

  @inline(__always)
  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return }
    let count = bytes.count
    // Most of what is written is a tag, a key or a short value: copied here by two loads and
    // two stores that overlap as needed, cheaper than a call to `memcpy`.
    if count <= 16 {
      let place = UnsafeMutableRawPointer(reserve(16))
      if count >= 8 {
        let head = base.loadUnaligned(as: UInt64.self)
        let tail = base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        place.storeBytes(of: head, as: UInt64.self)
        place.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
      } else if count >= 4 {
        let head = base.loadUnaligned(as: UInt32.self)
        let tail = base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        place.storeBytes(of: head, as: UInt32.self)
        place.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
      } else {
        for index in 0..<count {
          place.storeBytes(of: base.load(fromByteOffset: index, as: UInt8.self), toByteOffset: index, as: UInt8.self)
        }
      }
      used += count
      return
    }
    memcpy(reserve(count), base, count)
    used += count
  }

  @inline(__always)
  mutating func append(_ literal: StaticString) {
    append(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  @inline(__always)
  mutating func append(_ bytes: [UInt8]) { bytes.withUnsafeBytes { append($0) } }

  /// `count` copies of `byte`.
  @inline(__always)
  mutating func append(repeating byte: UInt8, count: Int) {
    guard count > 0 else { return }
    memset(reserve(count), Int32(byte), count)
    used += count
  }

  /// `count` tabs: an indentation is a few bytes, written eight at a time (the bytes past
  /// `count` are room not yet used) rather than by a call to `memset`.
  @inline(__always)
  mutating func appendTabs(_ count: Int) {
    let place = UnsafeMutableRawPointer(reserve((count + 7) & ~7))
    var offset = 0
    while offset < count {
      place.storeBytes(of: 0x0909_0909_0909_0909 as UInt64, toByteOffset: offset, as: UInt64.self)
      offset += 8
    }
    used += count
  }

  /// The low `size` bytes of `value`, most significant first.
  @inline(__always)
  mutating func appendBigEndian(_ value: UInt64, size: Int) {
    Self.writeBigEndian(value, size: size, at: reserve(8))
    used += size
  }

  /// Writes the low `size` bytes (1…8) of `value` at `place`, most significant first, as one
  /// store of eight bytes: `place` must have room for eight, of which those after the first
  /// `size` are left to be written over.
  @inline(__always)
  static func writeBigEndian(_ value: UInt64, size: Int, at place: UnsafeMutablePointer<UInt8>) {
    let word = (value &<< UInt64(64 - 8 * size)).bigEndian
    UnsafeMutableRawPointer(place).storeBytes(of: word, as: UInt64.self)
  }

  /// The bytes `write` writes (with the output it is given, which it gives back, or nil when
  /// it cannot write), made straight in the storage of the array returned while they fit in
  /// `estimate` bytes: the array's capacity, which costs no memory where nothing is written.
  /// When they do not fit, the rest goes to chunks of its own, and all is copied to a new array.
  static func collect(
    estimate: Int, _ write: (consuming ChunkedOutput) -> ChunkedOutput?
  ) -> [UInt8]? {
    var written = false
    var whole: [UInt8]?
    let result = [UInt8](unsafeUninitializedCapacity: Swift.max(estimate, 4096)) { buffer, count in
      count = 0
      switch write(ChunkedOutput(into: buffer)) {
      case .some(let output):
        written = true
        if output.isInBorrowedChunk {
          count = output.used
        } else {
          whole = output.bytes()
        }
      case .none:
        break
      }
    }
    guard written else { return nil }
    return whole ?? result
  }

  /// True while everything written is in the borrowed first chunk.
  private var isInBorrowedChunk: Bool { start == borrowed }

  /// Everything written, as one array; the chunks are given back as they are copied.
  consuming func bytes() -> [UInt8] {
    let total = count
    let result = [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
      var offset = 0
      for chunk in chunks {
        if chunk.used > 0 { memcpy(buffer.baseAddress! + offset, chunk.start, chunk.used) }
        offset += chunk.used
        if chunk.start != UnsafeMutableRawPointer(borrowed) { munmap(chunk.start, chunk.size) }
      }
      chunks.removeAll()
      if used > 0 { memcpy(buffer.baseAddress! + offset, start, used) }
      initialized = total
    }
    return result
  }
}
