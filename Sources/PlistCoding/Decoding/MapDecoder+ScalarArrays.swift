import FoundationEssentials
import PlistKit

/// Arrays of scalars (`[String]`, `[Int]`, `[Date]`, …) read straight from the map: the same
/// elements with the same checks and errors as `Array.init(from:)` would read
/// (``arrayEntry(_:_:nested:)`` for the container, then each element as the unkeyed container
/// reads it).
extension MapDecoder {
  func scalarElements<Element>(
    _ element: ScalarType, of type: Element.Type, at index: Int, _ path: @autoclosure () -> CodingPath
  ) throws -> [Element] {
    let array = try arrayEntry(index, path())
    let count = map.entries[array].count
    var elements: [Element] = []
    elements.reserveCapacity(count)
    var cursor = array + 1
    for position in 0..<count {
      let entry = map.resolved(cursor)
      do {
        elements.append(try scalar(element, as: type, at: entry))
      } catch {
        throw self.error(error, type, at: entry, path(), key: PlistCodingKey(index: position))
      }
      cursor = map.next(after: cursor)
    }
    return elements
  }
}

extension ScalarType {
  /// The scalar type of the elements when `T` is an array of one, or nil.
  @inline(__always)
  init?<T>(elementsOf type: T.Type) {
    if T.self == [String].self {
      self = .string
    } else if T.self == [Int].self {
      self = .int
    } else if T.self == [Double].self {
      self = .double
    } else if T.self == [Bool].self {
      self = .bool
    } else if T.self == [Date].self {
      self = .date
    } else if T.self == [Data].self {
      self = .data
    } else if T.self == [Float].self {
      self = .float
    } else if T.self == [Int64].self {
      self = .int64
    } else if T.self == [Int32].self {
      self = .int32
    } else if T.self == [Int16].self {
      self = .int16
    } else if T.self == [Int8].self {
      self = .int8
    } else if T.self == [UInt].self {
      self = .uint
    } else if T.self == [UInt64].self {
      self = .uint64
    } else if T.self == [UInt32].self {
      self = .uint32
    } else if T.self == [UInt16].self {
      self = .uint16
    } else if T.self == [UInt8].self {
      self = .uint8
    } else {
      return nil
    }
  }
}
