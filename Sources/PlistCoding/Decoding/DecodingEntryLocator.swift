import PlistKit

/// Finds where entry `entry` of a map built by ``DecodingMapSink`` is in the input, by reading
/// the input again and counting the events that make entries: the map keeps no position per
/// value (8 bytes each, as much again as the strings of a file of small records), and an error
/// is the only thing that asks for one.
struct DecodingEntryLocator: PropertyListEventSink {
  static var takesSharedContainers: Bool { true }

  private let entry: Int
  private var seen = 0
  private var locator = PropertyListLocator.none
  /// The place, once the entry's event came.
  private(set) var location: PropertyListError.Location = .none

  init(entry: Int) { self.entry = entry }

  /// Where entry `entry` of the map read from `bytes` is.
  static func location(
    ofEntry entry: Int, in bytes: UnsafeRawBufferPointer, format: PropertyListFormat?,
    options: PropertyListReadingOptions
  ) -> PropertyListError.Location {
    var sink = DecodingEntryLocator(entry: entry)
    // The read stops with an error at the entry: the place is what it leaves behind.
    _ = try? PropertyList.read(bytes: bytes, format: format, options: options, into: &sink)
    return sink.location
  }

  mutating func start(locator: PropertyListLocator) { self.locator = locator }

  /// Counts an event that makes an entry, in the order ``DecodingMapSink`` makes them; stops
  /// the read at the one sought.
  private mutating func count() throws(PropertyListError) {
    if seen == entry {
      location = locator.location(of: locator.position)
      throw PropertyListError(.invalidValue, "the entry is found")
    }
    seen += 1
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
