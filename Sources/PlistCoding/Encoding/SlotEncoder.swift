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

extension SlotEncoder: SingleValueEncodingContainer, ArenaValueContainer {
  var arena: EncodingArena { encoder.arena }

  func put(_ node: Int32) { arena.replace(slot, with: node) }

  func encode<T: Encodable>(_ value: T) throws { put(try encoder.box(value, path: path)) }
}
