/// The head bytes that are tags rather than numbers, as signed bytes (`0x80`–`0x91`); a
/// reference number is stored as its index plus ``firstReference`` (`0x92`).
enum TypedstreamTag {
  static let integer2: Int8 = -127  // 0x81: a 2-byte integer follows
  static let integer4: Int8 = -126  // 0x82: a 4-byte integer follows
  static let floatingPoint: Int8 = -125  // 0x83: a float or double follows
  static let new: Int8 = -124  // 0x84: a new object, class, string follows
  static let `nil`: Int8 = -123  // 0x85
  static let endOfObject: Int8 = -122  // 0x86
  static let range: ClosedRange<Int8> = -128 ... -111
  static let firstReference: Int64 = -110  // 0x92
}

/// Reads the typedstream's low-level items (integers with their tags, reals, strings) from a
/// buffer, each checked against the end of the input; errors name the byte offset.
struct TypedstreamCursor: ~Copyable {
  let bytes: UnsafeRawBufferPointer
  var offset: Int
  let bigEndian: Bool

  init(bytes: UnsafeRawBufferPointer, offset: Int, bigEndian: Bool) {
    self.bytes = bytes
    self.offset = offset
    self.bigEndian = bigEndian
  }

  var isAtEnd: Bool { offset >= bytes.count }

  /// Fails unless `count` more bytes are there.
  @inline(__always)
  func require(_ count: Int, _ what: @autoclosure () -> String) throws(TypedstreamError) {
    guard count <= bytes.count - offset else {
      throw TypedstreamError(
        .truncated, at: offset,
        "the input ends where \(what()) should be (\(count) bytes, \(bytes.count - offset) left)")
    }
  }

  /// The next byte as a signed head byte.
  @inline(__always)
  mutating func head(_ what: @autoclosure () -> String) throws(TypedstreamError) -> Int8 {
    guard offset < bytes.count else {
      throw TypedstreamError(.truncated, at: offset, "the input ends where \(what()) should be")
    }
    defer { offset += 1 }
    return Int8(bitPattern: bytes[offset])
  }

  /// The next byte, unread.
  var peek: Int8? { offset < bytes.count ? Int8(bitPattern: bytes[offset]) : nil }

  @inline(__always)
  private mutating func fixed(_ count: Int, _ what: @autoclosure () -> String) throws(TypedstreamError) -> UInt64 {
    try require(count, what())
    var value: UInt64 = 0
    for index in 0..<count {
      let byte = UInt64(bytes[offset + (bigEndian ? index : count - 1 - index)])
      value = value << 8 | byte
    }
    offset += count
    return value
  }

  /// An integer after its head byte: the byte itself, or 2 or 4 bytes after a tag.
  mutating func signedInteger(head: Int8, _ what: @autoclosure () -> String) throws(TypedstreamError) -> Int64 {
    switch head {
    case TypedstreamTag.integer2: return Int64(Int16(truncatingIfNeeded: try fixed(2, what())))
    case TypedstreamTag.integer4: return Int64(Int32(truncatingIfNeeded: try fixed(4, what())))
    case TypedstreamTag.range: throw unexpectedTag(head, what())
    default: return Int64(head)
    }
  }

  /// An unsigned integer after its head byte.
  mutating func unsignedInteger(head: Int8, _ what: @autoclosure () -> String) throws(TypedstreamError) -> UInt64 {
    switch head {
    case TypedstreamTag.integer2: return try fixed(2, what())
    case TypedstreamTag.integer4: return try fixed(4, what())
    case TypedstreamTag.range: throw unexpectedTag(head, what())
    default: return UInt64(UInt8(bitPattern: head))
    }
  }

  /// A `float` after its head byte: 4 bytes after the real tag, else an integer.
  mutating func float(head: Int8) throws(TypedstreamError) -> Float {
    if head == TypedstreamTag.floatingPoint {
      return Float(bitPattern: UInt32(try fixed(4, "a float")))
    }
    return Float(try signedInteger(head: head, "a float"))
  }

  /// A `double` after its head byte: 8 bytes after the real tag, else an integer.
  mutating func double(head: Int8) throws(TypedstreamError) -> Double {
    if head == TypedstreamTag.floatingPoint {
      return Double(bitPattern: try fixed(8, "a double"))
    }
    return Double(try signedInteger(head: head, "a double"))
  }

  /// The span of `count` bytes, skipped.
  mutating func span(_ count: Int, _ what: @autoclosure () -> String) throws(TypedstreamError) -> Range<Int> {
    try require(count, what())
    defer { offset += count }
    return offset..<(offset + count)
  }

  /// An unshared string after its head byte: nil for the nil tag, else a length and bytes.
  mutating func unsharedString(head: Int8, _ what: @autoclosure () -> String) throws(TypedstreamError) -> Range<Int>? {
    if head == TypedstreamTag.nil { return nil }
    let start = offset - 1
    let length = try unsignedInteger(head: head, "the length of \(what())")
    guard length <= UInt64(bytes.count - offset) else {
      throw TypedstreamError(
        .truncated, at: start, "\(what()) of \(length) bytes, but only \(bytes.count - offset) are left")
    }
    return try span(Int(length), what())
  }

  func unexpectedTag(_ head: Int8, _ what: String) -> TypedstreamError {
    TypedstreamError(.malformed, at: offset - 1, "\(what) cannot start with the tag 0x\(Self.hex(head))")
  }

  static func hex(_ byte: Int8) -> String {
    let text = String(UInt8(bitPattern: byte), radix: 16)
    return text.count == 1 ? "0" + text : text
  }
}
