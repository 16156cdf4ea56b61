import FoundationEssentials
import PlistKit

/// A keyed container over a dictionary of a ``DecodingSource``. The source finds a key's value
/// its own fast way (see ``MapDecodingSource`` and ``BinaryDecodingSource``); the container
/// hands it the key's string only, so that the lookup is not generic over the key type.
struct SourceKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: SourceDecoder
  let dictionary: DecodingDictionary
  let pathNode: CodingPath

  var codingPath: [any CodingKey] { pathNode.path }

  var allKeys: [Key] { decoder.source.keys(of: dictionary).compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { valueIndex(for: key.stringValue) != nil }

  /// The value for `key`, or nil.
  @inline(__always)
  func valueIndex(for key: String) -> Int? { decoder.source.value(forKey: key, in: dictionary) }

  /// The value for `key`, or the error for a missing key.
  @inline(__always)  // Into each request: the lookup is then the only call.
  private func require(_ key: Key) throws -> Int {
    guard let index = valueIndex(for: key.stringValue) else {
      throw DecodingError.keyNotFound(
        key,
        decoder.source.context(
          pathNode, dictionary.index,
          "no value for the key \"\(key.stringValue)\" (the dictionary has \(dictionary.count) keys)"))
    }
    return index
  }

  func decodeNil(forKey key: Key) throws -> Bool { decoder.source.isNull(try require(key)) }

  /// The value for `key`: a scalar read straight from the source, anything else decoded with
  /// the decoder pointed at it.
  @inline(__always)
  private func value<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try value(type, at: require(key), key)
  }

  @inline(__always)
  private func value<T: Decodable>(_ type: T.Type, at index: Int, _ key: Key) throws -> T {
    if let scalarType = ScalarType(type) {
      do {
        return try decoder.scalar(scalarType, as: type, at: index)
      } catch {
        throw decoder.source.error(error, type, at: index, pathNode, key: key)
      }
    }
    return try decoder.unwrapValue(type, at: index, path: pathNode.appending(key), inside: true)
  }

  /// The value for `key`, or nil when it is absent or `$null`.
  @inline(__always)
  private func optionalValue<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let index = valueIndex(for: key.stringValue), !decoder.source.isNull(index) else { return nil }
    return try value(type, at: index, key)
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
    let nested = try decoder.openDictionary(require(key), path, depth: decoder.depth + 1, nested: true)
    return KeyedDecodingContainer(SourceKeyedContainer<NestedKey>(decoder: decoder, dictionary: nested, pathNode: path))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    let path = pathNode.appending(key)
    return SourceUnkeyedContainer(
      decoder: decoder, array: try decoder.openArray(require(key), path, nested: true), path: path)
  }

  func superDecoder() throws -> any Decoder {
    decoder.detachedDecoder(
      at: valueIndex(for: PlistCodingKey.super.stringValue), path: pathNode.appending(PlistCodingKey.super))
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    decoder.detachedDecoder(at: valueIndex(for: key.stringValue), path: pathNode.appending(key))
  }
}
