/// JSON Pointers (RFC 6901) as schema locations: `#/properties/Name/pattern`.
enum JSONPointer {
  /// Escapes one reference token (`~` → `~0`, `/` → `~1`).
  static func escape(_ token: String) -> String {
    guard token.contains("~") || token.contains("/") else { return token }
    var escaped = ""
    for character in token {
      switch character {
      case "~": escaped += "~0"
      case "/": escaped += "~1"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  /// Splits a pointer (without `#`, already percent-decoded) into unescaped tokens; nil when
  /// it is not a pointer (does not start with `/` and is not empty).
  static func tokens(_ pointer: String) -> [String]? {
    if pointer.isEmpty { return [] }
    guard pointer.hasPrefix("/") else { return nil }
    return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { token in
      String(token).replacing("~1", with: "/").replacing("~0", with: "~")
    }
  }

  /// Joins tokens into a pointer.
  static func pointer(_ tokens: [String]) -> String {
    tokens.map { "/" + escape($0) }.joined()
  }

  /// Decodes `%XX` escapes in a URI fragment; nil when an escape is malformed or the bytes are
  /// not UTF-8.
  static func percentDecoded(_ text: String) -> String? {
    guard text.contains("%") else { return text }
    var bytes: [UInt8] = []
    var iterator = Array(text.utf8).makeIterator()
    while let byte = iterator.next() {
      if byte == UInt8(ascii: "%") {
        guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
          return nil
        }
        bytes.append(high << 4 | low)
      } else {
        bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
