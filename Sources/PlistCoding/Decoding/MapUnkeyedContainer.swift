import FoundationEssentials
import PlistKit

/// An unkeyed container over an array of the map, walking its elements in order.
struct MapUnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: MapDecoder
  let pathNode: CodingPath
  let count: Int?
  private(set) var currentIndex = 0
  /// The entry of the next element.
  private var cursor: Int

  init(decoder: MapDecoder, array: Int, path: CodingPath) {
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

  /// The next element: a scalar read straight from its entry, anything else decoded with the
  /// decoder pointed at it.
  @inline(__always)
  private mutating func value<T: Decodable>(_ type: T.Type) throws -> T {
    let entry = try next(type)
    let value: T
    do {
      if let scalarType = ScalarType(type) {
        value = try decoder.scalar(scalarType, as: type, at: entry)
      } else {
        value = try decoder.unwrap(type, at: entry, path: pathNode.appending(index: currentIndex))
      }
    } catch let problem as ScalarProblem {
      throw decoder.error(problem, type, at: entry, pathNode, key: key)
    }
    advance()
    return value
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try value(type) }
  mutating func decode(_ type: String.Type) throws -> String { try value(type) }
  mutating func decode(_ type: Double.Type) throws -> Double { try value(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try value(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try value(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try value(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try value(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try value(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try value(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try value(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try value(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try value(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try value(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try value(type) }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try value(type) }

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
