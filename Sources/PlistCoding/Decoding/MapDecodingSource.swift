import FoundationEssentials
@_spi(PropertyListMap) import PlistKit

/// The values of a ``PropertyListMap`` for ``SourceDecoder``: a document laid out from a reader's
/// events (XML, JSON, OpenStep), from a value, or from a keyed archive.
///
/// Its values are the map's entries, resolved (an entry that stands for one laid out before
/// is never handed out); keys are found by ``value(forKey:in:)`` with a hint per depth and a
/// hash index for large dictionaries read out of order.
final class MapDecodingSource: DecodingSource {
  let map: PropertyListMap
  let rules: DecodingRules
  /// For a map laid out from a keyed archive, the classes of its objects.
  let archive: ArchiveAnnotations?
  /// For each depth, the dictionary whose keys were last looked up there and where the search
  /// for its next key starts: keys asked for in file order are found at once. One slot per
  /// depth the limit allows, in a buffer of its own (no uniqueness check per lookup).
  let keyHints: UnsafeMutableBufferPointer<KeyHint>
  /// Key → value entry of large dictionaries looked up out of order.
  var keyIndexes: [Int: [ExactKey: Int]] = [:]
  /// The objects of an archive being decoded, to refuse a cycle.
  var inProgress: Set<Int> = []

  struct KeyHint {
    var dictionary: Int
    var pair: Int
    var keyEntry: Int
  }

  init(map: PropertyListMap, rules: DecodingRules, archive: ArchiveAnnotations? = nil) {
    self.map = map
    self.rules = rules
    self.archive = archive
    keyHints = .allocate(capacity: Swift.max(0, Swift.min(rules.limits.maximumDepth, 1 << 16)) + 2)
    keyHints.initialize(repeating: KeyHint(dictionary: -1, pair: 0, keyEntry: 0))
  }

  deinit {
    keyHints.deallocate()
  }

  func detached() -> MapDecodingSource { MapDecodingSource(map: map, rules: rules, archive: archive) }

  @inline(__always)  // Into the witness the decoder calls.
  func array(at index: Int) -> DecodingArray? {
    let entry = map.entries[index]
    guard entry.kind == .array else { return nil }
    return DecodingArray(index: index, count: entry.count, start: index + 1)
  }

  @inline(__always)  // Into the witness the decoder calls.
  func element(_ position: Int, cursor: inout Int, of array: DecodingArray) -> Int? {
    // One read of the entry for both its span and whether it stands for another.
    let element = cursor
    let entry = map.entries[element]
    cursor = element + Int(entry.span)
    return entry.kind == .shared ? Int(entry.payload) : element
  }

  @inline(__always)  // Into the witness the decoder calls.
  func isNull(_ index: Int) -> Bool { map.isNull(index) }

  var readsScalarArrays: Bool { archive == nil }

  var checksObjects: Bool { archive != nil }

  func nestedTooDeep() {}
}

/// How values may be read.
struct DecodingRules {
  var limits: PropertyListLimits
  /// Which archived classes may be decoded, for a map laid out from a keyed archive.
  var classes = ArchiveClassRules()
  /// The input is a text form that keeps some scalars as strings (OpenStep, whose only scalar
  /// is the string, and plain JSON, which writes dates and data as strings): a number,
  /// boolean, date or data may then be read from a string.
  var scalarsFromText: Bool
  /// The input is a keyed archive, whose numbers and booleans are all NSNumbers, and which
  /// Foundation's archiver stores as one object when they are equal (`true` and `1`): a
  /// boolean may then be read from the integers 0 and 1, and an integer from a boolean.
  var numbersAreNSNumbers = false
}
