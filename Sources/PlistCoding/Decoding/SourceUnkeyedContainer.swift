import FoundationEssentials
import PlistKit

/// An unkeyed container over an array of a ``DecodingSource``, walking its elements in order.
struct SourceUnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: SourceDecoder
  let pathNode: CodingPath
  let count: Int?
  private(set) var currentIndex = 0
  private let array: DecodingArray
  /// Where the source finds the current element, and the one after it once that is read.
  private var cursor: Int
  private var following: Int

  init(decoder: SourceDecoder, array: DecodingArray, path: CodingPath) {
    self.decoder = decoder
    self.array = array
    pathNode = path
    count = array.count
    cursor = array.start
    following = array.start
  }

  var codingPath: [any CodingKey] { pathNode.path }

  var isAtEnd: Bool { currentIndex >= array.count }

  private var key: PlistCodingKey { PlistCodingKey(index: currentIndex) }

  /// The next element, or the error for the end of the array (or for an element that cannot
  /// be read).
  @inline(__always)  // Into each request: the source's read of the element is then its only call.
  private mutating func next(_ type: Any.Type) throws -> Int {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type,
        decoder.source.context(
          pathNode, nil, key: key, "expected a value of type \(type), but the array has only \(array.count) elements"))
    }
    following = cursor
    guard let index = decoder.source.element(currentIndex, cursor: &following, of: array) else {
      throw DecodingError.dataCorrupted(
        decoder.source.context(pathNode, array.index, key: key, "the element cannot be read"))
    }
    return index
  }

  /// Moves past the element just read (by ``next(_:)``).
  private mutating func advance() {
    cursor = following
    currentIndex += 1
  }

  mutating func decodeNil() throws -> Bool {
    guard decoder.source.isNull(try next(Never.self)) else { return false }
    advance()
    return true
  }

  /// The next element: a scalar read straight from the source, anything else decoded with the
  /// decoder pointed at it.
  @inline(__always)
  private mutating func value<T: Decodable>(_ type: T.Type) throws -> T {
    let index = try next(type)
    let value: T
    do {
      if let scalarType = ScalarType(type) {
        value = try decoder.scalar(scalarType, as: type, at: index)
      } else {
        value = try decoder.unwrapValue(
          type, at: index, path: pathNode.appending(index: currentIndex), inside: true)
      }
    } catch let problem as ScalarProblem {
      throw decoder.source.error(problem, type, at: index, pathNode, key: key)
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
    let nested = try decoder.openDictionary(next([String: Any].self), path, depth: decoder.depth + 1, nested: true)
    advance()
    return KeyedDecodingContainer(SourceKeyedContainer<NestedKey>(decoder: decoder, dictionary: nested, pathNode: path))
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let path = pathNode.appending(index: currentIndex)
    let nested = try decoder.openArray(next([Any].self), path, nested: true)
    advance()
    return SourceUnkeyedContainer(decoder: decoder, array: nested, path: path)
  }

  mutating func superDecoder() throws -> any Decoder {
    let path = pathNode.appending(index: currentIndex)
    let index = try next(Decoder.self)
    advance()
    return decoder.detachedDecoder(at: index, path: path)
  }
}
