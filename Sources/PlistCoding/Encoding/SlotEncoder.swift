import FoundationEssentials
import PlistKit

/// The encoder `superEncoder()` returns: it encodes one value into a place its parent
/// container set aside (an empty dictionary until something is encoded), and may be used
/// after the parent's encoder has moved on.
final class SlotEncoder: Encoder {
  private let encoder: ValueEncoder
  private let path: CodingPathNode
  private let store: (EncodedValue) -> Void

  init(parent: ValueEncoder, path: CodingPathNode, store: @escaping (EncodedValue) -> Void) {
    encoder = ValueEncoder(userInfo: parent.userInfo, maximumDepth: parent.maximumDepth)
    self.path = path
    self.store = store
  }

  var codingPath: [any CodingKey] { path.path }
  var userInfo: [CodingUserInfoKey: Any] { encoder.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let dictionary = EncodedDictionary()
    store(.dictionary(dictionary))
    return KeyedEncodingContainer(ValueKeyedContainer<Key>(encoder: encoder, dictionary: dictionary, path: path))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let array = EncodedArray()
    store(.array(array))
    return ValueUnkeyedContainer(encoder: encoder, array: array, path: path)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { self }
}

extension SlotEncoder: SingleValueEncodingContainer {
  func encodeNil() { store(.value(.string(DecodingMap.null))) }
  func encode(_ value: Bool) { store(.value(.boolean(value))) }
  func encode(_ value: String) { store(.value(.string(value))) }
  func encode(_ value: Double) { store(.value(.real(value))) }
  func encode(_ value: Float) { store(.value(.real(Double(value)))) }
  func encode(_ value: Int) { store(.value(.integer(Int64(value)))) }
  func encode(_ value: Int8) { store(.value(.integer(Int64(value)))) }
  func encode(_ value: Int16) { store(.value(.integer(Int64(value)))) }
  func encode(_ value: Int32) { store(.value(.integer(Int64(value)))) }
  func encode(_ value: Int64) { store(.value(.integer(value))) }
  func encode(_ value: UInt) { store(.value(.integer(UInt64(value)))) }
  func encode(_ value: UInt8) { store(.value(.integer(UInt64(value)))) }
  func encode(_ value: UInt16) { store(.value(.integer(UInt64(value)))) }
  func encode(_ value: UInt32) { store(.value(.integer(UInt64(value)))) }
  func encode(_ value: UInt64) { store(.value(.integer(value))) }
  func encode<T: Encodable>(_ value: T) throws { store(try encoder.box(value, path: path)) }
}
