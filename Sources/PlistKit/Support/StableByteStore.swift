#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Copies of byte sequences that never move once stored, in chunks of memory: for a table that
/// points at bytes whose original place does not last (the binary stream writer hands its
/// output on as it goes, so a shared object's bytes must be kept for later comparisons).
///
/// Nothing is copied twice as the store grows (a new chunk is added, the old ones stay), and a
/// chunk's pages are touched only as they fill.
struct StableByteStore: ~Copyable {
  private static let chunkSize = 1 << 20

  /// Every chunk, the current one last.
  private var chunks: [UnsafeMutableRawPointer] = []
  private var next: UnsafeMutablePointer<UInt8>?
  private var room = 0

  init() {}

  deinit {
    for chunk in chunks { free(chunk) }
  }

  /// A copy of `bytes` that stays where it is while the store lives.
  mutating func store(_ bytes: UnsafeRawBufferPointer) -> UnsafePointer<UInt8> {
    if bytes.count > room { addChunk(holding: bytes.count) }
    let place = next!
    if let base = bytes.baseAddress { place.update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count) }
    next = place + bytes.count
    room -= bytes.count
    return UnsafePointer(place)
  }

  private mutating func addChunk(holding count: Int) {
    let size = Swift.max(Self.chunkSize, count)
    guard let chunk = malloc(size) else { fatalError("out of memory for \(size) bytes of shared objects") }
    chunks.append(chunk)
    next = chunk.bindMemory(to: UInt8.self, capacity: size)
    room = size
  }
}
