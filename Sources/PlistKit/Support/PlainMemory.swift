#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Memory for buffers of plain values (no references to retain), from `malloc`: it grows with
/// `realloc`, which moves a large block by remapping its pages instead of copying them, so a
/// buffer that doubles is not in memory twice while it grows. Package API: the Codable coders
/// keep their nodes and entries in such buffers too.
package enum PlainMemory {
  /// Room for `capacity` values, uninitialized.
  package static func allocate<Element: BitwiseCopyable>(
    _: Element.Type, capacity: Int
  ) -> UnsafeMutablePointer<Element> {
    guard let memory = malloc(capacity * MemoryLayout<Element>.stride) else {
      fatalError("out of memory for \(capacity) values of \(Element.self)")
    }
    return memory.bindMemory(to: Element.self, capacity: capacity)
  }

  /// The buffer at `pointer`, with room for `capacity` values and its values kept.
  package static func reallocate<Element: BitwiseCopyable>(
    _ pointer: UnsafeMutablePointer<Element>, capacity: Int
  ) -> UnsafeMutablePointer<Element> {
    guard let memory = realloc(pointer, capacity * MemoryLayout<Element>.stride) else {
      fatalError("out of memory for \(capacity) values of \(Element.self)")
    }
    return memory.bindMemory(to: Element.self, capacity: capacity)
  }

  /// Gives the buffer at `pointer` back.
  package static func release<Element: BitwiseCopyable>(_ pointer: UnsafeMutablePointer<Element>) {
    free(pointer)
  }
}
