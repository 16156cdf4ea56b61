import FoundationEssentials
@_spi(PropertyListMap) import PlistKit

/// Scalars read from the map's entries: each from an entry of its own kind (see
/// ``SourceDecoder`` for the conversions of numbers).
///
/// With ``DecodingRules/scalarsFromText`` (OpenStep and plain JSON input) a number, boolean,
/// date or data may also be a string as PlistKit's writers write them: `42`, `1.5`, `YES`,
/// `2001-01-01T00:00:00Z`, base64. A keyed archive's NSNumbers read as booleans and integers
/// alike (``DecodingRules/numbersAreNSNumbers``).
extension MapDecodingSource {
  @inline(__always)  // Into the witness the decoder calls.
  func string(at index: Int) throws(ScalarProblem) -> String {
    let entry = map.entries[index]
    guard entry.kind == .string else { throw entry.kind == .null ? .null : .mismatch }
    return map.strings[Int(entry.payload)]
  }

  @inline(__always)  // Into the witness the decoder calls.
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

  @inline(__always)  // Into the witness the decoder calls.
  func integer(at index: Int) throws(ScalarProblem) -> DecodedNumber {
    let entry = map.entries[index]
    switch entry.kind {
    case .integer: return .signed(Int64(bitPattern: entry.payload))
    case .largeInteger: return .unsigned(entry.payload)
    case .real: return .real(Double(bitPattern: entry.payload))
    case .boolean where rules.numbersAreNSNumbers: return .signed(entry.payload == 0 ? 0 : 1)
    default:
      guard let text = try text(at: index) else { throw .mismatch }
      if let integer = PropertyListInteger(parsing: Substring(text)) {
        return integer.int64Value.map { .signed($0) } ?? .unsigned(integer.bitPattern)
      }
      guard let real = Double(text) else { throw .mismatch }
      return .realText(real)
    }
  }

  @inline(__always)  // Into the witness the decoder calls.
  func real(at index: Int) throws(ScalarProblem) -> Double {
    let entry = map.entries[index]
    switch entry.kind {
    case .real: return Double(bitPattern: entry.payload)
    case .integer: return Double(Int64(bitPattern: entry.payload))
    case .largeInteger: return Double(entry.payload)
    default:
      guard let text = try text(at: index), let parsed = Self.parseReal(text) else { throw .mismatch }
      return parsed
    }
  }

  @inline(__always)  // Into the witness the decoder calls.
  func date(at index: Int) throws(ScalarProblem) -> Date {
    let entry = map.entries[index]
    if entry.kind == .date { return Date(timeIntervalSinceReferenceDate: Double(bitPattern: entry.payload)) }
    guard let text = try text(at: index) else { throw .mismatch }
    guard let date = PropertyListDate(iso8601: text) else {
      throw .corrupted("the string \"\(text)\" is not an ISO 8601 date")
    }
    return Date(timeIntervalSinceReferenceDate: date.secondsSinceReferenceDate)
  }

  @inline(__always)  // Into the witness the decoder calls.
  func data(at index: Int) throws(ScalarProblem) -> Data {
    let entry = map.entries[index]
    if entry.kind == .data {
      return map.withData(Int(entry.payload)) { bytes in bytes.baseAddress.map { Data(bytes: $0, count: bytes.count) } }
        ?? Data()
    }
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
