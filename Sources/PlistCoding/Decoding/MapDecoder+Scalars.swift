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
extension MapDecoder {
  func unwrapString(at index: Int, path: CodingPathNode, key: (any CodingKey)? = nil) throws -> String {
    let entry = map.entries[index]
    guard entry.kind == .string else { throw typeMismatch(String.self, at: index, path, key: key) }
    let string = map.strings[Int(entry.payload)]
    if string.exactlyEquals(DecodingMap.null) { throw nullFound(String.self, at: index, path, key: key) }
    return string
  }

  func unwrapBool(at index: Int, path: CodingPathNode, key: (any CodingKey)? = nil) throws -> Bool {
    let entry = map.entries[index]
    if entry.kind == .boolean { return entry.payload != 0 }
    if rules.numbersAreNSNumbers, entry.kind == .integer, entry.payload <= 1 { return entry.payload == 1 }
    if let text = try text(at: index, Bool.self, path, key) {
      switch text {
      case "YES", "true": return true
      case "NO", "false": return false
      default: break
      }
    }
    throw typeMismatch(Bool.self, at: index, path, key: key)
  }

  func unwrapInteger<T: FixedWidthInteger>(
    _ type: T.Type, at index: Int, path: CodingPathNode, key: (any CodingKey)? = nil
  ) throws -> T {
    let entry = map.entries[index]
    switch entry.kind {
    case .integer:
      let value = Int64(bitPattern: entry.payload)
      if let exact = T(exactly: value) { return exact }
      throw corrupted(index, path, key: key, "the integer \(value) does not fit in \(T.self)")
    case .largeInteger:
      if let exact = T(exactly: entry.payload) { return exact }
      throw corrupted(index, path, key: key, "the integer \(entry.payload) does not fit in \(T.self)")
    case .real:
      let value = Double(bitPattern: entry.payload)
      if let exact = T(exactly: value) { return exact }
      throw corrupted(index, path, key: key, "the real \(value) does not fit in \(T.self)")
    case .boolean where rules.numbersAreNSNumbers:
      return entry.payload == 0 ? 0 : 1
    default:
      if let text = try text(at: index, T.self, path, key) {
        if let integer = PropertyListInteger(parsing: Substring(text)) {
          let exact = integer.int64Value.flatMap { T(exactly: $0) } ?? integer.uint64Value.flatMap { T(exactly: $0) }
          if let exact { return exact }
          throw corrupted(index, path, key: key, "the integer \(integer) does not fit in \(T.self)")
        }
        if let real = Double(text), let exact = T(exactly: real) { return exact }
      }
      throw typeMismatch(T.self, at: index, path, key: key)
    }
  }

  func unwrapFloatingPoint<T: BinaryFloatingPoint>(
    _ type: T.Type, at index: Int, path: CodingPathNode, key: (any CodingKey)? = nil
  ) throws -> T {
    let entry = map.entries[index]
    let value: Double
    switch entry.kind {
    case .real: value = Double(bitPattern: entry.payload)
    case .integer: value = Double(Int64(bitPattern: entry.payload))
    case .largeInteger: value = Double(entry.payload)
    default:
      guard let text = try text(at: index, T.self, path, key), let parsed = Self.parseReal(text) else {
        throw typeMismatch(T.self, at: index, path, key: key)
      }
      value = parsed
    }
    // A finite real beyond the type's range is out of range, as an integer would be; within
    // it, the nearest value of the type (a Float written by Foundation reads back exactly).
    let converted = T(value)
    if converted.isInfinite && value.isFinite {
      throw corrupted(index, path, key: key, "the real \(value) does not fit in \(T.self)")
    }
    return converted
  }

  func unwrapDate(at index: Int, path: CodingPathNode, key: (any CodingKey)? = nil) throws -> Date {
    let entry = map.entries[index]
    if entry.kind == .date { return Date(timeIntervalSinceReferenceDate: Double(bitPattern: entry.payload)) }
    if let text = try text(at: index, Date.self, path, key) {
      guard let date = PropertyListDate(iso8601: text) else {
        throw corrupted(index, path, key: key, "the string \"\(text)\" is not an ISO 8601 date")
      }
      return Date(timeIntervalSinceReferenceDate: date.secondsSinceReferenceDate)
    }
    throw typeMismatch(Date.self, at: index, path, key: key)
  }

  func unwrapData(at index: Int, path: CodingPathNode, key: (any CodingKey)? = nil) throws -> Data {
    let entry = map.entries[index]
    if entry.kind == .data { return Data(map.data[Int(entry.payload)]) }
    if let text = try text(at: index, Data.self, path, key) {
      do {
        return Data(try Base64.decode(Array(text.utf8)))
      } catch {
        throw corrupted(index, path, key: key, "the string is not valid base64")
      }
    }
    throw typeMismatch(Data.self, at: index, path, key: key)
  }

  /// The string that stands for a scalar in a text form, or nil when there is none; `$null`
  /// where a value is needed is an error.
  private func text(
    at index: Int, _ type: Any.Type, _ path: CodingPathNode, _ key: (any CodingKey)?
  ) throws -> String? {
    let entry = map.entries[index]
    guard entry.kind == .string else { return nil }
    let string = map.strings[Int(entry.payload)]
    if string.exactlyEquals(DecodingMap.null) { throw nullFound(type, at: index, path, key: key) }
    return rules.scalarsFromText ? string : nil
  }

  /// A real as the text forms write it: a decimal, or `NaN`, `Infinity`, `-Infinity` (JSON)
  /// and `nan`, `+infinity`, `-infinity` (XML).
  private static func parseReal(_ text: String) -> Double? {
    switch text {
    case "NaN", "nan": return .nan
    case "Infinity", "+infinity", "inf", "+inf": return .infinity
    case "-Infinity", "-infinity", "-inf": return -.infinity
    default:
      // Swift's parser takes "nan" and "inf" spellings as well; those are handled above.
      guard let first = text.utf8.first,
        first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
          || first == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
      else { return nil }
      return Double(text)
    }
  }
}
