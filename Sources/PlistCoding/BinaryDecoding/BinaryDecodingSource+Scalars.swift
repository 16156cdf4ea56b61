import FoundationEssentials
@_spi(BinaryObjects) @_spi(PropertyListMap) import PlistKit

/// Scalars read straight from their objects: a string only from a string, a boolean only from
/// a boolean, a date only from a date, data only from data, numbers as the file holds them (see
/// ``SourceDecoder`` for their conversions); the string `$null` where a value is needed is a
/// problem of its own. The common forms (plain ASCII strings, integers up to 8 bytes, reals,
/// dates, booleans, data) are read in place through ``table``, the rest by ``objects``.
extension BinaryDecodingSource {
  func string(at index: Int) throws(ScalarProblem) -> String {
    if let bytes = table.asciiString(index) {
      if Self.isNullText(bytes) { throw .null }
      guard account(bytes.count) else { throw .mismatch }
      guard bytes.count >= Self.sharedValueSize else { return String(decoding: bytes, as: UTF8.self) }
    }
    if !sharedStrings.isEmpty, let shared = sharedStrings[index] { return shared }
    guard case .scalar(.string(let string))? = object(index) else { throw .mismatch }
    if string.utf8.count == 5 && string.exactlyEquals(PropertyListMap.null) { throw .null }
    if string.utf8.count >= Self.sharedValueSize { sharedStrings[index] = string }
    return string
  }

  func bool(at index: Int) throws(ScalarProblem) -> Bool {
    if let value = table.boolean(index) { return value }
    guard case .scalar(.boolean(let value))? = object(index) else { throw nonScalar(index) }
    return value
  }

  func integer(at index: Int) throws(ScalarProblem) -> DecodedNumber {
    guard let number = number(index) else { throw nonScalar(index) }
    return number
  }

  func real(at index: Int) throws(ScalarProblem) -> Double {
    switch number(index) {
    case .signed(let value)?: Double(value)
    case .unsigned(let value)?: Double(value)
    case .real(let value)?: value
    case .realText?, nil: throw nonScalar(index)
    }
  }

  /// The integer or real object `index`, or nil for any other object.
  @inline(__always)
  private func number(_ index: Int) -> DecodedNumber? {
    switch table.number(index) {
    case .integer(let value)?: return .signed(value)
    case .real(let value)?: return .real(value)
    case nil: break
    }
    switch object(index) {
    case .scalar(.integer(let integer))?:
      return integer.int64Value.map { .signed($0) } ?? .unsigned(integer.bitPattern)
    case .scalar(.real(let real))?: return .real(real)
    default: return nil
    }
  }

  func date(at index: Int) throws(ScalarProblem) -> Date {
    if let seconds = table.date(index) { return Date(timeIntervalSinceReferenceDate: seconds) }
    guard case .scalar(.date(let date))? = object(index) else { throw nonScalar(index) }
    return Date(timeIntervalSinceReferenceDate: date.secondsSinceReferenceDate)
  }

  func data(at index: Int) throws(ScalarProblem) -> Data {
    if let bytes = table.data(index), bytes.count < Self.sharedValueSize {
      guard account(bytes.count) else { throw .mismatch }
      return bytes.count == 0 ? Data() : Data(bytes: bytes.baseAddress!, count: bytes.count)
    }
    if !sharedData.isEmpty, let shared = sharedData[index] { return shared }
    guard case .data(let bytes)? = object(index) else { throw nonScalar(index) }
    let data = bytes.baseAddress.map { Data(bytes: $0, count: bytes.count) } ?? Data()
    if bytes.count >= Self.sharedValueSize { sharedData[index] = data }
    return data
  }

  /// The problem of a value that is not the scalar asked for: `$null`, or another type.
  private func nonScalar(_ index: Int) -> ScalarProblem {
    isNull(index) ? .null : .mismatch
  }
}
