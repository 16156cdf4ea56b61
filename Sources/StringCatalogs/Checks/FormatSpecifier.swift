/// One conversion of a printf-style format string as Apple's `String(format:)` reads it:
/// `%@`, `%d`, `%lld`, `%.2f`, positional `%2$@`, and the `%#@name@` references of a String
/// Catalog's substitutions.
public struct FormatSpecifier: Sendable, Equatable {
  /// What kind of argument a conversion formats: two specifiers are compatible when their
  /// classes are equal, whatever their flags, width, precision or length.
  public enum ArgumentClass: String, Sendable, Equatable {
    /// `%@`: an object.
    case object
    /// `%d`, `%i`, `%u`, `%x`, `%X`, `%o`, with any length (`l`, `ll`, `h`, `q`, `z`, `t`, `j`).
    case integer
    /// `%f`, `%e`, `%g`, `%a` and their capitals.
    case floatingPoint = "floating-point"
    /// `%s`, `%S`: a C string.
    case cString = "C string"
    /// `%c`, `%C`: a character.
    case character
    /// `%p`: a pointer.
    case pointer
  }

  /// The specifier as written, from `%` to its conversion character (or `@` of a reference).
  public var text: String
  /// The argument it formats, from 1: its `N$` position, or the next in order.
  public var argument: Int?
  /// What kind of argument; nil for a substitution reference.
  public var argumentClass: ArgumentClass?
  /// The substitution's name, for `%#@name@`.
  public var substitution: String?

  /// The specifiers of `format`, in order; `%%` is text, not a specifier, and a `%` that starts
  /// no valid specifier is skipped.
  public static func parse(_ format: String) -> [FormatSpecifier] {
    // Every character of a specifier is ASCII: the bytes are enough, and most texts have none.
    var format = format
    return format.withUTF8 { bytes in
      guard bytes.contains(UInt8(ascii: "%")) else { return [] }
      return parse(bytes)
    }
  }

  private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> [FormatSpecifier] {
    func text(_ range: Range<Int>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
    var specifiers: [FormatSpecifier] = []
    var nextArgument = 1
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "%") else {
        index += 1
        continue
      }
      let start = index
      index += 1
      guard index < bytes.count else { break }
      if bytes[index] == UInt8(ascii: "%") {
        index += 1
        continue
      }
      var position: Int?
      // `N$`
      var digitsEnd = index
      while digitsEnd < bytes.count, isDigit(bytes[digitsEnd]) { digitsEnd += 1 }
      if digitsEnd > index, digitsEnd < bytes.count, bytes[digitsEnd] == UInt8(ascii: "$") {
        position = Int(text(index..<digitsEnd))
        index = digitsEnd + 1
      }
      // `%#@name@` (or `%1$#@name@`): a reference to a substitution or a .stringsdict variable.
      if index < bytes.count, bytes[index] == UInt8(ascii: "#"), index + 1 < bytes.count,
        bytes[index + 1] == UInt8(ascii: "@"), let end = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: "@"))
      {
        specifiers.append(
          FormatSpecifier(
            text: text(start..<(end + 1)), argument: nil, argumentClass: nil,
            substitution: text((index + 2)..<end)))
        index = end + 1
        continue
      }
      // Flags, width, precision, length.
      while index < bytes.count, isFlagWidthPrecisionOrLength(bytes[index]) { index += 1 }
      guard index < bytes.count, let argumentClass = Self.argumentClass(of: bytes[index]) else { continue }
      let argument = position ?? nextArgument
      nextArgument = argument + 1
      specifiers.append(
        FormatSpecifier(
          text: text(start..<(index + 1)), argument: argument, argumentClass: argumentClass, substitution: nil))
      index += 1
    }
    return specifiers
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  private static func isFlagWidthPrecisionOrLength(_ byte: UInt8) -> Bool {
    switch Unicode.Scalar(byte) {
    case "0"..."9", "-", "+", " ", "#", "'", ".", "*", "h", "l", "q", "L", "z", "j", "t": true
    default: false
    }
  }

  private static func argumentClass(of conversion: UInt8) -> ArgumentClass? {
    switch Unicode.Scalar(conversion) {
    case "@": .object
    case "d", "i", "u", "x", "X", "o", "D", "U", "O": .integer
    case "f", "F", "e", "E", "g", "G", "a", "A": .floatingPoint
    case "s", "S": .cString
    case "c", "C": .character
    case "p": .pointer
    default: nil
    }
  }
}
