import FoundationEssentials
import PlistKit

/// The encoder `superEncoder()` returns: it encodes one value into a place its parent
/// container set aside (an empty dictionary until something is encoded there), and may be
/// used after the parent's encoder has moved on.
final class SlotEncoder: Encoder {
  private let encoder: ValueEncoder
  private let slot: Int32
  private let path: CodingPath

  init(parent: ValueEncoder, slot: Int32, path: CodingPath) {
    encoder = ValueEncoder(
      arena: parent.arena, userInfo: parent.userInfo, maximumDepth: parent.maximumDepth, archiving: parent.archiving)
    encoder.sortsStringDictionaries = parent.sortsStringDictionaries
    if !parent.archiving { parent.arena.markUniquingScope(slot) }
    self.slot = slot
    self.path = path
  }

  var codingPath: [any CodingKey] { path.path }
  var userInfo: [CodingUserInfoKey: Any] { encoder.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(ValueKeyedContainer<Key>(encoder: encoder, node: slot, path: path))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    encoder.arena.makeArray(slot)
    return ValueUnkeyedContainer(encoder: encoder, node: slot, path: path)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { self }
}

extension SlotEncoder: SingleValueEncodingContainer {
  private func set(_ node: Int32) { encoder.arena.replace(slot, with: node) }

  func encodeNil() { set(encoder.arena.addNull()) }
  func encode(_ value: Bool) { set(encoder.arena.add(boolean: value)) }
  func encode(_ value: String) { set(encoder.arena.add(string: value)) }
  func encode(_ value: Double) { set(encoder.arena.add(real: value)) }
  func encode(_ value: Float) { set(encoder.arena.add(float: value)) }
  func encode(_ value: Int) { set(encoder.arena.add(integer: Int64(value))) }
  func encode(_ value: Int8) { set(encoder.arena.add(integer: Int64(value))) }
  func encode(_ value: Int16) { set(encoder.arena.add(integer: Int64(value))) }
  func encode(_ value: Int32) { set(encoder.arena.add(integer: Int64(value))) }
  func encode(_ value: Int64) { set(encoder.arena.add(integer: value)) }
  func encode(_ value: UInt) { set(encoder.arena.add(unsigned64: UInt64(value))) }
  func encode(_ value: UInt8) { set(encoder.arena.add(unsigned: UInt64(value))) }
  func encode(_ value: UInt16) { set(encoder.arena.add(unsigned: UInt64(value))) }
  func encode(_ value: UInt32) { set(encoder.arena.add(unsigned: UInt64(value))) }
  func encode(_ value: UInt64) { set(encoder.arena.add(unsigned64: value)) }
  func encode<T: Encodable>(_ value: T) throws { set(try encoder.box(value, path: path)) }
}
