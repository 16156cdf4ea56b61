/// The elements of Apple's plist vocabulary, recognised from libxml2's element names without
/// making a `String` for each one.
enum XMLElementName: UInt8, Sendable {
  case plist, array, dict, key, string, integer, real, date, data, `true`, `false`

  /// Recognises a NUL-terminated element name; nil for any other name.
  init?(cString name: UnsafePointer<UInt8>) {
    // Every name is at most 7 bytes: compare by length and first byte, then the rest.
    var length = 0
    while length < 8, name[length] != 0 { length += 1 }
    func matches(_ literal: StaticString) -> Bool {
      guard literal.utf8CodeUnitCount == length else { return false }
      let bytes = literal.utf8Start
      for index in 0..<length where bytes[index] != name[index] { return false }
      return true
    }
    switch name[0] {
    case UInt8(ascii: "s") where matches("string"): self = .string
    case UInt8(ascii: "k") where matches("key"): self = .key
    case UInt8(ascii: "i") where matches("integer"): self = .integer
    case UInt8(ascii: "r") where matches("real"): self = .real
    case UInt8(ascii: "a") where matches("array"): self = .array
    case UInt8(ascii: "d") where matches("dict"): self = .dict
    case UInt8(ascii: "d") where matches("data"): self = .data
    case UInt8(ascii: "d") where matches("date"): self = .date
    case UInt8(ascii: "t") where matches("true"): self = .true
    case UInt8(ascii: "f") where matches("false"): self = .false
    case UInt8(ascii: "p") where matches("plist"): self = .plist
    default: return nil
    }
  }

  /// The element's name, as written between angle brackets.
  var name: String {
    switch self {
    case .plist: "plist"
    case .array: "array"
    case .dict: "dict"
    case .key: "key"
    case .string: "string"
    case .integer: "integer"
    case .real: "real"
    case .date: "date"
    case .data: "data"
    case .true: "true"
    case .false: "false"
    }
  }

  /// The name's length in bytes (all names are ASCII).
  var nameLength: Int {
    switch self {
    case .key: 3
    case .dict, .real, .date, .data, .true: 4
    case .plist, .array, .false: 5
    case .string: 6
    case .integer: 7
    }
  }

  /// True for the elements that hold other elements.
  var isContainer: Bool { self == .array || self == .dict }
}
