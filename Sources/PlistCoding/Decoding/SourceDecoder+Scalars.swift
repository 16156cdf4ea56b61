import FoundationEssentials

/// Scalars as Foundation's `PropertyListDecoder` reads them: a string only from a string, a
/// boolean only from a boolean, a date only from a date, data only from data (each source says
/// what it holds, and a text form may spell some as strings); an integer of any width from an
/// integer or a real that it holds exactly, and a floating-point number from a real or an
/// integer. Out of range is `DecodingError.dataCorrupted`, never a trap; `$null` where a value
/// is needed is `valueNotFound`.
///
/// The readers throw a ``ScalarProblem`` without a path; the container that asked turns it
/// into a `DecodingError` with its path and key, so that the common case carries neither.
extension SourceDecoder {
  /// A scalar of type `scalar` (which is `T`) read straight from value `index`.
  ///
  /// The type is told apart first, by ``ScalarType/init(_:)``, so that a generic caller needs
  /// no `Optional<T>`: in unspecialized code that costs a metadata lookup per value. The
  /// source's reads take no type: the width is converted here, where a container's caller
  /// has made it concrete.
  @inline(__always)
  func scalar<T>(_ scalar: ScalarType, as type: T.Type, at index: Int) throws(ScalarProblem) -> T {
    switch scalar {
    case .string: unsafeBitCast(try source.string(at: index), to: T.self)
    case .int: unsafeBitCast(try integer(Int.self, at: index), to: T.self)
    case .double: unsafeBitCast(try floatingPoint(Double.self, at: index), to: T.self)
    case .bool: unsafeBitCast(try source.bool(at: index), to: T.self)
    case .date: unsafeBitCast(try source.date(at: index), to: T.self)
    case .data: unsafeBitCast(try source.data(at: index), to: T.self)
    case .float: unsafeBitCast(try floatingPoint(Float.self, at: index), to: T.self)
    case .int64: unsafeBitCast(try integer(Int64.self, at: index), to: T.self)
    case .int32: unsafeBitCast(try integer(Int32.self, at: index), to: T.self)
    case .int16: unsafeBitCast(try integer(Int16.self, at: index), to: T.self)
    case .int8: unsafeBitCast(try integer(Int8.self, at: index), to: T.self)
    case .uint: unsafeBitCast(try integer(UInt.self, at: index), to: T.self)
    case .uint64: unsafeBitCast(try integer(UInt64.self, at: index), to: T.self)
    case .uint32: unsafeBitCast(try integer(UInt32.self, at: index), to: T.self)
    case .uint16: unsafeBitCast(try integer(UInt16.self, at: index), to: T.self)
    case .uint8: unsafeBitCast(try integer(UInt8.self, at: index), to: T.self)
    }
  }

  @inline(__always)
  private func integer<T: FixedWidthInteger>(_ type: T.Type, at index: Int) throws(ScalarProblem) -> T {
    switch try source.integer(at: index) {
    case .signed(let value): try ScalarConversion.integer(value, as: T.self)
    case .unsigned(let value): try ScalarConversion.integer(value, as: T.self)
    case .real(let value): try ScalarConversion.integer(real: value, as: T.self)
    case .realText(let value):
      if let exact = T(exactly: value) { exact } else { throw .mismatch }
    }
  }

  @inline(__always)
  private func floatingPoint<T: BinaryFloatingPoint>(_ type: T.Type, at index: Int) throws(ScalarProblem) -> T {
    try ScalarConversion.floatingPoint(source.real(at: index), as: T.self)
  }

  /// The array of `T` (whose elements are of scalar type `element`) at value `index`.
  ///
  /// `Array.init(from:)` in the standard library is generic and unspecialized here: each array
  /// costs metadata lookups, a boxed unkeyed container and a call through it per element. This
  /// reads the same elements with the same checks and errors as that path (``openArray(_:_:nested:)``
  /// for the container, then each element as the unkeyed container reads it), without them.
  @inline(__always)  // Inlined into `unwrap`, the element type is concrete in each case.
  func scalarArray<T>(
    _ element: ScalarType, as type: T.Type, at index: Int, path: @autoclosure () -> CodingPath
  ) throws -> T {
    switch element {
    case .string: unsafeBitCast(try scalarElements(element, of: String.self, at: index, path()), to: T.self)
    case .int: unsafeBitCast(try scalarElements(element, of: Int.self, at: index, path()), to: T.self)
    case .double: unsafeBitCast(try scalarElements(element, of: Double.self, at: index, path()), to: T.self)
    case .bool: unsafeBitCast(try scalarElements(element, of: Bool.self, at: index, path()), to: T.self)
    case .date: unsafeBitCast(try scalarElements(element, of: Date.self, at: index, path()), to: T.self)
    case .data: unsafeBitCast(try scalarElements(element, of: Data.self, at: index, path()), to: T.self)
    case .float: unsafeBitCast(try scalarElements(element, of: Float.self, at: index, path()), to: T.self)
    case .int64: unsafeBitCast(try scalarElements(element, of: Int64.self, at: index, path()), to: T.self)
    case .int32: unsafeBitCast(try scalarElements(element, of: Int32.self, at: index, path()), to: T.self)
    case .int16: unsafeBitCast(try scalarElements(element, of: Int16.self, at: index, path()), to: T.self)
    case .int8: unsafeBitCast(try scalarElements(element, of: Int8.self, at: index, path()), to: T.self)
    case .uint: unsafeBitCast(try scalarElements(element, of: UInt.self, at: index, path()), to: T.self)
    case .uint64: unsafeBitCast(try scalarElements(element, of: UInt64.self, at: index, path()), to: T.self)
    case .uint32: unsafeBitCast(try scalarElements(element, of: UInt32.self, at: index, path()), to: T.self)
    case .uint16: unsafeBitCast(try scalarElements(element, of: UInt16.self, at: index, path()), to: T.self)
    case .uint8: unsafeBitCast(try scalarElements(element, of: UInt8.self, at: index, path()), to: T.self)
    }
  }

  private func scalarElements<Element>(
    _ element: ScalarType, of type: Element.Type, at index: Int, _ path: @autoclosure () -> CodingPath
  ) throws -> [Element] {
    let array = try openArray(index, path())
    var elements: [Element] = []
    elements.reserveCapacity(array.count)
    var cursor = array.start
    for position in 0..<array.count {
      guard let value = source.element(position, cursor: &cursor, of: array) else {
        throw DecodingError.dataCorrupted(
          source.context(path(), index, key: PlistCodingKey(index: position), "the element cannot be read"))
      }
      do {
        elements.append(try scalar(element, as: type, at: value))
      } catch {
        throw source.error(error, type, at: value, path(), key: PlistCodingKey(index: position))
      }
    }
    return elements
  }
}

/// Numbers as Foundation's `PropertyListDecoder` converts them: an integer of any width from an
/// integer or a real that it holds exactly, a floating-point number from either, to the
/// nearest value of the type; out of range is a problem, never a trap.
enum ScalarConversion {
  /// An integer of the file (an `Int64`, or a `UInt64` above `Int64.max`) as a `T`.
  @inline(__always)
  static func integer<T: FixedWidthInteger, Value: FixedWidthInteger>(
    _ value: Value, as type: T.Type
  ) throws(ScalarProblem) -> T {
    if let exact = T(exactly: value) { return exact }
    throw .corrupted("the integer \(value) does not fit in \(T.self)")
  }

  @inline(__always)
  static func integer<T: FixedWidthInteger>(real value: Double, as type: T.Type) throws(ScalarProblem) -> T {
    if let exact = T(exactly: value) { return exact }
    throw .corrupted("the real \(value) does not fit in \(T.self)")
  }

  /// A finite real beyond the type's range is out of range, as an integer would be; within
  /// it, the nearest value of the type (a Float written by Foundation reads back exactly).
  @inline(__always)
  static func floatingPoint<T: BinaryFloatingPoint>(_ value: Double, as type: T.Type) throws(ScalarProblem) -> T {
    let converted = T(value)
    if converted.isInfinite && value.isFinite { throw .corrupted("the real \(value) does not fit in \(T.self)") }
    return converted
  }
}
