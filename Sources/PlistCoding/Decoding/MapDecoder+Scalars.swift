import FoundationEssentials
import PlistKit

/// Scalars as Foundation's `PropertyListDecoder` reads them: a string only from a string, a
/// boolean only from a boolean, a date only from a date, data only from data; an integer of
/// any width from an integer or a real that it holds exactly, and a floating-point number from
/// a real or an integer. Out of range is `DecodingError.dataCorrupted`, never a trap; `$null`
/// where a value is needed is `valueNotFound`.
///
/// With ``DecodingRules/scalarsFromText`` (OpenStep and plain JSON input) a number, boolean,
/// date or data may also be a string as PlistKit's writers write them: `42`, `1.5`, `YES`,
/// `2001-01-01T00:00:00Z`, base64.
///
/// The readers throw a ``ScalarProblem`` without a path; the container that asked turns it
/// into a `DecodingError` with its path and key, so that the common case carries neither.
extension MapDecoder: ScalarReading {
  func string(at index: Int) throws(ScalarProblem) -> String {
    let entry = map.entries[index]
    guard entry.kind == .string else { throw entry.kind == .null ? .null : .mismatch }
    return map.strings[Int(entry.payload)]
  }

  func bool(at index: Int) throws(ScalarProblem) -> Bool {
    let entry = map.entries[index]
    if entry.kind == .boolean { return entry.payload != 0 }
    if rules.numbersAreNSNumbers, entry.kind == .integer, entry.payload <= 1 { return entry.payload == 1 }
    switch try text(at: index) {
    case "YES"?, "true"?: return true
    case "NO"?, "false"?: return false
    default: throw .mismatch
    }
  }

  func integer<T: FixedWidthInteger>(_ type: T.Type, at index: Int) throws(ScalarProblem) -> T {
    let entry = map.entries[index]
    switch entry.kind {
    case .integer: return try ScalarConversion.integer(Int64(bitPattern: entry.payload), as: T.self)
    case .largeInteger: return try ScalarConversion.integer(entry.payload, as: T.self)
    case .real: return try ScalarConversion.integer(real: Double(bitPattern: entry.payload), as: T.self)
    case .boolean where rules.numbersAreNSNumbers:
      return entry.payload == 0 ? 0 : 1
    default:
      guard let text = try text(at: index) else { throw .mismatch }
      if let integer = PropertyListInteger(parsing: Substring(text)) {
        if let exact = integer.int64Value.flatMap({ T(exactly: $0) }) ?? integer.uint64Value.flatMap({ T(exactly: $0) })
        {
          return exact
        }
        throw .corrupted("the integer \(integer) does not fit in \(T.self)")
      }
      if let real = Double(text), let exact = T(exactly: real) { return exact }
      throw .mismatch
    }
  }

  func floatingPoint<T: BinaryFloatingPoint>(_ type: T.Type, at index: Int) throws(ScalarProblem) -> T {
    let entry = map.entries[index]
    let value: Double
    switch entry.kind {
    case .real: value = Double(bitPattern: entry.payload)
    case .integer: value = Double(Int64(bitPattern: entry.payload))
    case .largeInteger: value = Double(entry.payload)
    default:
      guard let text = try text(at: index), let parsed = Self.parseReal(text) else { throw .mismatch }
      value = parsed
    }
    return try ScalarConversion.floatingPoint(value, as: T.self)
  }

  func date(at index: Int) throws(ScalarProblem) -> Date {
    let entry = map.entries[index]
    if entry.kind == .date { return Date(timeIntervalSinceReferenceDate: Double(bitPattern: entry.payload)) }
    guard let text = try text(at: index) else { throw .mismatch }
    guard let date = PropertyListDate(iso8601: text) else {
      throw .corrupted("the string \"\(text)\" is not an ISO 8601 date")
    }
    return Date(timeIntervalSinceReferenceDate: date.secondsSinceReferenceDate)
  }

  func data(at index: Int) throws(ScalarProblem) -> Data {
    let entry = map.entries[index]
    if entry.kind == .data { return map.data[Int(entry.payload)] }
    guard let text = try text(at: index) else { throw .mismatch }
    do {
      return Data(try Base64.decode(Array(text.utf8)))
    } catch {
      throw .corrupted("the string is not valid base64")
    }
  }

  /// The string that stands for a scalar in a text form, or nil when there is none; `$null`
  /// where a value is needed is a problem of its own.
  private func text(at index: Int) throws(ScalarProblem) -> String? {
    let entry = map.entries[index]
    if entry.kind == .null { throw .null }
    guard rules.scalarsFromText, entry.kind == .string else { return nil }
    return map.strings[Int(entry.payload)]
  }

  /// A real as the text forms write it: a decimal, or `NaN`, `Infinity`, `-Infinity` (JSON)
  /// and `nan`, `+infinity`, `-infinity` (XML).
  private static func parseReal(_ text: String) -> Double? {
    switch text {
    case "NaN", "nan": return .nan
    case "Infinity", "+infinity", "inf", "+inf": return .infinity
    case "-Infinity", "-infinity", "-inf": return -.infinity
    default:
      // Swift's parser takes other spellings of NaN and infinity too: only digits here.
      guard let first = text.utf8.first,
        first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
      else { return nil }
      return Double(text)
    }
  }
}

/// The types read straight from an entry rather than through their `init(from:)`: the
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
