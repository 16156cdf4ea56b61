#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Memory for buffers of plain values (no references to retain) that grow by doubling, without
/// being in memory twice while they grow. Package API: the Codable coders keep their nodes and
/// entries in such buffers too.
///
/// A small buffer comes from `malloc`. A buffer of a megabyte or more is, where the system can
/// move pages, a mapping of its own (``MappedMemory``), which moves without copying as it grows:
/// `realloc` does not promise that, because `malloc` serves blocks of up to 32 MB from its heap
/// once a large block has been freed, and then copies them at each growth, touching every page
/// of the new block (a quarter of the time of a large conversion went to those faults). Each
/// buffer starts with a 16-byte header that says which it is: the size of its mapping, or 0
/// and the bytes asked for.
package enum PlainMemory {
  /// Room for `capacity` values, uninitialized.
  package static func allocate<Element: BitwiseCopyable>(
    _: Element.Type, capacity: Int
  ) -> UnsafeMutablePointer<Element> {
    let size = byteCount(capacity, of: Element.self)
    let block = MappedMemory.isAvailable && size >= mappingThreshold ? mapped(size) : heapBlock(size, moving: nil)
    return block.bindMemory(to: Element.self, capacity: capacity)
  }

  /// The buffer at `pointer`, with room for `capacity` values and its values kept.
  package static func reallocate<Element: BitwiseCopyable>(
    _ pointer: UnsafeMutablePointer<Element>, capacity: Int
  ) -> UnsafeMutablePointer<Element> {
    let block = UnsafeMutableRawPointer(pointer)
    let size = byteCount(capacity, of: Element.self)
    let mapping = mappingSize(of: block)
    let moved: UnsafeMutableRawPointer
    if mapping > 0 {
      let length = MappedMemory.length(holding: headerSize + size)
      moved = length == mapping ? block : withHeader(MappedMemory.move(block - headerSize, from: mapping, to: length))
    } else if MappedMemory.isAvailable && size >= mappingThreshold {
      // A heap block that grows past the threshold is copied once, into a mapping of its own.
      moved = mapped(size)
      moved.copyMemory(from: block, byteCount: Swift.min(size, heapSize(of: block)))
      free(block - headerSize)
    } else {
      moved = heapBlock(size, moving: block)
    }
    return moved.bindMemory(to: Element.self, capacity: capacity)
  }

  /// Gives the buffer at `pointer` back.
  package static func release<Element: BitwiseCopyable>(_ pointer: UnsafeMutablePointer<Element>) {
    let block = UnsafeMutableRawPointer(pointer)
    let mapping = mappingSize(of: block)
    if mapping > 0 {
      MappedMemory.unmap(block - headerSize, length: mapping)
    } else {
      free(block - headerSize)
    }
  }

  private static let headerSize = 16
  /// The size from which a buffer is a mapping of its own.
  private static let mappingThreshold = 1 << 20

  private static func byteCount<Element>(_ capacity: Int, of _: Element.Type) -> Int {
    let (size, overflow) = capacity.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
    guard !overflow, size < Int.max / 2 else { fatalError("a buffer of \(capacity) values of \(Element.self)") }
    return size
  }

  private static func mappingSize(of block: UnsafeMutableRawPointer) -> Int {
    (block - headerSize).load(as: Int.self)
  }

  private static func heapSize(of block: UnsafeMutableRawPointer) -> Int {
    (block - headerSize).load(fromByteOffset: MemoryLayout<Int>.size, as: Int.self)
  }

  /// A new mapping for `size` bytes, its header written.
  private static func mapped(_ size: Int) -> UnsafeMutableRawPointer {
    withHeader(MappedMemory.map(length: MappedMemory.length(holding: headerSize + size)))
  }

  /// The block after the header of a mapping of `length` bytes at `base`, its header written.
  private static func withHeader(_ mapping: (base: UnsafeMutableRawPointer, length: Int)) -> UnsafeMutableRawPointer {
    mapping.base.storeBytes(of: mapping.length, as: Int.self)
    return mapping.base + headerSize
  }

  /// A heap block for `size` bytes: new, or `block` moved by `realloc`.
  private static func heapBlock(_ size: Int, moving block: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer {
    guard let base = realloc(block.map { $0 - headerSize }, headerSize + size) else {
      fatalError("out of memory for a buffer of \(size) bytes")
    }
    base.storeBytes(of: 0, as: Int.self)
    base.storeBytes(of: size, toByteOffset: MemoryLayout<Int>.size, as: Int.self)
    return base + headerSize
  }
}
