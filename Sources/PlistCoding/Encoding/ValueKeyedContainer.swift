import FoundationEssentials
import PlistKit

/// A keyed container filling an ``EncodedDictionary``.
struct ValueKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: ValueEncoder
  let dictionary: EncodedDictionary
  let path: CodingPathNode

  init(encoder: ValueEncoder, dictionary: EncodedDictionary, path: CodingPathNode) {
    self.encoder = encoder
    self.dictionary = dictionary
    self.path = path
  }

  var codingPath: [any CodingKey] { path.path }

  private func put(_ value: PropertyList, _ key: Key) { dictionary.append(.value(value), forKey: key.stringValue) }

  mutating func encodeNil(forKey key: Key) { put(.string(DecodingMap.null), key) }
  mutating func encode(_ value: Bool, forKey key: Key) { put(.boolean(value), key) }
  mutating func encode(_ value: String, forKey key: Key) { put(.string(value), key) }
  mutating func encode(_ value: Double, forKey key: Key) { put(.real(value), key) }
  mutating func encode(_ value: Float, forKey key: Key) { put(.real(Double(value)), key) }
  mutating func encode(_ value: Int, forKey key: Key) { put(.integer(Int64(value)), key) }
  mutating func encode(_ value: Int8, forKey key: Key) { put(.integer(Int64(value)), key) }
  mutating func encode(_ value: Int16, forKey key: Key) { put(.integer(Int64(value)), key) }
  mutating func encode(_ value: Int32, forKey key: Key) { put(.integer(Int64(value)), key) }
  mutating func encode(_ value: Int64, forKey key: Key) { put(.integer(value), key) }
  mutating func encode(_ value: UInt, forKey key: Key) { put(.integer(UInt64(value)), key) }
  mutating func encode(_ value: UInt8, forKey key: Key) { put(.integer(UInt64(value)), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) { put(.integer(UInt64(value)), key) }
  mutating func encode(_ value: UInt32, forKey key: Key) { put(.integer(UInt64(value)), key) }
  mutating func encode(_ value: UInt64, forKey key: Key) { put(.integer(value), key) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    dictionary.append(try encoder.box(value, path: path.appending(key)), forKey: key.stringValue)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested: EncodedDictionary
    if case .dictionary(let existing)? = dictionary.existing(forKey: key.stringValue) {
      nested = existing
    } else {
      nested = EncodedDictionary()
      dictionary.append(.dictionary(nested), forKey: key.stringValue)
    }
    return KeyedEncodingContainer(
      ValueKeyedContainer<NestedKey>(encoder: encoder, dictionary: nested, path: path.appending(key)))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested: EncodedArray
    if case .array(let existing)? = dictionary.existing(forKey: key.stringValue) {
      nested = existing
    } else {
      nested = EncodedArray()
      dictionary.append(.array(nested), forKey: key.stringValue)
    }
    return ValueUnkeyedContainer(encoder: encoder, array: nested, path: path.appending(key))
  }

  mutating func superEncoder() -> any Encoder { superEncoder(key: PlistCodingKey.super) }

  mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(key: key) }

  private func superEncoder(key: some CodingKey) -> any Encoder {
    let slot = dictionary.keys.count
    dictionary.append(.dictionary(EncodedDictionary()), forKey: key.stringValue)
    return SlotEncoder(parent: encoder, path: path.appending(key)) { [dictionary] value in
      dictionary.values[slot] = value
    }
  }
}

/// An unkeyed container filling an ``EncodedArray``.
struct ValueUnkeyedContainer: UnkeyedEncodingContainer {
  let encoder: ValueEncoder
  let array: EncodedArray
  let path: CodingPathNode

  var codingPath: [any CodingKey] { path.path }
  var count: Int { array.elements.count }

  private func put(_ value: PropertyList) { array.elements.append(.value(value)) }

  mutating func encodeNil() { put(.string(DecodingMap.null)) }
  mutating func encode(_ value: Bool) { put(.boolean(value)) }
  mutating func encode(_ value: String) { put(.string(value)) }
  mutating func encode(_ value: Double) { put(.real(value)) }
  mutating func encode(_ value: Float) { put(.real(Double(value))) }
  mutating func encode(_ value: Int) { put(.integer(Int64(value))) }
  mutating func encode(_ value: Int8) { put(.integer(Int64(value))) }
  mutating func encode(_ value: Int16) { put(.integer(Int64(value))) }
  mutating func encode(_ value: Int32) { put(.integer(Int64(value))) }
  mutating func encode(_ value: Int64) { put(.integer(value)) }
  mutating func encode(_ value: UInt) { put(.integer(UInt64(value))) }
  mutating func encode(_ value: UInt8) { put(.integer(UInt64(value))) }
  mutating func encode(_ value: UInt16) { put(.integer(UInt64(value))) }
  mutating func encode(_ value: UInt32) { put(.integer(UInt64(value))) }
  mutating func encode(_ value: UInt64) { put(.integer(value)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    array.elements.append(try encoder.box(value, path: path.appending(index: count)))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = EncodedDictionary()
    let nestedPath = path.appending(index: count)
    array.elements.append(.dictionary(nested))
    return KeyedEncodingContainer(
      ValueKeyedContainer<NestedKey>(encoder: encoder, dictionary: nested, path: nestedPath))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = EncodedArray()
    let nestedPath = path.appending(index: count)
    array.elements.append(.array(nested))
    return ValueUnkeyedContainer(encoder: encoder, array: nested, path: nestedPath)
  }

  mutating func superEncoder() -> any Encoder {
    let slot = count
    let slotPath = path.appending(index: slot)
    array.elements.append(.dictionary(EncodedDictionary()))
    return SlotEncoder(parent: encoder, path: slotPath) { [array] value in array.elements[slot] = value }
  }
}
