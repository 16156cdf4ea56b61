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
    let scalars = Array(format.unicodeScalars)
    var specifiers: [FormatSpecifier] = []
    var nextArgument = 1
    var index = 0
    while index < scalars.count {
      guard scalars[index] == "%" else {
        index += 1
        continue
      }
      let start = index
      index += 1
      guard index < scalars.count else { break }
      if scalars[index] == "%" {
        index += 1
        continue
      }
      // `%#@name@`: a reference to a substitution.
      if scalars[index] == "#", index + 1 < scalars.count, scalars[index + 1] == "@",
        let end = scalars[(index + 2)...].firstIndex(of: "@")
      {
        let name = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
        specifiers.append(
          FormatSpecifier(
            text: String(String.UnicodeScalarView(scalars[start...end])), argument: nil, argumentClass: nil,
            substitution: name))
        index = end + 1
        continue
      }
      var position: Int?
      // `N$`
      var digitsEnd = index
      while digitsEnd < scalars.count, ("0"..."9").contains(scalars[digitsEnd]) { digitsEnd += 1 }
      if digitsEnd > index, digitsEnd < scalars.count, scalars[digitsEnd] == "$" {
        position = Int(String(String.UnicodeScalarView(scalars[index..<digitsEnd])))
        index = digitsEnd + 1
      }
      // Flags, width, precision, length.
      while index < scalars.count, "-+ #0'123456789.*hlqLzjt".unicodeScalars.contains(scalars[index]) { index += 1 }
      guard index < scalars.count, let argumentClass = Self.argumentClass(of: scalars[index]) else { continue }
      let argument = position ?? nextArgument
      nextArgument = argument + 1
      specifiers.append(
        FormatSpecifier(
          text: String(String.UnicodeScalarView(scalars[start...index])), argument: argument,
          argumentClass: argumentClass, substitution: nil))
      index += 1
    }
    return specifiers
  }

  private static func argumentClass(of conversion: Unicode.Scalar) -> ArgumentClass? {
    switch conversion {
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
