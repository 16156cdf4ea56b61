import FoundationEssentials
import PlistKit

/// An unkeyed container over an array of the map, walking its elements in order.
struct MapUnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: MapDecoder
  let pathNode: CodingPathNode
  let count: Int?
  private(set) var currentIndex = 0
  /// The entry of the next element.
  private var cursor: Int

  init(decoder: MapDecoder, array: Int, path: CodingPathNode) {
    self.decoder = decoder
    pathNode = path
    count = decoder.map.entries[array].count
    cursor = array + 1
  }

  var codingPath: [any CodingKey] { pathNode.path }

  var isAtEnd: Bool { currentIndex >= count! }

  /// The next element's entry (resolved), or the error for the end of the array.
  private func next(_ type: Any.Type) throws -> Int {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type,
        decoder.context(
          pathNode, nil, key: PlistCodingKey(index: currentIndex),
          "expected a value of type \(type), but the array has only \(count!) elements"))
    }
    return decoder.map.resolved(cursor)
  }

  /// Moves past the element just read.
  private mutating func advance() {
    cursor = decoder.map.next(after: cursor)
    currentIndex += 1
  }

  private var key: PlistCodingKey { PlistCodingKey(index: currentIndex) }

  mutating func decodeNil() throws -> Bool {
    guard decoder.map.isNull(try next(Never.self)) else { return false }
    advance()
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    let value = try decoder.unwrapBool(at: next(type), path: pathNode, key: key)
    advance()
    return value
  }

  mutating func decode(_ type: String.Type) throws -> String {
    let value = try decoder.unwrapString(at: next(type), path: pathNode, key: key)
    advance()
    return value
  }

  mutating func decode(_ type: Double.Type) throws -> Double { try floatingPoint(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try floatingPoint(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

  private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
    let value = try decoder.unwrapInteger(type, at: next(type), path: pathNode, key: key)
    advance()
    return value
  }

  private mutating func floatingPoint<T: BinaryFloatingPoint>(_ type: T.Type) throws -> T {
    let value = try decoder.unwrapFloatingPoint(type, at: next(type), path: pathNode, key: key)
    advance()
    return value
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let value = try decoder.unwrap(type, at: next(type), path: pathNode.appending(index: currentIndex))
    advance()
    return value
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let path = pathNode.appending(index: currentIndex)
    let entry = try decoder.dictionaryEntry(next([String: Any].self), path, nested: true)
    advance()
    return KeyedDecodingContainer(MapKeyedContainer<NestedKey>(nested: decoder, dictionary: entry, path: path))
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let path = pathNode.appending(index: currentIndex)
    let entry = try decoder.arrayEntry(next([Any].self), path, nested: true)
    advance()
    return MapUnkeyedContainer(decoder: decoder, array: entry, path: path)
  }

  mutating func superDecoder() throws -> any Decoder {
    let path = pathNode.appending(index: currentIndex)
    let entry = try next(Decoder.self)
    advance()
    return decoder.detachedDecoder(at: entry, path: path)
  }
}
