/// The object markers of the `bplist00` form: the high four bits of an object's first byte
/// say what it is, the low four bits carry a size or a short length.
///
/// Everything else is undefined in `bplist00` and an error wherever an object is read: the high
/// nibbles 0x7 (UTF-8 strings), 0x9, 0xB (ordered sets), 0xE and 0xF, and the whole-byte markers
/// other than false, true, null and fill (0x0C–0x0E are URLs and UUIDs of later versions).
///
/// Shared by the reader, the writer and the in-place reads of ``BinaryPropertyListObjects``, so
/// that all speak the same table. The constants are computed and inlinable: code inlined into
/// another module reads them as the numbers they are, not through a call.
@usableFromInline
enum BinaryPropertyListMarker {
  /// `bplist`, the first six bytes of every binary plist.
  static let magic: [UInt8] = Array("bplist".utf8)
  /// `00`, the only version written and read.
  static let version: [UInt8] = Array("00".utf8)
  /// The header's length: magic and version.
  @inlinable static var headerSize: Int { 8 }

  // Whole-byte markers (high nibble 0).
  @inlinable static var null: UInt8 { 0x00 }
  @inlinable static var `false`: UInt8 { 0x08 }
  @inlinable static var `true`: UInt8 { 0x09 }
  @inlinable static var fill: UInt8 { 0x0F }
  @inlinable static var date: UInt8 { 0x33 }

  // High nibbles.
  @inlinable static var singletonNibble: UInt8 { 0x0 }
  @inlinable static var integerNibble: UInt8 { 0x1 }
  @inlinable static var realNibble: UInt8 { 0x2 }
  @inlinable static var dateNibble: UInt8 { 0x3 }
  @inlinable static var dataNibble: UInt8 { 0x4 }
  @inlinable static var asciiStringNibble: UInt8 { 0x5 }
  @inlinable static var utf16StringNibble: UInt8 { 0x6 }
  @inlinable static var uidNibble: UInt8 { 0x8 }
  @inlinable static var arrayNibble: UInt8 { 0xA }
  @inlinable static var setNibble: UInt8 { 0xC }
  @inlinable static var dictionaryNibble: UInt8 { 0xD }

  /// The low nibble that says "the length follows as an integer object".
  @inlinable static var extendedLength: UInt8 { 0xF }

  /// What an object with this marker is, with its article, for error messages
  /// ("dictionary key is an integer, expected a string").
  static func describe(_ marker: UInt8) -> String {
    switch marker >> 4 {
    case singletonNibble:
      switch marker {
      case null: "null (0x00)"
      case `false`, `true`: "a boolean"
      case fill: "fill (0x0F)"
      default: "an unknown object (marker \(hex(marker)))"
      }
    case integerNibble: "an integer"
    case realNibble: "a real"
    case dateNibble: "a date"
    case dataNibble: "data"
    case asciiStringNibble, utf16StringNibble: "a string"
    case uidNibble: "a UID"
    case arrayNibble: "an array"
    case setNibble: "a set"
    case dictionaryNibble: "a dictionary"
    default: "an unknown object (marker \(hex(marker)))"
    }
  }

  /// `0x0F` style.
  static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count == 1 ? "0" + digits : digits)
  }
}
