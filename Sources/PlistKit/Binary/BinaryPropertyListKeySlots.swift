/// What a reader of dictionaries by key (the Codable decoder) remembers, for each nesting depth
/// (a slot), of the dictionary whose keys were last looked up there, so that reading many
/// dictionaries of one shape (the records of an array, written with their keys shared) costs
/// little more than reading their values:
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
/// Slots are made as reading goes deeper, up to the depth limit, rather than for the whole
/// limit at once. The reader owns the slots, through a pointer (no exclusivity check per
/// lookup), and frees them with ``deallocate()``. Inlinable, as the view's in-place reads are:
/// they are the lookup's inner loop.
@_spi(BinaryObjects)
public struct BinaryPropertyListKeySlots {
  public struct Hint: Sendable {
    /// The dictionary's object, or -1.
    public var dictionary: Int
    /// Where the search for the next key starts.
    public var pair: Int
    /// The dictionary's keys are in the slot's row of key texts (so they are distinct).
    public var keysInSlot: Bool
    /// Its pair count and where its references start.
    public var count: Int
    public var references: Int
    /// Lookups made in the dictionary so far.
    public var lookups: Int

    @inlinable @inline(__always)
    public init(dictionary: Int, pair: Int, keysInSlot: Bool, count: Int, references: Int, lookups: Int) {
      self.dictionary = dictionary
      self.pair = pair
      self.keysInSlot = keysInSlot
      self.count = count
      self.references = references
      self.lookups = lookups
    }

    public static let empty = Hint(dictionary: -1, pair: 0, keysInSlot: false, count: 0, references: 0, lookups: 0)
  }

  /// A lookup made in a dictionary of the slot's shape.
  public struct Lookup: Sendable {
    public var key: String
    /// The pair found, ``absent``, or ``none`` when nothing is remembered.
    public var pair: Int

    @inlinable @inline(__always)
    public init(key: String, pair: Int) {
      self.key = key
      self.pair = pair
    }

    public static let absent = -1
    public static let none = Int.min
  }

  public static let keysPerSlot = 16

  public private(set) var hints: UnsafeMutablePointer<Hint>
  @usableFromInline var texts: UnsafeMutablePointer<BinaryPropertyListKeyText>
  @usableFromInline var lookups: UnsafeMutablePointer<Lookup>
  /// Slots made so far.
  @usableFromInline var capacity: Int
  /// The most slots there can be: depths past the limit share the last.
  @usableFromInline let limit: Int

  /// Slots for dictionaries nested up to `maximumDepth` deep.
  public init(maximumDepth: Int) {
    limit = Swift.max(0, Swift.min(maximumDepth, 1 << 16)) + 2
    capacity = Swift.min(limit, 8)
    hints = .allocate(capacity: capacity)
    hints.initialize(repeating: .empty, count: capacity)
    texts = .allocate(capacity: capacity * Self.keysPerSlot)
    texts.initialize(repeating: .empty, count: capacity * Self.keysPerSlot)
    lookups = .allocate(capacity: capacity * Self.keysPerSlot)
    lookups.initialize(repeating: Lookup(key: "", pair: Lookup.none), count: capacity * Self.keysPerSlot)
  }

  /// Frees the slots.
  public func deallocate() {
    hints.deinitialize(count: capacity)
    hints.deallocate()
    texts.deinitialize(count: capacity * Self.keysPerSlot)
    texts.deallocate()
    lookups.deinitialize(count: capacity * Self.keysPerSlot)
    lookups.deallocate()
  }

  /// The slot for a container at `depth`, made if it is not yet.
  @inlinable @inline(__always)
  public mutating func slot(forDepth depth: Int) -> Int {
    let slot = Swift.min(depth, limit - 1)
    if slot >= capacity { grow(toInclude: slot) }
    return slot
  }

  @usableFromInline mutating func grow(toInclude slot: Int) {
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
  @inlinable @inline(__always)
  public func texts(ofSlot slot: Int) -> UnsafeMutablePointer<BinaryPropertyListKeyText> {
    texts + slot * Self.keysPerSlot
  }

  /// The lookups remembered for slot `slot`.
  @inlinable @inline(__always)
  public func lookups(ofSlot slot: Int) -> UnsafeMutablePointer<Lookup> { lookups + slot * Self.keysPerSlot }

  /// Forgets the lookups of slot `slot`, whose keys have changed.
  public mutating func forgetLookups(ofSlot slot: Int) {
    let row = lookups(ofSlot: slot)
    for index in 0..<Self.keysPerSlot where row[index].pair != Lookup.none {
      row[index] = Lookup(key: "", pair: Lookup.none)
    }
  }
}
