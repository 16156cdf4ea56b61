import PlistKit

/// The value types PlistBuddy's `Add` and `Clear` name: `string`, `array`, `dict`, `bool`,
/// `real`, `integer`, `date` and `data` (in any letter case).
public enum BuddyType: String, Sendable, CaseIterable {
  case string, array, dict, bool, real, integer, date, data

  /// The type a word names, or nil.
  public init?(named name: String) {
    guard let type = Self.allCases.first(where: { $0.rawValue == name.lowercased() }) else { return nil }
    self = type
  }

  /// The type of an existing value, which `Set` and `Import` keep; nil for a UID (no type of
  /// PlistBuddy's).
  init?(of value: PropertyList) {
    switch value {
    case .string: self = .string
    case .array: self = .array
    case .dictionary: self = .dict
    case .boolean: self = .bool
    case .real: self = .real
    case .integer: self = .integer
    case .date: self = .date
    case .data: self = .data
    case .uid: return nil
    }
  }

  /// True for `array` and `dict`.
  public var isContainer: Bool { self == .array || self == .dict }

  /// Why a VALUE did not make a value of its type: PlistBuddy's words, printed on standard
  /// output, after which the command changes nothing and the run still succeeds.
  public enum FormatError: Error, Equatable {
    case integer, real, date

    /// The line PlistBuddy prints.
    public var message: String {
      switch self {
      case .integer: "Unrecognized Integer Format"
      case .real: "Unrecognized Real Format"
      case .date: "Unrecognized Date Format"
      }
    }
  }

  /// The value `text` makes: a string as it is, data as the text's UTF-8 bytes (not base64),
  /// a bool that is true for `true`, `yes` (any case) and `1`, an integer or real read from the
  /// start of the text as C's `strtoll` and `strtod` read it, a date in PlistBuddy's `Print`
  /// form (see ``BuddyDate``), and an empty container for `array` and `dict`.
  public func value(from text: String) throws(FormatError) -> PropertyList {
    switch self {
    case .string: return .string(text)
    case .data: return .data(Array(text.utf8))
    case .array: return .array([])
    case .dict: return .dictionary(PropertyListDictionary())
    case .bool:
      let word = text.lowercased()
      return .boolean(word == "true" || word == "yes" || word == "1")
    case .integer:
      guard let integer = Self.leadingInteger(text) else { throw .integer }
      return .integer(integer)
    case .real:
      guard let real = Self.leadingReal(text) else { throw .real }
      return .real(real)
    case .date:
      guard let date = BuddyDate.parse(text) else { throw .date }
      return .date(date)
    }
  }

  /// The value `Clear TYPE` makes the root: empty, zero, false, or the reference date.
  public var emptyValue: PropertyList {
    switch self {
    case .string: .string("")
    case .data: .data([])
    case .array: .array([])
    case .dict: .dictionary(PropertyListDictionary())
    case .bool: .boolean(false)
    case .integer: .integer(0)
    case .real: .real(0)
    case .date: .date(PropertyListDate(secondsSinceReferenceDate: 0))
    }
  }

  /// The integer at the start of `text` (after spaces): an optional sign, then decimal digits
  /// or `0x` and hexadecimal digits; what follows is ignored, and a value past the 64-bit range
  /// is clamped to it, as `strtoll` does. Nil when no digit starts the text.
  static func leadingInteger(_ text: String) -> PropertyListInteger? {
    var bytes = text.utf8.drop { $0 == 0x20 || $0 == 0x09 }
    var negative = false
    if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      negative = sign == UInt8(ascii: "-")
      bytes = bytes.dropFirst()
    }
    var radix: UInt64 = 10
    if bytes.starts(with: "0x".utf8) || bytes.starts(with: "0X".utf8),
      bytes.dropFirst(2).first.map({ digit($0, radix: 16) != nil }) == true
    {
      radix = 16
      bytes = bytes.dropFirst(2)
    }
    var magnitude: UInt64 = 0
    var overflow = false
    var digits = 0
    for byte in bytes {
      guard let value = digit(byte, radix: radix) else { break }
      digits += 1
      let (shifted, o1) = magnitude.multipliedReportingOverflow(by: radix)
      let (sum, o2) = shifted.addingReportingOverflow(value)
      overflow = overflow || o1 || o2
      magnitude = sum
    }
    guard digits > 0 else { return nil }
    if negative {
      if overflow || magnitude > UInt64(Int64.max) + 1 { return PropertyListInteger(Int64.min) }
      return PropertyListInteger(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
    }
    if overflow || magnitude > UInt64(Int64.max) { return PropertyListInteger(Int64.max) }
    return PropertyListInteger(Int64(magnitude))
  }

  private static func digit(_ byte: UInt8, radix: UInt64) -> UInt64? {
    let value: UInt64
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt64(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): value = UInt64(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): value = UInt64(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
    return value < radix ? value : nil
  }

  /// The real number at the start of `text` (after spaces), as `strtod` reads it: the longest
  /// prefix that is a decimal number with an optional exponent, or `inf`, `infinity` or `nan`.
  static func leadingReal(_ text: String) -> Double? {
    let bytes = Array(text.utf8.drop { $0 == 0x20 || $0 == 0x09 })
    var end = 0
    if end < bytes.count, bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") { end += 1 }
    let signEnd = end
    let word = String(decoding: bytes[signEnd...].prefix(8), as: UTF8.self).lowercased()
    for special in ["infinity", "inf", "nan"] where word.hasPrefix(special) {
      return Double(String(decoding: bytes[..<(signEnd + special.count)], as: UTF8.self))
    }
    func digits() -> Int {
      let start = end
      while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
      return end - start
    }
    var count = digits()
    if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
      end += 1
      count += digits()
    }
    guard count > 0 else { return nil }
    let mantissaEnd = end
    if end < bytes.count, bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E") {
      end += 1
      if end < bytes.count, bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") { end += 1 }
      if digits() == 0 { end = mantissaEnd }
    }
    var number = String(decoding: bytes[..<end], as: UTF8.self)
    if number.hasSuffix(".") { number += "0" }
    if number.hasPrefix(".") || number.hasPrefix("-.") || number.hasPrefix("+.") {
      number = number.replacingFirst(".", with: "0.")
    }
    return Double(number)
  }
}

extension String {
  fileprivate func replacingFirst(_ target: Character, with replacement: String) -> String {
    guard let index = firstIndex(of: target) else { return self }
    return String(self[..<index]) + replacement + String(self[index...].dropFirst())
  }
}
