/// A `pattern` / `patternProperties` regular expression with ECMA-262 semantics, as far as
/// Swift `Regex` allows.
///
/// Swift `Regex` is used rather than `NSRegularExpression` so that this module needs no
/// Foundation, and because its syntax is close to ECMA-262's. The pattern is matched on
/// Unicode scalars (like ECMA-262's `u` flag: `.` is one code point, so a non-BMP character
/// is one character), unanchored (`pattern` asks whether the regex matches *somewhere*).
/// Differences from ECMA-262 are bridged by rewriting the pattern:
/// - `\d`, `\w` and `\b` are ASCII-only (Swift's are Unicode-aware by default);
/// - `\s` and `\S` use ECMA-262's white space set (which includes U+FEFF);
/// - `\cX` control escapes become the code point they name.
///
/// Not supported: lookbehind (`(?<=`, `(?<!`) where the toolchain's `Regex` lacks it, and
/// ECMA-262's legacy (non-`u`) quirks; such a pattern makes the schema unusable with an
/// error that names it.
struct ECMAPattern: @unchecked Sendable {
  /// The pattern as written in the schema.
  let source: String
  // `Regex` is not `Sendable` because it compiles its program lazily on first use; the
  // initializer runs one match so the program is built before the value is shared, and
  // after that it is only read.
  private let regex: Regex<AnyRegexOutput>

  /// Compiles `source`; throws a message that says why it is not supported.
  init(_ source: String) throws(PatternError) {
    self.source = source
    let translated = try Self.translate(source)
    do {
      regex = try Regex(translated)
        .matchingSemantics(.unicodeScalar)
        .asciiOnlyDigits()
        .asciiOnlyWordCharacters()
      _ = try? regex.firstMatch(in: "")
    } catch {
      throw PatternError(message: "invalid or unsupported regular expression \(JSONRendering.quoted(source)): \(error)")
    }
  }

  /// True when the pattern matches somewhere in `string`.
  func matches(_ string: String) -> Bool {
    (try? regex.firstMatch(in: string)) != nil
  }

  /// Why a pattern cannot be compiled.
  struct PatternError: Error {
    var message: String
  }

  /// ECMA-262 `\s`: WhiteSpace and LineTerminator code points.
  /// Escapes, one per code point: Swift's parser refuses white space as a range bound, and
  /// mishandles some of these characters written literally inside a class.
  private static let whiteSpaceClassBody =
    #"\t\n\x{0B}\x{0C}\r \x{A0}\x{1680}\x{2000}\x{2001}\x{2002}\x{2003}\x{2004}\x{2005}\x{2006}"#
    + #"\x{2007}\x{2008}\x{2009}\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}"#

  private static func translate(_ source: String) throws(PatternError) -> String {
    var output = ""
    var inClass = false
    var scalars = source.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      switch scalar {
      case "\\":
        guard let escaped = scalars.next() else {
          throw PatternError(message: "the pattern \(JSONRendering.quoted(source)) ends with a lone backslash")
        }
        switch escaped {
        case "s":
          output += inClass ? whiteSpaceClassBody : "[" + whiteSpaceClassBody + "]"
        case "S":
          // Inside a class this is a nested class, which Swift's syntax allows.
          output += "[^" + whiteSpaceClassBody + "]"
        case "c":
          guard let letter = scalars.next(), letter.properties.isAlphabetic, letter.isASCII else {
            throw PatternError(message: "\\c in \(JSONRendering.quoted(source)) must be followed by an ASCII letter")
          }
          output += "\\u{" + String(letter.value & 0x1F, radix: 16) + "}"
        default:
          output.unicodeScalars.append("\\")
          output.unicodeScalars.append(escaped)
        }
      case "[" where !inClass:
        inClass = true
        output.unicodeScalars.append(scalar)
      case "]" where inClass:
        inClass = false
        output.unicodeScalars.append(scalar)
      default:
        output.unicodeScalars.append(scalar)
      }
    }
    return output
  }
}
