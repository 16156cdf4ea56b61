/// Lays values out in a ``PropertyListMap`` as a reader reports them: containers open and close,
/// scalars and keys arrive in document order. Besides the readers' events (``PropertyListMapSink``)
/// and a value (``PropertyListMap/init(value:limits:)``), a layer lays out what it reads its own
/// way: the Codable decoder a keyed archive's objects.
@_spi(PropertyListMap)
public struct PropertyListMapBuilder {
  /// The map so far (a sink adds interned keys to its strings directly).
  public internal(set) var map = PropertyListMap()
  /// The innermost open container: its entry (-1 at the top level), how many elements (or
  /// pairs) it has so far, and whether it is an array. Kept apart from ``outer`` so that the
  /// count of each value costs no array access.
  private var current = OpenContainer(entry: -1, count: 0, isArray: false)
  /// The containers open around the innermost one, the outermost first.
  private var outer: [OpenContainer] = []
  /// The most entries the map may have: the object limit, and what an entry index holds.
  private let entryLimit: Int
  private let limits: PropertyListLimits

  private struct OpenContainer {
    let entry: Int
    var count: Int
    let isArray: Bool
  }

  /// A builder whose map holds at most the object limit of `limits` values.
  public init(limits: PropertyListLimits) {
    self.limits = limits
    entryLimit = Swift.min(limits.maximumObjectCount, PropertyListMap.maximumEntryCount)
  }

  /// The number of entries so far: the index the next value gets.
  public var entryCount: Int { map.entries.count }

  /// An array opens: its elements follow, until ``end()``.
  public mutating func beginArray() throws(PropertyListError) {
    try open(.array)
  }

  /// A dictionary opens: its keys and values follow in turn, until ``end()``.
  public mutating func beginDictionary() throws(PropertyListError) {
    try open(.dictionary)
  }

  /// A dictionary's key.
  public mutating func key(_ key: String) throws(PropertyListError) {
    try appendKey(PropertyListMap.Entry(.string, payload: UInt64(map.strings.count)))
    map.strings.append(key)
  }

  /// A key already in ``PropertyListMap/strings``.
  mutating func key(stringIndex: Int) throws(PropertyListError) {
    try appendKey(PropertyListMap.Entry(.string, payload: UInt64(stringIndex)))
  }

  /// Makes the earlier occurrences of a key the dictionary at `entry` repeats invisible to
  /// lookups, so that the key keeps its first place (in ``PropertyListMap`` terms, its last value
  /// is the one found). Keys must be interned: equal keys have equal string indices.
  mutating func shadowRepeatedKeys(ofDictionaryAt entry: Int) {
    let count = map.entries[entry].count
    // Most dictionaries repeat nothing: find out without a table for the small ones.
    if count <= 16 {
      let repeats = withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 16) { seen in
        var keyEntry = entry + 1
        for pair in 0..<count {
          let key = map.entries[keyEntry].payload
          for earlier in 0..<pair where seen[earlier] == key { return true }
          seen[pair] = key
          keyEntry = map.next(after: keyEntry + 1)
        }
        return false
      }
      guard repeats else { return }
    }
    var keyEntries: [Int] = []
    keyEntries.reserveCapacity(count)
    var keyEntry = entry + 1
    for _ in 0..<count {
      keyEntries.append(keyEntry)
      keyEntry = map.next(after: keyEntry + 1)
    }
    var seen = Set<UInt64>()
    for keyEntry in keyEntries.reversed() {
      let key = map.entries[keyEntry].payload
      if !seen.insert(key).inserted { map.entries[keyEntry] = PropertyListMap.Entry(.shadowed, payload: key) }
    }
  }

  /// A string value; `$null` is a ``PropertyListMap/Kind/null`` entry.
  public mutating func string(_ string: String) throws(PropertyListError) {
    if string.utf8.count == 5 && string.exactlyEquals(PropertyListMap.null) {
      return try append(PropertyListMap.Entry(.null, payload: 0))
    }
    try append(PropertyListMap.Entry(.string, payload: UInt64(map.strings.count)))
    map.strings.append(string)
  }

  /// Any value but an array or dictionary.
  public mutating func scalar(_ value: PropertyList) throws(PropertyListError) {
    switch value {
    case .string(let string): try self.string(string)
    case .integer(let integer):
      if let signed = integer.int64Value {
        try append(PropertyListMap.Entry(.integer, payload: UInt64(bitPattern: signed)))
      } else {
        try append(PropertyListMap.Entry(.largeInteger, payload: integer.bitPattern))
      }
    case .real(let real): try append(PropertyListMap.Entry(.real, payload: real.bitPattern))
    case .boolean(let boolean): try append(PropertyListMap.Entry(.boolean, payload: boolean ? 1 : 0))
    case .date(let date): try append(PropertyListMap.Entry(.date, payload: date.secondsSinceReferenceDate.bitPattern))
    case .data(let bytes):
      try append(PropertyListMap.Entry(.data, payload: UInt64(map.dataEnds.count)))
      map.dataBytes.append(contentsOf: bytes)
      map.dataEnds.append(map.dataBytes.count)
    case .uid(let uid): try append(PropertyListMap.Entry(.uid, payload: uid))
    case .array, .dictionary: preconditionFailure("containers are laid out with begin and end")
    }
  }

  /// In place of a value, the container laid out before at entry `entry` (it has ended).
  public mutating func shared(_ entry: Int) throws(PropertyListError) {
    try append(PropertyListMap.Entry(.shared, payload: UInt64(entry)))
  }

  /// The innermost open container closes.
  public mutating func end() throws(PropertyListError) {
    let (entry, count) = (current.entry, current.count)
    guard count <= PropertyListMap.maximumContainerCount else {
      throw PropertyListError(
        .limitExceeded,
        "a container of \(count) values is more than decoding takes (\(PropertyListMap.maximumContainerCount))")
    }
    map.entries[entry].info |= UInt32(count)
    map.entries[entry].span = UInt32(map.entries.count - entry)
    current = outer.removeLast()
  }

  private mutating func open(_ kind: PropertyListMap.Kind) throws(PropertyListError) {
    let index = map.entries.count
    try append(PropertyListMap.Entry(kind, payload: 0, span: 0))
    outer.append(current)
    current = OpenContainer(entry: index, count: 0, isArray: kind == .array)
  }

  /// Appends a value: an element of an array, or the value of a dictionary's pair.
  @inline(__always)
  private mutating func append(_ entry: PropertyListMap.Entry) throws(PropertyListError) {
    try checkEntryLimit()
    map.entries.append(entry)
    if current.isArray { current.count += 1 }
  }

  /// Appends a key, which starts a pair of the innermost dictionary.
  @inline(__always)
  private mutating func appendKey(_ entry: PropertyListMap.Entry) throws(PropertyListError) {
    try checkEntryLimit()
    map.entries.append(entry)
    current.count += 1
  }

  @inline(__always)
  private func checkEntryLimit() throws(PropertyListError) {
    guard map.entries.count < entryLimit else {
      throw PropertyListError(
        .limitExceeded, "more than \(limits.maximumObjectCount) values to decode (the object count limit)")
    }
  }
}
