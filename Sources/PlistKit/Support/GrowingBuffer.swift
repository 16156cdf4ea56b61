/// A growing buffer of plain values in memory from ``PlainMemory``: it grows with `realloc`,
/// so a large buffer that doubles is not in memory twice while it grows (as an array that
/// copies itself is), and it is read and written through a pointer, with no uniqueness check.
/// The value writers keep their offsets, references and stacks in one.
struct GrowingBuffer<Element: BitwiseCopyable>: ~Copyable {
  private var base: UnsafeMutablePointer<Element>
  private var capacity: Int
  private(set) var count = 0

  /// An empty buffer with room for `capacity` elements (at least 16).
  init(capacity: Int = 256) {
    self.capacity = Swift.max(capacity, 16)
    base = PlainMemory.allocate(Element.self, capacity: self.capacity)
  }

  deinit {
    PlainMemory.release(base)
  }

  /// The element at `index`.
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

  /// Where the element at `index` is, to change it in place; valid until the buffer grows.
  @inline(__always)
  func address(of index: Int) -> UnsafeMutablePointer<Element> {
    precondition(index >= 0 && index < count, "an element of the buffer")
    return base + index
  }

  /// Adds `element` at the end, growing the buffer when it is full.
  @inline(__always)
  mutating func append(_ element: Element) {
    if count == capacity {
      capacity *= 2
      base = PlainMemory.reallocate(base, capacity: capacity)
    }
    (base + count).initialize(to: element)
    count += 1
  }

  /// Adds `elements` at the end, growing the buffer as it needs.
  @inline(__always)
  mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
    guard let source = elements.baseAddress, !elements.isEmpty else { return }
    if count + elements.count > capacity {
      while count + elements.count > capacity { capacity *= 2 }
      base = PlainMemory.reallocate(base, capacity: capacity)
    }
    (base + count).initialize(from: source, count: elements.count)
    count += elements.count
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
