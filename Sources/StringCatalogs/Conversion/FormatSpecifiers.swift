/// The conversion specifiers of a printf-style format as Foundation's `String(format:)` reads
/// them (`%@`, `%d`, `%lld`, `%1$@`, `%#@name@`), for what the two forms of a plural need: which
/// argument a `%#@name@` variable formats, and which specifier a text uses.
enum FormatSpecifiers {
  /// One specifier: where it is, the argument it takes (from 1), its text without `%` and the
  /// argument position, and the variable it names when it is `%#@name@`.
  struct Specifier: Equatable {
    var range: Range<String.Index>
    var argument: Int
    var conversion: String
    var variable: String?
  }

  private static let flags: Set<Character> = ["-", "+", " ", "0", "'", "#"]
  private static let lengthModifiers: Set<Character> = ["h", "l", "q", "L", "z", "t", "j"]
  private static let conversions: Set<Character> = [
    "@", "d", "D", "i", "u", "U", "x", "X", "o", "O", "f", "F", "e", "E", "g", "G", "a", "A", "c", "C", "s", "S", "p",
  ]

  /// The specifiers of `format` in order; `%%` is none. Arguments count from 1 in order, or
  /// take the position a specifier gives (`%2$@`).
  static func parse(_ format: String) -> [Specifier] {
    var result: [Specifier] = []
    var next = 1
    var index = format.startIndex
    while let percent = format[index...].firstIndex(of: "%") {
      var cursor = format.index(after: percent)
      guard cursor < format.endIndex else { break }
      if format[cursor] == "%" {
        index = format.index(after: cursor)
        continue
      }
      // An explicit position: digits then `$`.
      var position: Int?
      var digitsEnd = cursor
      while digitsEnd < format.endIndex, format[digitsEnd].isASCII, format[digitsEnd].isNumber {
        digitsEnd = format.index(after: digitsEnd)
      }
      if digitsEnd > cursor, digitsEnd < format.endIndex, format[digitsEnd] == "$" {
        position = Int(format[cursor..<digitsEnd])
        cursor = format.index(after: digitsEnd)
      }
      let start = cursor
      // `%#@name@`: a variable of a .stringsdict format.
      if format[cursor...].hasPrefix("#@"), let close = format[format.index(cursor, offsetBy: 2)...].firstIndex(of: "@")
      {
        let name = String(format[format.index(cursor, offsetBy: 2)..<close])
        let end = format.index(after: close)
        result.append(Specifier(range: percent..<end, argument: position ?? next, conversion: "@", variable: name))
        next = (position ?? next) + 1
        index = end
        continue
      }
      while cursor < format.endIndex, flags.contains(format[cursor]) || format[cursor].isNumber || format[cursor] == "."
      {
        cursor = format.index(after: cursor)
      }
      while cursor < format.endIndex, lengthModifiers.contains(format[cursor]) { cursor = format.index(after: cursor) }
      guard cursor < format.endIndex, conversions.contains(format[cursor]) else {
        index = cursor
        continue
      }
      let end = format.index(after: cursor)
      result.append(
        Specifier(range: percent..<end, argument: position ?? next, conversion: String(format[start..<end])))
      next = (position ?? next) + 1
      index = end
    }
    return result
  }

  /// The specifier of the first argument `texts` format (without `%`, such as `lld`), the value
  /// type a `.stringsdict` variable needs; nil when none formats one.
  static func firstConversion(in texts: [String]) -> String? {
    for text in texts {
      if let first = parse(text).first(where: { $0.variable == nil }) { return first.conversion }
    }
    return nil
  }
}
