extension OpenStepParser {
  /// Reads `<0fbd 7a>` data (white space anywhere between the hex digits, an even number of
  /// digits), or one of GNUstep's typed values `<*I5>`, `<*R1.5>`, `<*BY>`, `<*BN>`,
  /// `<*D2001-01-01 00:00:00 +0000>`. The cursor is on the `<`.
  mutating func parseData() throws(PropertyListError) -> PropertyList {
    let start = cursor
    cursor += 1
    if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "*") { return try parseGNUstepValue(start: start) }
    var data: [UInt8] = []
    var high: UInt8?
    while true {
      while cursor < bytes.count, OpenStepCharacters.isWhitespace(bytes[cursor]) { cursor += 1 }
      guard cursor < bytes.count else { throw expected("a hex digit or '>' in data") }
      let byte = bytes[cursor]
      if byte == UInt8(ascii: ">") {
        guard high == nil else {
          throw error(.syntax, at: cursor, "data ends with half a byte: it needs an even number of hex digits")
        }
        cursor += 1
        try countDecoded(data.count, at: start)
        return .data(data)
      }
      guard let digit = ASCIIHex.value(of: byte) else { throw expected("a hex digit or '>' in data") }
      if let first = high {
        data.append(first << 4 | digit)
        high = nil
      } else {
        high = digit
      }
      cursor += 1
    }
  }

  private mutating func parseGNUstepValue(start: Int) throws(PropertyListError) -> PropertyList {
    cursor += 1
    guard cursor < bytes.count else { throw expected("a type letter after '<*'") }
    let type = bytes[cursor]
    cursor += 1
    let contentStart = cursor
    while cursor < bytes.count, bytes[cursor] != UInt8(ascii: ">") { cursor += 1 }
    guard cursor < bytes.count else { throw expected("'>' after a typed value") }
    let content = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[contentStart..<cursor]), as: UTF8.self)
    cursor += 1
    switch type {
    case UInt8(ascii: "I"):
      if let integer = PropertyListInteger(parsing: Substring(content)) { return .integer(integer) }
    case UInt8(ascii: "R"):
      // A NaN that `Double(_:)` cannot read back exactly is written as its bits (see
      // `OpenStepOutput.gnustepText(of:)`).
      if let real = Double(content) ?? JSONNonFiniteReal.value(of: content) { return .real(real) }
    case UInt8(ascii: "B"):
      if content == "Y" { return .boolean(true) }
      if content == "N" { return .boolean(false) }
    case UInt8(ascii: "D"):
      // `2001-01-01 00:00:00 +0000`: the ISO 8601 form with spaces for 'T' and before the zone.
      var iso = Array(content.utf8)
      if iso.count == 25, iso[10] == 0x20, iso[19] == 0x20 {
        iso[10] = UInt8(ascii: "T")
        iso.remove(at: 19)
        if let seconds = ISO8601.parse(iso[...]) {
          return .date(PropertyListDate(secondsSinceReferenceDate: seconds))
        }
      }
    default:
      throw error(
        .syntax, at: start + 2,
        "unknown typed value '<*\(Character(Unicode.Scalar(type)))': expected I, R, B or D")
    }
    let names: [UInt8: String] = [
      UInt8(ascii: "I"): "an integer", UInt8(ascii: "R"): "a real", UInt8(ascii: "B"): "Y or N",
      UInt8(ascii: "D"): "a date like 2001-01-01 00:00:00 +0000",
    ]
    throw error(
      .invalidValue, at: start,
      "<*\(Character(Unicode.Scalar(type)))…> must hold \(names[type] ?? "a value"), found '\(content)'")
  }
}
