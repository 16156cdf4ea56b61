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
  let pathNode: CodingPath
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
  init(nested decoder: MapDecoder, dictionary: Int, path: CodingPath) {
    self.init(decoder: decoder, dictionary: dictionary, pathNode: path, hintSlot: decoder.currentDepth + 1)
  }

  private init(decoder: MapDecoder, dictionary: Int, pathNode: CodingPath, hintSlot: Int) {
    self.decoder = decoder
    self.dictionary = dictionary
    self.pathNode = pathNode
    // Depth is bounded by the limit the slots were made for; past it a slot is only shared.
    self.hintSlot = Swift.min(hintSlot, decoder.keyHints.count - 1)
  }

  var codingPath: [any CodingKey] { pathNode.path }

  var allKeys: [Key] {
    var keys: [Key] = []
    let map = decoder.map
    var entry = dictionary + 1
    for _ in 0..<map.entries[dictionary].count {
      if map.entries[entry].kind == .string, let key = Key(stringValue: map.string(at: entry)) { keys.append(key) }
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
    if matches(hint.keyEntry, key) { return found(hint, count: count) }
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
      if matches(keyEntry, key) {
        return found(MapDecoder.KeyHint(dictionary: dictionary, pair: pair, keyEntry: keyEntry), count: count)
      }
    }
    return nil
  }

  /// True when the key entry `keyEntry` is `key` (a shadowed key never is).
  @inline(__always)
  private func matches(_ keyEntry: Int, _ key: String) -> Bool {
    let entry = decoder.map.entries[keyEntry]
    return entry.kind == .string && decoder.map.strings[Int(entry.payload)].exactlyEquals(key)
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
      if map.entries[entry].kind == .string { index[ExactKey(map.string(at: entry))] = entry + 1 }
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

  func decodeNil(forKey key: Key) throws -> Bool { decoder.map.isNull(try require(key)) }

  /// The value for `key`: a scalar read straight from its entry, anything else decoded with
  /// the decoder pointed at it.
  @inline(__always)
  private func value<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try value(type, at: require(key), key)
  }

  @inline(__always)
  private func value<T: Decodable>(_ type: T.Type, at entry: Int, _ key: Key) throws -> T {
    if let scalarType = ScalarType(type) {
      do {
        return try decoder.scalar(scalarType, as: type, at: entry)
      } catch {
        throw decoder.error(error, type, at: entry, pathNode, key: key)
      }
    }
    return try decoder.unwrap(type, at: entry, path: pathNode.appending(key))
  }

  /// The value for `key`, or nil when it is absent or `$null`.
  @inline(__always)
  private func optionalValue<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let entry = valueEntry(for: key.stringValue), !decoder.map.isNull(entry) else { return nil }
    return try value(type, at: decoder.map.resolved(entry), key)
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(type, forKey: key) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(type, forKey: key) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(type, forKey: key) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(type, forKey: key) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(type, forKey: key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(type, forKey: key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(type, forKey: key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(type, forKey: key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(type, forKey: key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(type, forKey: key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(type, forKey: key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(type, forKey: key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(type, forKey: key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(type, forKey: key) }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(type, forKey: key) }

  // One lookup for an optional value, instead of the three of the protocol's defaults.
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optionalValue(type, forKey: key) }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try optionalValue(type, forKey: key)
  }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try optionalValue(type, forKey: key)
  }
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optionalValue(type, forKey: key) }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optionalValue(type, forKey: key) }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optionalValue(type, forKey: key) }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try optionalValue(type, forKey: key)
  }
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try optionalValue(type, forKey: key)
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
