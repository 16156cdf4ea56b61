import FoundationEssentials

/// A container that takes one encoded value at a time as a node of the arena: an unkeyed
/// container its next element, a single-value container (the encoder, or the encoder of a
/// `superEncoder()`'s slot) its value. The scalar requests of both protocols make a node and
/// put it in place, written here once.
protocol ArenaValueContainer {
  var arena: EncodingArena { get }
  /// Puts `node`, the value just encoded, in its place.
  mutating func put(_ node: Int32)
}

extension ArenaValueContainer {
  mutating func encodeNil() { put(arena.addNull()) }
  mutating func encode(_ value: Bool) { put(arena.add(boolean: value)) }
  mutating func encode(_ value: String) { put(arena.add(string: value)) }
  mutating func encode(_ value: Double) { put(arena.add(real: value)) }
  mutating func encode(_ value: Float) { put(arena.add(float: value)) }
  mutating func encode(_ value: Int) { put(arena.add(integer: Int64(value))) }
  mutating func encode(_ value: Int8) { put(arena.add(integer: Int64(value))) }
  mutating func encode(_ value: Int16) { put(arena.add(integer: Int64(value))) }
  mutating func encode(_ value: Int32) { put(arena.add(integer: Int64(value))) }
  mutating func encode(_ value: Int64) { put(arena.add(integer: value)) }
  mutating func encode(_ value: UInt) { put(arena.add(unsigned64: UInt64(value))) }
  mutating func encode(_ value: UInt8) { put(arena.add(unsigned: UInt64(value))) }
  mutating func encode(_ value: UInt16) { put(arena.add(unsigned: UInt64(value))) }
  mutating func encode(_ value: UInt32) { put(arena.add(unsigned: UInt64(value))) }
  mutating func encode(_ value: UInt64) { put(arena.add(unsigned64: value)) }
}
