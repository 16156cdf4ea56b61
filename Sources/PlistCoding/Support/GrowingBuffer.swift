/// A growing buffer of plain values in memory from ``PlainMemory``: it grows with `realloc`,
/// so a large buffer that doubles is not in memory twice while it grows (as an array that
/// copies itself is), and it is read and written through a pointer, with no uniqueness check.
struct GrowingBuffer<Element: BitwiseCopyable>: ~Copyable {
  private var base: UnsafeMutablePointer<Element>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int = 256) {
    self.capacity = Swift.max(capacity, 16)
    base = PlainMemory.allocate(Element.self, capacity: self.capacity)
  }

  deinit {
    PlainMemory.release(base)
  }

  @inline(__always)
  subscript(index: Int) -> Element {
    get {
      precondition(index >= 0 && index < count, "an element of the buffer")
      return base[index]
    }
    set {
      precondition(index >= 0 && index < count, "an element of the buffer")
      base[index] = newValue
    }
  }

  @inline(__always)
  mutating func append(_ element: Element) {
    if count == capacity {
      capacity *= 2
      base = PlainMemory.reallocate(base, capacity: capacity)
    }
    (base + count).initialize(to: element)
    count += 1
  }

  /// Removes the elements from `index` on.
  @inline(__always)
  mutating func removeAll(from index: Int) {
    precondition(index >= 0 && index <= count, "a place in the buffer")
    count = index
  }

  /// The elements, for reading in order.
  var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }
}
