/// What the binary decoder remembers, for each nesting depth (a slot), of the dictionary whose
/// keys were last looked up there, so that decoding many dictionaries of one shape (the records
/// of an array, written with their keys shared) costs little more than reading their values:
///
/// - a **hint**: the dictionary, the pair where the next search starts, and where its key
///   references are, so that the next dictionary with the same key references (byte for byte,
///   so the same key objects) takes its keys as checked;
/// - the dictionary's **key texts**, when it has at most ``keysPerSlot`` plain ASCII keys
///   (pointers into the input, which outlives the decoding), so that a search compares bytes
///   and reads no objects;
/// - the **lookups** made in those keys, in order: the key asked for and the pair found (or
///   none), so that the next dictionary of the same shape, asked for the same keys in the same
///   order (as a type's `init(from:)` does), finds each with one string comparison.
///
/// Slots are made as decoding goes deeper, up to the depth limit, rather than for the whole
/// limit at once. The decoder owns the slots, through a pointer (no exclusivity check per
/// lookup), and frees them with ``deallocate()``.
struct BinaryKeySlots {
  struct Hint {
    /// The dictionary's object, or -1.
    var dictionary: Int
    /// Where the search for the next key starts.
    var pair: Int
    /// The dictionary's keys are in the slot's row of key texts (so they are distinct).
    var keysInSlot: Bool
    /// Its pair count and where its references start.
    var count: Int
    var references: Int
    /// Lookups made in the dictionary so far.
    var lookups: Int

    static let empty = Hint(dictionary: -1, pair: 0, keysInSlot: false, count: 0, references: 0, lookups: 0)
  }

  /// A lookup made in a dictionary of the slot's shape.
  struct Lookup {
    var key: String
    /// The pair found, ``absent``, or ``none`` when nothing is remembered.
    var pair: Int

    static let absent = -1
    static let none = Int.min
  }

  static let keysPerSlot = 16

  private(set) var hints: UnsafeMutablePointer<Hint>
  private var texts: UnsafeMutablePointer<KeyText>
  private var lookups: UnsafeMutablePointer<Lookup>
  /// Slots made so far.
  private(set) var capacity: Int
  /// The most slots there can be: depths past the limit share the last.
  let limit: Int

  init(maximumDepth: Int) {
    limit = Swift.max(0, Swift.min(maximumDepth, 1 << 16)) + 2
    capacity = Swift.min(limit, 8)
    hints = .allocate(capacity: capacity)
    hints.initialize(repeating: .empty, count: capacity)
    texts = .allocate(capacity: capacity * Self.keysPerSlot)
    texts.initialize(repeating: .empty, count: capacity * Self.keysPerSlot)
    lookups = .allocate(capacity: capacity * Self.keysPerSlot)
    lookups.initialize(repeating: Lookup(key: "", pair: Lookup.none), count: capacity * Self.keysPerSlot)
  }

  func deallocate() {
    hints.deinitialize(count: capacity)
    hints.deallocate()
    texts.deinitialize(count: capacity * Self.keysPerSlot)
    texts.deallocate()
    lookups.deinitialize(count: capacity * Self.keysPerSlot)
    lookups.deallocate()
  }

  /// The slot for a container at `depth`, made if it is not yet.
  @inline(__always)
  mutating func slot(forDepth depth: Int) -> Int {
    let slot = Swift.min(depth, limit - 1)
    if slot >= capacity { grow(toInclude: slot) }
    return slot
  }

  private mutating func grow(toInclude slot: Int) {
    let newCapacity = Swift.min(limit, Swift.max(slot + 1, capacity * 2))
    let row = Self.keysPerSlot
    hints = Self.moved(hints, count: capacity, to: newCapacity, filling: .empty)
    texts = Self.moved(texts, count: capacity * row, to: newCapacity * row, filling: .empty)
    lookups = Self.moved(
      lookups, count: capacity * row, to: newCapacity * row, filling: Lookup(key: "", pair: Lookup.none))
    capacity = newCapacity
  }

  /// The `count` elements of `old` moved to new storage of `newCount`, the rest `fill`; `old`
  /// is freed.
  private static func moved<Element>(
    _ old: UnsafeMutablePointer<Element>, count: Int, to newCount: Int, filling fill: Element
  ) -> UnsafeMutablePointer<Element> {
    let new = UnsafeMutablePointer<Element>.allocate(capacity: newCount)
    new.moveInitialize(from: old, count: count)
    (new + count).initialize(repeating: fill, count: newCount - count)
    old.deallocate()
    return new
  }

  /// The key texts of slot `slot`.
  @inline(__always)
  func texts(ofSlot slot: Int) -> UnsafeMutablePointer<KeyText> { texts + slot * Self.keysPerSlot }

  /// The lookups remembered for slot `slot`.
  @inline(__always)
  func lookups(ofSlot slot: Int) -> UnsafeMutablePointer<Lookup> { lookups + slot * Self.keysPerSlot }

  /// Forgets the lookups of slot `slot`, whose keys have changed.
  mutating func forgetLookups(ofSlot slot: Int) {
    let row = lookups(ofSlot: slot)
    for index in 0..<Self.keysPerSlot where row[index].pair != Lookup.none {
      row[index] = Lookup(key: "", pair: Lookup.none)
    }
  }
}

extension KeyText {
  /// No key: the texts of a slot before a dictionary's keys are there.
  static var empty: KeyText { KeyText(bytes: UnsafeRawBufferPointer(start: nil, count: 0), signature: 0) }
}
