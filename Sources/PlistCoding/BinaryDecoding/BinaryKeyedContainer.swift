import FoundationEssentials
import PlistKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A keyed container over a dictionary object of a binary plist.
///
/// A key is found by comparing the bytes of the dictionary's key objects with the key's UTF-8,
/// starting at the pair after the one found last (a type asks for its keys mostly in the
/// file's order), without a table per dictionary or a string per key. A large dictionary read
/// out of order gets a hash index. Its keys are checked when the container is made: each must
/// be a string, and a repeated key is found at its last value, as the reader keeps it.
struct BinaryKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: BinaryDecoder
  /// The dictionary's object.
  let dictionary: Int
  /// Its pair count and where its references start.
  let count: Int
  let references: Int
  /// True when two of its keys are the same string.
  private(set) var repeatsKeys = false
  let pathNode: CodingPathNode
  /// Where this container keeps its lookup hint in the decoder.
  private let hintSlot: Int

  /// Dictionaries with more pairs than this get a hash index when a key is not where the
  /// hint says.
  private static var indexThreshold: Int { 16 }

  /// A container for the dictionary the decoder is at.
  init(decoder: BinaryDecoder, dictionary: Int) throws {
    try self.init(
      decoder: decoder, dictionary: dictionary, pathNode: decoder.pathNode, hintSlot: decoder.currentDepth)
  }

  /// A container for a nested dictionary, with its own path (the decoder stays where it is).
  init(nested decoder: BinaryDecoder, dictionary: Int, path: CodingPathNode) throws {
    try self.init(decoder: decoder, dictionary: dictionary, pathNode: path, hintSlot: decoder.currentDepth + 1)
  }

  private init(decoder: BinaryDecoder, dictionary: Int, pathNode: CodingPathNode, hintSlot: Int) throws {
    (count, references) = try decoder.dictionary(dictionary, pathNode)
    self.decoder = decoder
    self.dictionary = dictionary
    self.pathNode = pathNode
    // Depth is bounded by the limit the slots were made for; past it a slot is only shared.
    self.hintSlot = Swift.min(hintSlot, decoder.keyHints.count - 1)
    switch loadKeys() {
    case .unreadable:
      throw DecodingError.dataCorrupted(
        decoder.context(pathNode, dictionary, "the dictionary has a key that is not a string or cannot be read"))
    case .repeats: repeatsKeys = true
    case .distinct: break
    }
  }

  /// What a check of a dictionary's keys found.
  private enum KeyCheck {
    case distinct, repeats, unreadable
  }

  /// Checks the keys of the dictionary (each a string, and whether one repeats) and makes the
  /// hint slot this container's, at its first pair. A small dictionary of plain ASCII keys has
  /// its keys' bytes kept in the slot, so that lookups compare bytes and read no objects.
  private func loadKeys() -> KeyCheck {
    let row = decoder.keyTexts(ofSlot: hintSlot)
    decoder.keyHints[hintSlot] = BinaryDecoder.KeyHint(dictionary: dictionary, pair: 0, keysInSlot: false)
    if count <= BinaryDecoder.keysPerSlot {
      var plain = true
      for pair in 0..<count {
        guard let key = decoder.reference(pair, of: dictionary, references: references) else { return .unreadable }
        guard let text = decoder.table.asciiKey(key) else {
          plain = false
          break
        }
        for earlier in 0..<pair where row[earlier].equals(text) { return .repeats }
        row[pair] = text
      }
      if plain {
        decoder.keyHints[hintSlot].keysInSlot = true
        return .distinct
      }
    }
    var seen = Set<ExactKey>()
    seen.reserveCapacity(count)
    var repeats = false
    for pair in 0..<count {
      guard let text = try? decoder.key(pair, of: dictionary, references: references) else { return .unreadable }
      if !seen.insert(ExactKey(text.string)).inserted { repeats = true }
    }
    return repeats ? .repeats : .distinct
  }

  var codingPath: [any CodingKey] { pathNode.path }

  /// The keys in the file's order, a repeated one at its first place.
  var allKeys: [Key] {
    var keys: [Key] = []
    var seen = Set<ExactKey>()
    for pair in 0..<count {
      guard let text = try? decoder.key(pair, of: dictionary, references: references) else { continue }
      let string = text.string
      if repeatsKeys && !seen.insert(ExactKey(string)).inserted { continue }
      if let key = Key(stringValue: string) { keys.append(key) }
    }
    return keys
  }

  func contains(_ key: Key) -> Bool { valueObject(for: key.stringValue) != nil }

  /// The object of the value for `key`, or nil.
  func valueObject(for key: String) -> Int? {
    guard count > 0, let pair = pair(of: key) else { return nil }
    return decoder.reference(count + pair, of: dictionary, references: references)
  }

  /// The pair whose key is `key`, or nil.
  private func pair(of key: String) -> Int? {
    if repeatsKeys { return lastPair(of: key) }
    var hint = decoder.keyHints[hintSlot]
    if hint.dictionary != dictionary {
      // Another container of the same depth used the slot since: take it back.
      _ = loadKeys()
      hint = decoder.keyHints[hintSlot]
    }
    if hint.keysInSlot {
      let row = decoder.keyTexts(ofSlot: hintSlot)
      var key = key
      return key.withUTF8 { utf8 in
        let wanted = KeyText(UnsafeRawBufferPointer(utf8))
        // From the hinted pair on: most lookups end at the first comparison.
        var pair = hint.pair
        for _ in 0..<count {
          if row[pair].equals(wanted) { return found(pair) }
          pair = pair + 1 == count ? 0 : pair + 1
        }
        return nil
      }
    }
    if matches(hint.pair, key) { return found(hint.pair) }
    if count > Self.indexThreshold { return indexedPair(of: key) }
    var pair = hint.pair
    for _ in 1..<count {
      pair = pair + 1 == count ? 0 : pair + 1
      if matches(pair, key) { return found(pair) }
    }
    return nil
  }

  /// True when the key of `pair` is `key`.
  @inline(__always)
  private func matches(_ pair: Int, _ key: String) -> Bool {
    switch try? decoder.key(pair, of: dictionary, references: references) {
    case .ascii(let bytes)?:
      var key = key
      return key.withUTF8 { sameBytes(UnsafeRawBufferPointer($0), bytes) }
    case .string(let string)?: return string.exactlyEquals(key)
    case nil: return false
    }
  }

  /// Records that `pair` matched (the next search starts at the pair after it) and returns it.
  private func found(_ pair: Int) -> Int {
    decoder.keyHints[hintSlot].pair = pair + 1 < count ? pair + 1 : 0
    return pair
  }

  /// The last pair whose key is `key`: the value the reader keeps for a repeated key.
  private func lastPair(of key: String) -> Int? {
    for pair in (0..<count).reversed() where matches(pair, key) { return pair }
    return nil
  }

  private func indexedPair(of key: String) -> Int? {
    if let index = decoder.keyIndexes[dictionary] { return index[ExactKey(key)] }
    var index: [ExactKey: Int] = [:]
    index.reserveCapacity(count)
    for pair in 0..<count {
      if let text = try? decoder.key(pair, of: dictionary, references: references) {
        index[ExactKey(text.string)] = pair
      }
    }
    decoder.keyIndexes[dictionary] = index
    return index[ExactKey(key)]
  }

  /// The value object for `key`, or the error for a missing key.
  private func require(_ key: Key) throws -> Int {
    guard let object = valueObject(for: key.stringValue) else {
      throw DecodingError.keyNotFound(
        key,
        decoder.context(
          pathNode, dictionary, "no value for the key \"\(key.stringValue)\" (the dictionary has \(count) keys)"))
    }
    return object
  }

  func decodeNil(forKey key: Key) throws -> Bool { decoder.isNull(try require(key)) }

  /// The value for `key`: a scalar read straight from its object, anything else decoded with
  /// the decoder pointed at it.
  @inline(__always)
  private func value<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try value(type, at: require(key), key)
  }

  @inline(__always)
  private func value<T: Decodable>(_ type: T.Type, at object: Int, _ key: Key) throws -> T {
    if let scalarType = ScalarType(type) {
      do {
        return try decoder.scalar(scalarType, as: type, at: object)
      } catch {
        throw decoder.error(error, type, at: object, pathNode, key: key)
      }
    }
    return try decoder.unwrap(type, at: object, path: pathNode.appending(key))
  }

  /// The value for `key`, or nil when it is absent or `$null`.
  @inline(__always)
  private func optionalValue<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let object = valueObject(for: key.stringValue), !decoder.isNull(object) else { return nil }
    return try value(type, at: object, key)
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
    return KeyedDecodingContainer(
      try BinaryKeyedContainer<NestedKey>(nested: decoder, dictionary: require(key), path: path))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try BinaryUnkeyedContainer(decoder: decoder, array: require(key), path: pathNode.appending(key))
  }

  func superDecoder() throws -> any Decoder {
    decoder.detachedDecoder(
      at: valueObject(for: PlistCodingKey.super.stringValue), path: pathNode.appending(PlistCodingKey.super))
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    decoder.detachedDecoder(at: valueObject(for: key.stringValue), path: pathNode.appending(key))
  }
}

extension BinaryDecoder {
  /// The text of the key of `pair` of dictionary `index`; throws (the failure recorded) when
  /// the key cannot be read or is not a string.
  @inline(__always)
  func key(_ pair: Int, of index: Int, references: Int) throws -> BinaryPropertyListObjects.StringText {
    guard let key = reference(pair, of: index, references: references) else { throw KeyProblem() }
    if let bytes = table.asciiString(key) { return .ascii(bytes) }
    do {
      if let text = try objects.stringText(key) { return text }
    } catch {
      problems.record(error)
      throw KeyProblem()
    }
    problems.record(
      PropertyListError(.invalidValue, format: .binary, "object \(index): dictionary key \(pair) is not a string"))
    throw KeyProblem()
  }

  struct KeyProblem: Error {}
}

/// True when `a` and `b` hold the same bytes: keys are short, so a loop beats a call.
@inline(__always)
private func sameBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
  guard a.count == b.count else { return false }
  if a.count > 32 { return memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
  for index in 0..<a.count where a[index] != b[index] { return false }
  return true
}

extension BinaryPropertyListObjects.StringText {
  /// The text as a string.
  var string: String {
    switch self {
    case .ascii(let bytes): String(decoding: bytes, as: UTF8.self)
    case .string(let string): string
    }
  }
}
