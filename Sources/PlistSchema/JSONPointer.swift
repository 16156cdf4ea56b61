import PlistKit

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
        guard let high = iterator.next().flatMap(ASCIIHex.value(of:)),
          let low = iterator.next().flatMap(ASCIIHex.value(of:))
        else {
          return nil
        }
        bytes.append(high << 4 | low)
      } else {
        bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }
}
