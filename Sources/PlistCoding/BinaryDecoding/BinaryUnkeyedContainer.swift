import FoundationEssentials
import PlistKit

/// An unkeyed container over an array object of a binary plist, walking its references in order.
struct BinaryUnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: BinaryDecoder
  let pathNode: CodingPath
  let count: Int?
  private(set) var currentIndex = 0
  /// The array's object and where its references start.
  private let array: Int
  private let references: Int

  init(decoder: BinaryDecoder, array: Int, path: CodingPath) throws {
    let (count, references) = try decoder.array(array, path)
    self.decoder = decoder
    self.array = array
    self.references = references
    self.count = count
    pathNode = path
  }

  var codingPath: [any CodingKey] { pathNode.path }

  var isAtEnd: Bool { currentIndex >= count! }

  private var key: PlistCodingKey { PlistCodingKey(index: currentIndex) }

  /// The next element's object, or the error for the end of the array (or for a reference
  /// that cannot be read).
  private func next(_ type: Any.Type) throws -> Int {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type,
        decoder.context(
          pathNode, nil, key: key, "expected a value of type \(type), but the array has only \(count!) elements"))
    }
    guard let object = decoder.reference(currentIndex, of: array, references: references) else {
      throw DecodingError.dataCorrupted(decoder.context(pathNode, array, key: key, "the element cannot be read"))
    }
    return object
  }

  mutating func decodeNil() throws -> Bool {
    guard decoder.isNull(try next(Never.self)) else { return false }
    currentIndex += 1
    return true
  }

  /// The next element: a scalar read straight from its object, anything else decoded with
  /// the decoder pointed at it.
  @inline(__always)
  private mutating func value<T: Decodable>(_ type: T.Type) throws -> T {
    let object = try next(type)
    let value: T
    do {
      if let scalarType = ScalarType(type) {
        value = try decoder.scalar(scalarType, as: type, at: object)
      } else {
        value = try decoder.unwrapContent(type, at: object, path: pathNode.appending(index: currentIndex))
      }
    } catch let problem as ScalarProblem {
      throw decoder.error(problem, type, at: object, pathNode, key: key)
    }
    currentIndex += 1
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
    let container = try BinaryKeyedContainer<NestedKey>(
      nested: decoder, dictionary: next([String: Any].self), path: path)
    currentIndex += 1
    return KeyedDecodingContainer(container)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let path = pathNode.appending(index: currentIndex)
    let container = try BinaryUnkeyedContainer(decoder: decoder, array: next([Any].self), path: path)
    currentIndex += 1
    return container
  }

  mutating func superDecoder() throws -> any Decoder {
    let path = pathNode.appending(index: currentIndex)
    let object = try next(Decoder.self)
    currentIndex += 1
    return decoder.detachedDecoder(at: object, path: path)
  }
}
