#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes an encoding writes, in chunks of memory mapped for it: a chunk never moves, so a
/// byte written stays where it is (the binary writer compares shared objects in place), and the
/// chunks are unmapped one by one as ``bytes()`` copies them out, so the output is in memory about
/// once rather than twice while a growing array copies itself.
struct EncodingOutput: ~Copyable {
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

  init() {
    size = Self.chunkSize
    start = Self.map(size)
  }

  deinit {
    for chunk in chunks { munmap(chunk.start, chunk.size) }
    munmap(start, size)
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

  /// Takes back the last `count` bytes of the current chunk (an object written twice).
  @inline(__always)
  mutating func retract(_ count: Int) { used -= count }

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
    memcpy(reserve(bytes.count), base, bytes.count)
    used += bytes.count
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

  /// The low `size` bytes of `value`, most significant first.
  @inline(__always)
  mutating func appendBigEndian(_ value: UInt64, size: Int) {
    Self.writeBigEndian(value, size: size, at: reserve(8))
    used += size
  }

  /// Writes the low `size` bytes of `value` at `place`, most significant first.
  @inline(__always)
  static func writeBigEndian(_ value: UInt64, size: Int, at place: UnsafeMutablePointer<UInt8>) {
    var shift = 8 * (size - 1)
    var index = 0
    while shift >= 0 {
      place[index] = UInt8(truncatingIfNeeded: value >> UInt64(shift))
      shift -= 8
      index += 1
    }
  }

  /// Everything written, as one array; the chunks are given back as they are copied.
  consuming func bytes() -> [UInt8] {
    let total = count
    let result = [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
      var offset = 0
      for chunk in chunks {
        if chunk.used > 0 { memcpy(buffer.baseAddress! + offset, chunk.start, chunk.used) }
        offset += chunk.used
        munmap(chunk.start, chunk.size)
      }
      chunks.removeAll()
      if used > 0 { memcpy(buffer.baseAddress! + offset, start, used) }
      initialized = total
    }
    return result
  }
}
