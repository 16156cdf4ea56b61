#if os(Linux)
  import CSystemCalls
  import Glibc
#endif

/// Anonymous mappings that move without copying their pages (`mremap`), for the large buffers
/// of ``PlainMemory``: available on Linux only; elsewhere every buffer is a heap block.
enum MappedMemory {
  /// True where mappings can move.
  static var isAvailable: Bool {
    #if os(Linux)
      true
    #else
      false
    #endif
  }

  /// The length of a mapping that holds `size` bytes: whole pages.
  static func length(holding size: Int) -> Int { (size + 4095) & ~4095 }

  /// A new mapping of `length` bytes.
  static func map(length: Int) -> (base: UnsafeMutableRawPointer, length: Int) {
    #if os(Linux)
      guard let base = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
        base != MAP_FAILED
      else { outOfMemory(length) }
      adviseLargePages(base, length: length)
      return (base, length)
    #else
      preconditionFailure("no movable mappings here")
    #endif
  }

  /// The mapping at `base` grown (or shrunk) to `length` bytes, its contents kept: its pages
  /// move, they are not copied.
  static func move(
    _ base: UnsafeMutableRawPointer, from oldLength: Int, to length: Int
  ) -> (base: UnsafeMutableRawPointer, length: Int) {
    #if os(Linux)
      guard let moved = plistkit_mremap_maymove(base, oldLength, length), moved != MAP_FAILED else {
        outOfMemory(length)
      }
      adviseLargePages(moved, length: length)
      return (moved, length)
    #else
      preconditionFailure("no movable mappings here")
    #endif
  }

  /// Gives the mapping at `base` back.
  static func unmap(_ base: UnsafeMutableRawPointer, length: Int) {
    #if os(Linux)
      munmap(base, length)
    #endif
  }

  private static func outOfMemory(_ length: Int) -> Never {
    fatalError("out of memory for a mapping of \(length) bytes")
  }

  /// Asks the kernel to back a mapping with large pages: the tables of a large conversion are
  /// filled at random places, and with 4 KB pages each of their thousands of pages costs a
  /// fault when first touched. The advice covers the whole mapping, which so stays one region
  /// that `mremap` can move (advice on part of it would split it, and `mremap` refuses a range
  /// over two regions). Only advice: where the system has no transparent large pages, nothing
  /// changes.
  private static func adviseLargePages(_ base: UnsafeMutableRawPointer, length: Int) {
    #if os(Linux)
      _ = madvise(base, length, MADV_HUGEPAGE)
    #endif
  }
}
