import FoundationEssentials
import PlistKit

/// A keyed container over a dictionary object of a binary plist: the key's string is looked
/// up by ``BinaryDictionary``, which is not generic, and the value read as the type asks.
struct BinaryKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let dictionary: BinaryDictionary
  let pathNode: CodingPath

  private var decoder: BinaryDecoder { dictionary.decoder }
  private var count: Int { dictionary.count }

  /// A container for the dictionary the decoder is at.
  init(decoder: BinaryDecoder, dictionary: Int) throws {
    let path = decoder.pathNode
    self.dictionary = try BinaryDictionary(
      decoder: decoder, object: dictionary, depth: decoder.currentDepth, path: path)
    pathNode = path
  }

  /// A container for a nested dictionary, with its own path (the decoder stays where it is).
  init(nested decoder: BinaryDecoder, dictionary: Int, path: CodingPath) throws {
    self.dictionary = try BinaryDictionary(
      decoder: decoder, object: dictionary, depth: decoder.currentDepth + 1, path: path)
    pathNode = path
  }

  var codingPath: [any CodingKey] { pathNode.path }

  /// The keys in the file's order, a repeated one at its first place.
  var allKeys: [Key] { dictionary.keys.compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { valueObject(for: key.stringValue) != nil }

  /// The object of the value for `key`, or nil.
  @inline(__always)
  private func valueObject(for key: String) -> Int? { dictionary.valueObject(for: key) }

  /// The value object for `key`, or the error for a missing key.
  private func require(_ key: Key) throws -> Int {
    guard let object = valueObject(for: key.stringValue) else {
      throw DecodingError.keyNotFound(
        key,
        decoder.context(
          pathNode, dictionary.object, "no value for the key \"\(key.stringValue)\" (the dictionary has \(count) keys)")
      )
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
    return try decoder.unwrapContent(type, at: object, path: pathNode.appending(key))
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
