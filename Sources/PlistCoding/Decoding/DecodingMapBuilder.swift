import PlistKit

/// Lays values out in a ``DecodingMap`` as a reader reports them: containers open and close,
/// scalars and keys arrive in document order.
struct DecodingMapBuilder {
  private(set) var map = DecodingMap()
  /// The open containers: their entry index and how many elements (or pairs) they have so far.
  private var open: [(entry: Int, count: Int)] = []
  private let limits: PropertyListLimits

  init(limits: PropertyListLimits) {
    self.limits = limits
  }

  /// The number of entries so far: the index the next value gets.
  var entryCount: Int { map.entries.count }

  mutating func beginArray() throws(PropertyListError) {
    try open(.array)
  }

  mutating func beginDictionary() throws(PropertyListError) {
    try open(.dictionary)
  }

  mutating func key(_ key: String) throws(PropertyListError) {
    try append(DecodingMap.Entry(.string, payload: UInt64(map.strings.count)), countsAsElement: false)
    map.strings.append(key)
  }

  mutating func string(_ string: String) throws(PropertyListError) {
    if string.utf8.count == 5 && string.exactlyEquals(DecodingMap.null) {
      return try append(DecodingMap.Entry(.null, payload: 0))
    }
    try append(DecodingMap.Entry(.string, payload: UInt64(map.strings.count)))
    map.strings.append(string)
  }

  /// Any value but an array or dictionary.
  mutating func scalar(_ value: PropertyList) throws(PropertyListError) {
    switch value {
    case .string(let string): try self.string(string)
    case .integer(let integer):
      if let signed = integer.int64Value {
        try append(DecodingMap.Entry(.integer, payload: UInt64(bitPattern: signed)))
      } else {
        try append(DecodingMap.Entry(.largeInteger, payload: integer.bitPattern))
      }
    case .real(let real): try append(DecodingMap.Entry(.real, payload: real.bitPattern))
    case .boolean(let boolean): try append(DecodingMap.Entry(.boolean, payload: boolean ? 1 : 0))
    case .date(let date): try append(DecodingMap.Entry(.date, payload: date.secondsSinceReferenceDate.bitPattern))
    case .data(let bytes):
      try append(DecodingMap.Entry(.data, payload: UInt64(map.data.count)))
      map.data.append(bytes)
    case .uid(let uid): try append(DecodingMap.Entry(.uid, payload: uid))
    case .array, .dictionary: preconditionFailure("containers are laid out with begin and end")
    }
  }

  /// In place of a value, the container laid out before at entry `entry` (it has ended).
  mutating func shared(_ entry: Int) throws(PropertyListError) {
    try append(DecodingMap.Entry(.shared, payload: UInt64(entry)))
  }

  /// The innermost open container closes.
  mutating func end() throws(PropertyListError) {
    let (entry, count) = open.removeLast()
    guard count <= DecodingMap.maximumContainerCount else {
      throw PropertyListError(
        .limitExceeded,
        "a container of \(count) values is more than decoding takes (\(DecodingMap.maximumContainerCount))")
    }
    map.entries[entry].info |= UInt32(count)
    map.entries[entry].span = UInt32(map.entries.count - entry)
  }

  private mutating func open(_ kind: DecodingMap.Kind) throws(PropertyListError) {
    let index = map.entries.count
    try append(DecodingMap.Entry(kind, payload: 0, span: 0))
    open.append((index, 0))
  }

  private mutating func append(_ entry: DecodingMap.Entry, countsAsElement: Bool = true) throws(PropertyListError) {
    guard map.entries.count < Swift.min(limits.maximumObjectCount, DecodingMap.maximumEntryCount) else {
      throw PropertyListError(
        .limitExceeded, "more than \(limits.maximumObjectCount) values to decode (the object count limit)")
    }
    map.entries.append(entry)
    // A dictionary counts its pairs, by their keys.
    if let last = open.last, countsAsElement == (map.entries[last.entry].kind == .array) {
      open[open.count - 1].count += 1
    }
  }
}
