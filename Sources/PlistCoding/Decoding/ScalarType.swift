import FoundationEssentials

/// The types read straight from a source rather than through their `init(from:)`: the
/// standard scalars, `Date` and `Data`.
enum ScalarType {
  case string, int, double, bool, date, data, float, int64, int32, int16, int8, uint, uint64, uint32, uint16, uint8

  /// The scalar type `T` is, or nil for a type that decodes itself.
  @inline(__always)
  init?<T>(_ type: T.Type) {
    if T.self == String.self {
      self = .string
    } else if T.self == Int.self {
      self = .int
    } else if T.self == Double.self {
      self = .double
    } else if T.self == Bool.self {
      self = .bool
    } else if T.self == Date.self {
      self = .date
    } else if T.self == Data.self {
      self = .data
    } else if T.self == Float.self {
      self = .float
    } else if T.self == Int64.self {
      self = .int64
    } else if T.self == Int32.self {
      self = .int32
    } else if T.self == Int16.self {
      self = .int16
    } else if T.self == Int8.self {
      self = .int8
    } else if T.self == UInt.self {
      self = .uint
    } else if T.self == UInt64.self {
      self = .uint64
    } else if T.self == UInt32.self {
      self = .uint32
    } else if T.self == UInt16.self {
      self = .uint16
    } else if T.self == UInt8.self {
      self = .uint8
    } else {
      return nil
    }
  }
}

/// Why a scalar could not be read, before the path is known.
enum ScalarProblem: Error {
  /// The value has another type.
  case mismatch
  /// The value is `$null`.
  case null
  /// The value has the type but cannot be read as it (out of range, not parsable).
  case corrupted(String)
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
