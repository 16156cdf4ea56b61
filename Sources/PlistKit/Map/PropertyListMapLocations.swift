/// Where the values of a map were in the input: the input it was read from, read again for
/// the place of an entry only when an error asks for it (see ``PropertyListMapLocationTable``),
/// while the input is still there. A map made from a value has none.
enum PropertyListMapLocations {
  case none
  case input(PropertyListMapLocationTable)

  func location(ofEntry index: Int) -> PropertyListError.Location {
    switch self {
    case .none: .none
    case .input(let table): index >= 0 ? table.location(ofEntry: index) : .none
    }
  }
}

/// Where the entries of a map built by ``PropertyListMapSink`` are in its input, found by reading
/// the input again and counting the events that make entries: the map keeps no position per
/// value while it decodes (8 bytes each, as much again as the strings of a file of small
/// records), and an error is the only thing that asks for one.
///
/// The first error reads the input up to its entry: a decoding that fails usually fails once.
/// From the second on, the places of all the entries are found in one more read and kept, 8
/// bytes an entry, so that a type that tries a value one way and then another (`try?`, as a
/// type for "any value" does) costs one read of the input in all, not one per failure.
final class PropertyListMapLocationTable {
  private let bytes: UnsafeRawBufferPointer
  private let format: PropertyListFormat?
  private let options: PropertyListReadingOptions
  private var requests = 0
  /// Each entry's place, packed (see ``PropertyListMapEntryLocator/pack(_:)``), once made.
  private var places: [Int]?

  /// The table of a map read from `bytes` (with `format` and `options`, as it was read), which
  /// stay there while the map is used.
  init(bytes: UnsafeRawBufferPointer, format: PropertyListFormat?, options: PropertyListReadingOptions) {
    self.bytes = bytes
    self.format = format
    self.options = options
  }

  /// Where entry `entry` is.
  func location(ofEntry entry: Int) -> PropertyListError.Location {
    requests += 1
    if places == nil && requests > 1 {
      var sink = PropertyListMapEntryLocator(goal: .all)
      _ = try? PropertyList.read(bytes: bytes, format: format, options: options, into: &sink)
      places = sink.places
    }
    if let places, entry < places.count, let location = PropertyListMapEntryLocator.unpack(places[entry]) {
      return location
    }
    var sink = PropertyListMapEntryLocator(goal: .entry(entry))
    // The read stops with an error at the entry: the place is what it leaves behind.
    _ = try? PropertyList.read(bytes: bytes, format: format, options: options, into: &sink)
    return sink.location
  }
}

/// Counts the events of a read that make entries, in the order ``PropertyListMapSink`` makes them,
/// to find the place of one entry (the read stops there) or of every entry.
struct PropertyListMapEntryLocator: PropertyListEventSink {
  static var takesSharedContainers: Bool { true }

  enum Goal {
    case entry(Int)
    case all
  }

  private let goal: Goal
  private var seen = 0
  private var locator = PropertyListLocator.none
  /// Where the text's lines were last counted to, for ``Goal/all``.
  private var cursor: TextPosition.Cursor?
  /// The place of the entry sought, once its event came.
  private(set) var location: PropertyListError.Location = .none
  /// The place of every entry so far, packed, for ``Goal/all``.
  private(set) var places: [Int] = []

  init(goal: Goal) { self.goal = goal }

  mutating func start(locator: PropertyListLocator) { self.locator = locator }

  /// Counts an event that makes an entry: stops the read at the one sought, or keeps its place.
  private mutating func count() throws(PropertyListError) {
    switch goal {
    case .entry(let entry):
      if seen == entry {
        location = locator.location(of: locator.position)
        throw PropertyListError(.invalidValue, "the entry is found")
      }
    case .all:
      places.append(Self.pack(locator.location(of: locator.position, after: &cursor)))
    }
    seen += 1
  }

  /// Packed places: a line (30 bits) and a column (31 bits) under a tag bit, or a byte offset;
  /// nowhere, or a place too far to pack, is -1 (found again by a read of its own).
  private static let textTag = 1 << 62
  private static let columnMask = (1 << 31) - 1

  static func pack(_ location: PropertyListError.Location) -> Int {
    switch location {
    case .text(let line, let column) where line >= 0 && line < 1 << 30 && column >= 0 && column <= columnMask:
      return textTag | line << 31 | column
    case .byteOffset(let offset) where offset >= 0 && offset < textTag:
      return offset
    default:
      return -1
    }
  }

  /// The place `packed` stands for, or nil when none is kept.
  static func unpack(_ packed: Int) -> PropertyListError.Location? {
    guard packed >= 0 else { return nil }
    guard packed & textTag != 0 else { return .byteOffset(packed) }
    return .text(line: (packed & ~textTag) >> 31, column: packed & columnMask)
  }

  mutating func beginArray() throws(PropertyListError) { try count() }
  mutating func beginDictionary() throws(PropertyListError) { try count() }
  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) { try count() }
  mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) { try count() }
  mutating func scalar(_ value: PropertyList) throws(PropertyListError) { try count() }
  mutating func repeatContainer(_ object: Int) throws(PropertyListError) { try count() }
  mutating func endArray() throws(PropertyListError) {}
  mutating func endDictionary() throws(PropertyListError) {}
}
