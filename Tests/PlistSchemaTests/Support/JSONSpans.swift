/// The structure of a JSON text with the byte range of every value, found without reading
/// the values.
///
/// The test suite's files are arrays of cases; reading each schema and each instance on its
/// own (with the JSON reader) lets a value the reader refuses — `null`, which property lists
/// do not have — skip just that case instead of the whole file.
indirect enum JSONSpan {
  case object([(key: Range<Int>, value: JSONSpan)], Range<Int>)
  case array([JSONSpan], Range<Int>)
  case scalar(Range<Int>)

  /// The bytes of the whole value.
  var range: Range<Int> {
    switch self {
    case .object(_, let range), .array(_, let range), .scalar(let range): range
    }
  }

  /// The member named `key` (compared as raw bytes: the suite's keys have no escapes).
  func member(_ key: String, in bytes: [UInt8]) -> JSONSpan? {
    guard case .object(let members, _) = self else { return nil }
    let quoted = Array(("\"" + key + "\"").utf8)
    return members.first { bytes[$0.key].elementsEqual(quoted) }?.value
  }

  /// Scans `bytes`; nil when the structure is broken.
  static func scan(_ bytes: [UInt8]) -> JSONSpan? {
    var scanner = Scanner(bytes: bytes)
    return scanner.value()
  }

  private struct Scanner {
    let bytes: [UInt8]
    var cursor = 0

    mutating func skipSpace() {
      while cursor < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[cursor]) { cursor += 1 }
    }

    mutating func value() -> JSONSpan? {
      skipSpace()
      guard cursor < bytes.count else { return nil }
      let start = cursor
      switch bytes[cursor] {
      case UInt8(ascii: "{"):
        cursor += 1
        var members: [(Range<Int>, JSONSpan)] = []
        skipSpace()
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "}") {
          cursor += 1
          return .object([], start..<cursor)
        }
        while true {
          skipSpace()
          guard let key = string() else { return nil }
          skipSpace()
          guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") else { return nil }
          cursor += 1
          guard let member = value() else { return nil }
          members.append((key, member))
          skipSpace()
          guard cursor < bytes.count else { return nil }
          cursor += 1
          if bytes[cursor - 1] == UInt8(ascii: "}") { return .object(members, start..<cursor) }
          guard bytes[cursor - 1] == UInt8(ascii: ",") else { return nil }
        }
      case UInt8(ascii: "["):
        cursor += 1
        var elements: [JSONSpan] = []
        skipSpace()
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "]") {
          cursor += 1
          return .array([], start..<cursor)
        }
        while true {
          guard let element = value() else { return nil }
          elements.append(element)
          skipSpace()
          guard cursor < bytes.count else { return nil }
          cursor += 1
          if bytes[cursor - 1] == UInt8(ascii: "]") { return .array(elements, start..<cursor) }
          guard bytes[cursor - 1] == UInt8(ascii: ",") else { return nil }
        }
      case UInt8(ascii: "\""):
        return string().map(JSONSpan.scalar)
      default:
        while cursor < bytes.count, !Array(",]} \n\r\t".utf8).contains(bytes[cursor]) { cursor += 1 }
        return .scalar(start..<cursor)
      }
    }

    mutating func string() -> Range<Int>? {
      guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") else { return nil }
      let start = cursor
      cursor += 1
      while cursor < bytes.count {
        switch bytes[cursor] {
        case UInt8(ascii: "\\"): cursor += 2
        case UInt8(ascii: "\""):
          cursor += 1
          return start..<cursor
        default: cursor += 1
        }
      }
      return nil
    }
  }
}
