/// A document laid out for random access: one entry per value, in document order, each
/// container followed by its contents (a dictionary's as key, value, key, value, …). The view
/// of a text-format document (and of a value) that the Codable decoder reads, as it reads a
/// binary plist through ``BinaryPropertyListObjects``.
///
/// A `Decodable` type asks for its keys in its own order, so the decoder needs random access to
/// what the reader produced. This map gives it at a fraction of a `PropertyList` tree's
/// cost: 16 bytes per value in one buffer, strings made once (dictionary keys interned, so the
/// thousands of records of a file share one copy of each key), and no array or dictionary
/// storage per container. An array or dictionary that a value (or a keyed archive) holds in
/// several places is laid out once and referenced from the others (``Kind/shared``), so the
/// map stays as small as its input however much it shares.
///
/// SPI rather than `package`, as the binary view's in-place reads are: the decoder reads
/// entries in its hot loops, and this toolchain inlines no `@inlinable` member of a `package`
/// type into another module.
@_spi(PropertyListMap)
public struct PropertyListMap {
  /// What an entry holds.
  public enum Kind: UInt8 {
    /// `payload` indexes ``strings``.
    case string
    /// `payload` is an `Int64`'s bits.
    case integer
    /// `payload` is a `UInt64` above `Int64.max`.
    case largeInteger
    /// `payload` is a `Double`'s bits.
    case real
    /// `payload` is 0 or 1.
    case boolean
    /// `payload` is the bits of seconds since 2001-01-01 as a `Double`.
    case date
    /// `payload` indexes ``data``.
    case data
    /// `payload` is the UID.
    case uid
    /// `count` elements follow.
    case array
    /// `count` key-value pairs follow, keys as ``string`` entries.
    case dictionary
    /// The array or dictionary at entry `payload`, laid out before.
    case shared
    /// The string `$null`, which Foundation writes for `nil` in a container (found once, when
    /// the map is built, rather than at every optional).
    case null
    /// A dictionary key that occurs again later in its dictionary: the later one holds the
    /// value, and lookups pass this one by. `payload` still indexes ``strings``.
    case shadowed
  }

  /// One value. A container's `span` covers its contents, so the next sibling is `span` entries on.
  public struct Entry: BitwiseCopyable {
    public var payload: UInt64
    /// The kind in the top four bits; the element (or pair) count of a container below them.
    public var info: UInt32
    /// Entries from this one to the end of its contents, itself included.
    public var span: UInt32

    @inlinable @inline(__always)
    public var kind: Kind { Kind(rawValue: UInt8(truncatingIfNeeded: info >> 28))! }
    @inlinable @inline(__always)
    public var count: Int { Int(info & Entry.countMask) }

    @usableFromInline static let countMask: UInt32 = 0x0FFF_FFFF

    init(_ kind: Kind, payload: UInt64, count: Int = 0, span: UInt32 = 1) {
      self.payload = payload
      self.info = UInt32(kind.rawValue) << 28 | UInt32(count)
      self.span = span
    }
  }

  /// The most elements or pairs one container of the map holds (28 bits of ``Entry/info``,
  /// more than the readers' default object limit); bigger containers are refused with a limit
  /// error rather than misread.
  static let maximumContainerCount = Int(Entry.countMask)
  /// The most entries the map holds (32 bits of ``Entry/span``, entry indices kept in 31).
  public static let maximumEntryCount = Int(Int32.max)

  public internal(set) var entries = PropertyListMapEntries()
  public internal(set) var strings: [String] = []
  /// The bytes of the data values, one after another in one buffer (no allocation per value),
  /// and where each ends: read them with ``withData(_:_:)``.
  @usableFromInline var dataBytes: [UInt8] = []
  @usableFromInline var dataEnds: [Int] = []
  /// Where each entry's value is in the input, when the map was read from bytes.
  var locations: PropertyListMapLocations = .none

  /// The bytes of data value `index` (a ``Kind/data`` entry's payload), for the length of `body`.
  @inlinable
  public func withData<Result>(_ index: Int, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    let start = index == 0 ? 0 : dataEnds[index - 1]
    return try dataBytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[start..<dataEnds[index]])) }
  }

  /// The entry that a shared entry stands for, or `index` itself.
  @inlinable @inline(__always)
  public func resolved(_ index: Int) -> Int {
    let entry = entries[index]
    return entry.kind == .shared ? Int(entry.payload) : index
  }

  /// The string of a ``Kind/string`` entry.
  @inlinable @inline(__always)
  public func string(at index: Int) -> String { strings[Int(entries[index].payload)] }

  /// The entry after the value at `index` and its contents.
  @inlinable @inline(__always)
  public func next(after index: Int) -> Int { index + Int(entries[index].span) }

  /// True when the entry is the string `$null`, which Foundation writes for `nil`.
  @inlinable @inline(__always)
  public func isNull(_ index: Int) -> Bool { entries[index].kind == .null }

  /// Where the value of entry `index` is in the input (found by reading the input again, see
  /// ``PropertyListMapLocationTable``), or nowhere for a map made from a value.
  public func location(ofEntry index: Int) -> PropertyListError.Location {
    locations.location(ofEntry: index)
  }

  /// The string Foundation's coders write for `nil` in a container.
  public static let null = "$null"
}

/// The entries of a map, in a buffer of their own: the decoder reads them many times each,
/// through a pointer that costs no retain, uniqueness or exclusivity check beyond the index's.
/// The buffer grows with `realloc` (``PlainMemory``), so a large map that doubles is not in
/// memory twice while it grows; a class rather than a ``GrowingBuffer``, so that the map that
/// holds it stays a copyable value.
@_spi(PropertyListMap)
public final class PropertyListMapEntries {
  @usableFromInline @exclusivity(unchecked) var base: UnsafeMutablePointer<PropertyListMap.Entry>
  @exclusivity(unchecked) private var capacity = 1024
  /// The number of entries.
  @exclusivity(unchecked) public private(set) var count = 0

  init() {
    base = PlainMemory.allocate(PropertyListMap.Entry.self, capacity: capacity)
  }

  deinit {
    PlainMemory.release(base)
  }

  /// The entry at `index`; only the map's builder changes one.
  @inlinable @inline(__always)
  public internal(set) subscript(index: Int) -> PropertyListMap.Entry {
    get {
      precondition(index >= 0 && index < count, "an entry of the map")
      return base[index]
    }
    set {
      precondition(index >= 0 && index < count, "an entry of the map")
      base[index] = newValue
    }
  }

  @inline(__always)
  func append(_ entry: PropertyListMap.Entry) {
    if count == capacity {
      capacity *= 2
      base = PlainMemory.reallocate(base, capacity: capacity)
    }
    (base + count).initialize(to: entry)
    count += 1
  }
}
