/// The object markers of the `bplist00` form: the high four bits of an object's first byte
/// say what it is, the low four bits carry a size or a short length.
///
/// Everything else is undefined in `bplist00` and an error wherever an object is read: the high
/// nibbles 0x7 (UTF-8 strings), 0x9, 0xB (ordered sets), 0xE and 0xF, and the whole-byte markers
/// other than false, true, null and fill (0x0C–0x0E are URLs and UUIDs of later versions).
///
/// Shared by the reader and the writer so that both speak the same table.
enum BinaryPropertyListMarker {
  /// `bplist`, the first six bytes of every binary plist.
  static let magic: [UInt8] = Array("bplist".utf8)
  /// `00`, the only version written and read.
  static let version: [UInt8] = Array("00".utf8)
  /// The header's length: magic and version.
  static let headerSize = 8

  // Whole-byte markers (high nibble 0).
  static let null: UInt8 = 0x00
  static let `false`: UInt8 = 0x08
  static let `true`: UInt8 = 0x09
  static let fill: UInt8 = 0x0F
  static let date: UInt8 = 0x33

  // High nibbles.
  static let singletonNibble: UInt8 = 0x0
  static let integerNibble: UInt8 = 0x1
  static let realNibble: UInt8 = 0x2
  static let dateNibble: UInt8 = 0x3
  static let dataNibble: UInt8 = 0x4
  static let asciiStringNibble: UInt8 = 0x5
  static let utf16StringNibble: UInt8 = 0x6
  static let uidNibble: UInt8 = 0x8
  static let arrayNibble: UInt8 = 0xA
  static let setNibble: UInt8 = 0xC
  static let dictionaryNibble: UInt8 = 0xD

  /// The low nibble that says "the length follows as an integer object".
  static let extendedLength: UInt8 = 0xF

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
