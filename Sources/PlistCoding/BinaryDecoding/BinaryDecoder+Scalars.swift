import FoundationEssentials
@_spi(BinaryObjects) import PlistKit

/// Scalars read straight from their objects, as ``MapDecoder`` reads them from a map: a string
/// only from a string, a boolean only from a boolean, a date only from a date, data only from
/// data, numbers converted by ``ScalarConversion``; the string `$null` where a value is needed
/// is a problem of its own. The common forms (plain ASCII strings, integers up to 8 bytes,
/// reals, dates, booleans, data) are read in place through ``table``, the rest by ``objects``.
extension BinaryDecoder: ScalarReading {
  func string(at index: Int) throws(ScalarProblem) -> String {
    if let bytes = table.asciiString(index) {
      if Self.isNullText(bytes) { throw .null }
      guard account(bytes.count) else { throw .mismatch }
      guard bytes.count >= Self.sharedValueSize else { return String(decoding: bytes, as: UTF8.self) }
    }
    if !sharedStrings.isEmpty, let shared = sharedStrings[index] { return shared }
    guard case .scalar(.string(let string))? = object(index) else { throw .mismatch }
    if string.utf8.count == 5 && string.exactlyEquals(DecodingMap.null) { throw .null }
    if string.utf8.count >= Self.sharedValueSize { sharedStrings[index] = string }
    return string
  }

  func bool(at index: Int) throws(ScalarProblem) -> Bool {
    if let value = table.boolean(index) { return value }
    guard case .scalar(.boolean(let value))? = object(index) else { throw nonScalar(index) }
    return value
  }

  func integer<T: FixedWidthInteger>(_ type: T.Type, at index: Int) throws(ScalarProblem) -> T {
    switch number(index) {
    case .signed(let value): return try ScalarConversion.integer(value, as: T.self)
    case .unsigned(let value): return try ScalarConversion.integer(value, as: T.self)
    case .real(let value): return try ScalarConversion.integer(real: value, as: T.self)
    case nil: throw nonScalar(index)
    }
  }

  func floatingPoint<T: BinaryFloatingPoint>(_ type: T.Type, at index: Int) throws(ScalarProblem) -> T {
    switch number(index) {
    case .signed(let value): return try ScalarConversion.floatingPoint(Double(value), as: T.self)
    case .unsigned(let value): return try ScalarConversion.floatingPoint(Double(value), as: T.self)
    case .real(let value): return try ScalarConversion.floatingPoint(value, as: T.self)
    case nil: throw nonScalar(index)
    }
  }

  /// A number as the file holds it.
  private enum Number {
    case signed(Int64)
    /// Above `Int64.max`.
    case unsigned(UInt64)
    case real(Double)
  }

  /// The integer or real object `index`, or nil for any other object.
  @inline(__always)
  private func number(_ index: Int) -> Number? {
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

  func scalarElements<Element>(
    _ element: ScalarType, of type: Element.Type, at index: Int, _ path: @autoclosure () -> CodingPath
  ) throws -> [Element] {
    let (count, references) = try array(index, path())
    var elements: [Element] = []
    elements.reserveCapacity(count)
    for position in 0..<count {
      guard let object = reference(position, of: index, references: references) else {
        throw DecodingError.dataCorrupted(
          context(path(), index, key: PlistCodingKey(index: position), "the element cannot be read"))
      }
      do {
        elements.append(try scalar(element, as: type, at: object))
      } catch {
        throw self.error(error, type, at: object, path(), key: PlistCodingKey(index: position))
      }
    }
    return elements
  }
}
