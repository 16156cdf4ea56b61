import FoundationEssentials
import PlistKit

/// A keyed container filling a dictionary node of the arena.
struct ValueKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: ValueEncoder
  let node: Int32
  let path: CodingPath

  var codingPath: [any CodingKey] { path.path }

  private func put(_ child: Int32, _ key: Key) { encoder.arena.append(child, to: node, key: key.stringValue) }

  mutating func encodeNil(forKey key: Key) { put(encoder.arena.addNull(), key) }
  mutating func encode(_ value: Bool, forKey key: Key) { put(encoder.arena.add(boolean: value), key) }
  mutating func encode(_ value: String, forKey key: Key) { put(encoder.arena.add(string: value), key) }
  mutating func encode(_ value: Double, forKey key: Key) { put(encoder.arena.add(real: value), key) }
  mutating func encode(_ value: Float, forKey key: Key) { put(encoder.arena.add(float: value), key) }
  mutating func encode(_ value: Int, forKey key: Key) { put(encoder.arena.add(integer: Int64(value)), key) }
  mutating func encode(_ value: Int8, forKey key: Key) { put(encoder.arena.add(integer: Int64(value)), key) }
  mutating func encode(_ value: Int16, forKey key: Key) { put(encoder.arena.add(integer: Int64(value)), key) }
  mutating func encode(_ value: Int32, forKey key: Key) { put(encoder.arena.add(integer: Int64(value)), key) }
  mutating func encode(_ value: Int64, forKey key: Key) { put(encoder.arena.add(integer: value), key) }
  mutating func encode(_ value: UInt, forKey key: Key) { put(encoder.arena.add(unsigned64: UInt64(value)), key) }
  mutating func encode(_ value: UInt8, forKey key: Key) { put(encoder.arena.add(unsigned: UInt64(value)), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) { put(encoder.arena.add(unsigned: UInt64(value)), key) }
  mutating func encode(_ value: UInt32, forKey key: Key) { put(encoder.arena.add(unsigned: UInt64(value)), key) }
  mutating func encode(_ value: UInt64, forKey key: Key) { put(encoder.arena.add(unsigned64: value), key) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    put(try encoder.box(value, path: path.appending(key)), key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    KeyedEncodingContainer(
      ValueKeyedContainer<NestedKey>(encoder: encoder, node: nested(.dictionary, key), path: path.appending(key)))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    ValueUnkeyedContainer(encoder: encoder, node: nested(.array, key), path: path.appending(key))
  }

  /// The container already encoded under `key` (Foundation hands back the same one), or a
  /// new one.
  private func nested(_ kind: EncodingArena.Node.Kind, _ key: Key) -> Int32 {
    if let existing = encoder.arena.child(of: node, forKey: key.stringValue) {
      precondition(
        encoder.arena.nodes[Int(existing)].kind == kind,
        "a nested container was requested for \(key.stringValue), which holds another kind of value")
      return existing
    }
    let child = kind == .array ? encoder.arena.addArray() : encoder.arena.addDictionary()
    put(child, key)
    return child
  }

  mutating func superEncoder() -> any Encoder { superEncoder(key: PlistCodingKey.super) }

  mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(key: key) }

  private func superEncoder(key: some CodingKey) -> any Encoder {
    let slot = encoder.arena.addDictionary()
    encoder.arena.append(slot, to: node, key: key.stringValue)
    return SlotEncoder(parent: encoder, slot: slot, path: path.appending(key))
  }
}

/// An unkeyed container filling an array node of the arena.
struct ValueUnkeyedContainer: UnkeyedEncodingContainer, ArenaValueContainer {
  let encoder: ValueEncoder
  let node: Int32
  let path: CodingPath

  var codingPath: [any CodingKey] { path.path }
  var count: Int { Int(encoder.arena.nodes[Int(node)].count) }
  var arena: EncodingArena { encoder.arena }

  func put(_ child: Int32) { encoder.arena.append(child, to: node) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    put(try encoder.box(value, path: path.appending(index: count)))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    let nestedPath = path.appending(index: count)
    let child = encoder.arena.addDictionary()
    put(child)
    return KeyedEncodingContainer(ValueKeyedContainer<NestedKey>(encoder: encoder, node: child, path: nestedPath))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nestedPath = path.appending(index: count)
    let child = encoder.arena.addArray()
    put(child)
    return ValueUnkeyedContainer(encoder: encoder, node: child, path: nestedPath)
  }

  mutating func superEncoder() -> any Encoder {
    let slotPath = path.appending(index: count)
    let slot = encoder.arena.addDictionary()
    put(slot)
    return SlotEncoder(parent: encoder, slot: slot, path: slotPath)
  }
}
