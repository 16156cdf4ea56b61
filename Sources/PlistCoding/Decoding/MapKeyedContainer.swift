import FoundationEssentials
import PlistKit

/// A keyed container over a dictionary of the map.
///
/// Looking a key up starts where the last lookup in the same dictionary ended, so a type that
/// asks for its keys in the file's order (a synthesized `init(from:)` reading a file written
/// from the same type, or `Dictionary` walking ``allKeys``) finds each at once; a large
/// dictionary read out of order gets a hash index.
struct MapKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: MapDecoder
  /// The dictionary's entry.
  let dictionary: Int
  let pathNode: CodingPathNode
  /// Where this container keeps its lookup hint in the decoder.
  private let hintSlot: Int

  /// Dictionaries with more pairs than this get a hash index when a key is not where the
  /// hint says.
  private static var indexThreshold: Int { 16 }

  /// A container for the dictionary the decoder is at.
  init(decoder: MapDecoder, dictionary: Int) {
    self.init(decoder: decoder, dictionary: dictionary, pathNode: decoder.pathNode, hintSlot: decoder.currentDepth)
  }

  /// A container for a nested dictionary, with its own path (the decoder stays where it is).
  init(nested decoder: MapDecoder, dictionary: Int, path: CodingPathNode) {
    self.init(decoder: decoder, dictionary: dictionary, pathNode: path, hintSlot: decoder.currentDepth + 1)
  }

  private init(decoder: MapDecoder, dictionary: Int, pathNode: CodingPathNode, hintSlot: Int) {
    self.decoder = decoder
    self.dictionary = dictionary
    self.pathNode = pathNode
    self.hintSlot = hintSlot
    if decoder.keyHints.count <= hintSlot {
      decoder.keyHints.append(
        contentsOf: repeatElement(
          MapDecoder.KeyHint(dictionary: -1, pair: 0, keyEntry: 0), count: hintSlot + 1 - decoder.keyHints.count))
    }
  }

  var codingPath: [any CodingKey] { pathNode.path }

  var allKeys: [Key] {
    var keys: [Key] = []
    let map = decoder.map
    var entry = dictionary + 1
    for _ in 0..<map.entries[dictionary].count {
      if let key = Key(stringValue: map.string(at: entry)) { keys.append(key) }
      entry = map.next(after: entry + 1)
    }
    return keys
  }

  func contains(_ key: Key) -> Bool { valueEntry(for: key.stringValue) != nil }

  /// The entry of the value for `key`, or nil.
  func valueEntry(for key: String) -> Int? {
    let map = decoder.map
    let count = map.entries[dictionary].count
    guard count > 0 else { return nil }
    var hint = decoder.keyHints[hintSlot]
    if hint.dictionary != dictionary {
      hint = MapDecoder.KeyHint(dictionary: dictionary, pair: 0, keyEntry: dictionary + 1)
    }
    // The hinted pair first: most lookups end here.
    if map.string(at: hint.keyEntry).exactlyEquals(key) { return found(hint, count: count) }
    if count > Self.indexThreshold { return indexedEntry(for: key) }
    var pair = hint.pair
    var keyEntry = hint.keyEntry
    for _ in 1..<count {
      pair += 1
      keyEntry = map.next(after: keyEntry + 1)
      if pair == count {
        pair = 0
        keyEntry = dictionary + 1
      }
      if map.string(at: keyEntry).exactlyEquals(key) {
        return found(MapDecoder.KeyHint(dictionary: dictionary, pair: pair, keyEntry: keyEntry), count: count)
      }
    }
    return nil
  }

  /// Records that the key of `hint` matched (the next search starts at the pair after it) and
  /// returns its value's entry.
  private func found(_ hint: MapDecoder.KeyHint, count: Int) -> Int {
    let value = hint.keyEntry + 1
    if hint.pair + 1 < count {
      decoder.keyHints[hintSlot] = MapDecoder.KeyHint(
        dictionary: dictionary, pair: hint.pair + 1, keyEntry: decoder.map.next(after: value))
    } else {
      decoder.keyHints[hintSlot] = MapDecoder.KeyHint(dictionary: dictionary, pair: 0, keyEntry: dictionary + 1)
    }
    return value
  }

  private func indexedEntry(for key: String) -> Int? {
    if let index = decoder.keyIndexes[dictionary] { return index[ExactKey(key)] }
    let map = decoder.map
    var index: [ExactKey: Int] = [:]
    index.reserveCapacity(map.entries[dictionary].count)
    var entry = dictionary + 1
    for _ in 0..<map.entries[dictionary].count {
      index[ExactKey(map.string(at: entry))] = entry + 1
      entry = map.next(after: entry + 1)
    }
    decoder.keyIndexes[dictionary] = index
    return index[ExactKey(key)]
  }

  /// The value entry for `key`, or the error for a missing key.
  private func require(_ key: Key) throws -> Int {
    guard let entry = valueEntry(for: key.stringValue) else {
      throw DecodingError.keyNotFound(
        key,
        decoder.context(
          pathNode, dictionary,
          "no value for the key \"\(key.stringValue)\" (the dictionary has \(decoder.map.entries[dictionary].count) keys)"
        ))
    }
    return decoder.map.resolved(entry)
  }

  /// The value entry for `key` when it is present and not `$null`.
  private func present(_ key: Key) -> Int? {
    guard let entry = valueEntry(for: key.stringValue), !decoder.map.isNull(entry) else { return nil }
    return decoder.map.resolved(entry)
  }

  func decodeNil(forKey key: Key) throws -> Bool { decoder.map.isNull(try require(key)) }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try decoder.unwrapBool(at: require(key), path: pathNode, key: key)
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try decoder.unwrapString(at: require(key), path: pathNode, key: key)
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try decoder.unwrapFloatingPoint(type, at: require(key), path: pathNode, key: key)
  }

  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try decoder.unwrapFloatingPoint(type, at: require(key), path: pathNode, key: key)
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try decoder.unwrapInteger(type, at: require(key), path: pathNode, key: key)
  }

  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try decoder.unwrapInteger(type, at: require(key), path: pathNode, key: key)
  }

  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try decoder.unwrapInteger(type, at: require(key), path: pathNode, key: key)
  }

  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try decoder.unwrapInteger(type, at: require(key), path: pathNode, key: key)
  }

  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try decoder.unwrapInteger(type, at: require(key), path: pathNode, key: key)
  }

  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try decoder.unwrapInteger(type, at: require(key), path: pathNode, key: key)
  }

  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try decoder.unwrapInteger(type, at: require(key), path: pathNode, key: key)
  }

  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try decoder.unwrapInteger(type, at: require(key), path: pathNode, key: key)
  }

  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try decoder.unwrapInteger(type, at: require(key), path: pathNode, key: key)
  }

  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try decoder.unwrapInteger(type, at: require(key), path: pathNode, key: key)
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decoder.unwrap(type, at: require(key), path: pathNode.appending(key))
  }

  // One lookup for an optional value, instead of the three of the protocol's defaults.

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try present(key).map { try decoder.unwrapBool(at: $0, path: pathNode, key: key) }
  }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try present(key).map { try decoder.unwrapString(at: $0, path: pathNode, key: key) }
  }

  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try present(key).map { try decoder.unwrapFloatingPoint(type, at: $0, path: pathNode, key: key) }
  }

  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    try present(key).map { try decoder.unwrapFloatingPoint(type, at: $0, path: pathNode, key: key) }
  }

  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try present(key).map { try decoder.unwrapInteger(type, at: $0, path: pathNode, key: key) }
  }

  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    try present(key).map { try decoder.unwrapInteger(type, at: $0, path: pathNode, key: key) }
  }

  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try present(key).map { try decoder.unwrapInteger(type, at: $0, path: pathNode, key: key) }
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try present(key).map { try decoder.unwrap(type, at: $0, path: pathNode.appending(key)) }
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let path = pathNode.appending(key)
    let entry = try decoder.dictionaryEntry(require(key), path, nested: true)
    return KeyedDecodingContainer(MapKeyedContainer<NestedKey>(nested: decoder, dictionary: entry, path: path))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    let path = pathNode.appending(key)
    return MapUnkeyedContainer(
      decoder: decoder, array: try decoder.arrayEntry(require(key), path, nested: true), path: path)
  }

  func superDecoder() throws -> any Decoder {
    decoder.detachedDecoder(
      at: valueEntry(for: PlistCodingKey.super.stringValue), path: pathNode.appending(PlistCodingKey.super))
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    decoder.detachedDecoder(at: valueEntry(for: key.stringValue), path: pathNode.appending(key))
  }
}
