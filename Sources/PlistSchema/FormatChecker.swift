/// `format` checks, used when formats are asserted (an option, or the format-assertion
/// vocabulary). Otherwise `format` is only an annotation.
///
/// Supported: `date-time`, `date`, `time` (RFC 3339), `email` (RFC 5321 mailbox, ASCII),
/// `uuid` (RFC 4122 text form), `ipv4`, `ipv6` (RFC 4291 text, no zone), `uri` (RFC 3986
/// absolute URI). Other formats are not checked.
enum FormatChecker {
  /// True or false for a supported format, nil for one that is not checked.
  static func check(_ format: String, _ value: String) -> Bool? {
    let bytes = Array(value.utf8)
    switch format {
    case "date-time": return isDateTime(bytes[...])
    case "date": return isDate(bytes[...])
    case "time": return isTime(bytes[...])
    case "email": return isEmail(bytes)
    case "uuid": return isUUID(bytes)
    case "ipv4": return isIPv4(bytes[...])
    case "ipv6": return isIPv6(bytes[...])
    case "uri": return isURI(bytes)
    default: return nil
    }
  }

  // MARK: - Dates and times

  private static func digits(_ text: ArraySlice<UInt8>) -> Int? {
    guard !text.isEmpty, text.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    return text.reduce(0) { $0 * 10 + Int($1 - 0x30) }
  }

  private static func isDate(_ text: ArraySlice<UInt8>) -> Bool {
    guard text.count == 10, text[text.startIndex + 4] == UInt8(ascii: "-"),
      text[text.startIndex + 7] == UInt8(ascii: "-"),
      let year = digits(text.prefix(4)), let month = digits(text.dropFirst(5).prefix(2)),
      let day = digits(text.suffix(2)), (1...12).contains(month)
    else { return false }
    let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    return (1...days).contains(day)
  }

  /// `HH:MM:SS[.frac](Z|±HH:MM)`; a leap second only at 23:59:60 UTC.
  private static func isTime(_ text: ArraySlice<UInt8>) -> Bool {
    let start = text.startIndex
    guard text.count >= 9, text[start + 2] == UInt8(ascii: ":"), text[start + 5] == UInt8(ascii: ":"),
      let hour = digits(text[start..<start + 2]), let minute = digits(text[start + 3..<start + 5]),
      let second = digits(text[start + 6..<start + 8]), hour < 24, minute < 60, second <= 60
    else { return false }
    var rest = text[(start + 8)...]
    if rest.first == UInt8(ascii: ".") {
      let fraction = rest.dropFirst().prefix { $0 >= 0x30 && $0 <= 0x39 }
      guard !fraction.isEmpty else { return false }
      rest = rest.dropFirst(1 + fraction.count)
    }
    var offsetMinutes = 0
    if rest.count == 1, rest.first == UInt8(ascii: "Z") || rest.first == UInt8(ascii: "z") {
      offsetMinutes = 0
    } else {
      guard rest.count == 6, let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
        rest[rest.startIndex + 3] == UInt8(ascii: ":"),
        let offsetHour = digits(rest[(rest.startIndex + 1)..<(rest.startIndex + 3)]),
        let offsetMinute = digits(rest.suffix(2)), offsetHour < 24, offsetMinute < 60
      else { return false }
      offsetMinutes = (offsetHour * 60 + offsetMinute) * (sign == UInt8(ascii: "+") ? 1 : -1)
    }
    if second == 60 {
      let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
      return utc == 23 * 60 + 59
    }
    return true
  }

  private static func isDateTime(_ text: ArraySlice<UInt8>) -> Bool {
    guard text.count > 11 else { return false }
    let separator = text[text.startIndex + 10]
    guard separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") else { return false }
    return isDate(text.prefix(10)) && isTime(text.dropFirst(11))
  }

  // MARK: - Identifiers

  private static func isHex(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
  }

  private static func isUUID(_ bytes: [UInt8]) -> Bool {
    guard bytes.count == 36 else { return false }
    for (position, byte) in bytes.enumerated() {
      if [8, 13, 18, 23].contains(position) {
        guard byte == UInt8(ascii: "-") else { return false }
      } else if !isHex(byte) {
        return false
      }
    }
    return true
  }

  private static func isIPv4(_ text: ArraySlice<UInt8>) -> Bool {
    let parts = text.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count == 4 else { return false }
    return parts.allSatisfy { part in
      guard part.count <= 3, let value = digits(part), value <= 255 else { return false }
      return part.count == 1 || part.first != UInt8(ascii: "0")
    }
  }

  private static func isIPv6(_ text: ArraySlice<UInt8>) -> Bool {
    var groups = text.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).map { $0 }
    var limit = 8
    // A trailing dotted IPv4 address stands for the last two groups.
    if let last = groups.last, last.contains(UInt8(ascii: ".")) {
      guard isIPv4(last) else { return false }
      groups.removeLast()
      groups.append([UInt8(ascii: "0")][...])
      limit = 7
    }
    let text = Array(text)
    let doubleColons = zip(text, text.dropFirst()).filter { $0 == UInt8(ascii: ":") && $1 == UInt8(ascii: ":") }.count
    guard doubleColons <= 1 else { return false }
    // A group can be empty at either end only as part of "::".
    if text.first == UInt8(ascii: ":") && text.dropFirst().first != UInt8(ascii: ":") { return false }
    if text.last == UInt8(ascii: ":") && text.dropLast().last != UInt8(ascii: ":") { return false }
    if doubleColons == 1 {
      // "::" makes empty groups at its place (and one more at either end).
      var compact = groups
      if compact.first?.isEmpty == true { compact.removeFirst() }
      if compact.last?.isEmpty == true { compact.removeLast() }
      let empties = compact.filter(\.isEmpty).count
      guard empties == 1, compact.count - 1 < limit else { return false }
      return compact.allSatisfy { $0.isEmpty || ($0.count <= 4 && $0.allSatisfy(isHex)) }
    }
    guard groups.count == limit else { return false }
    return groups.allSatisfy { !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(isHex) }
  }

  // MARK: - Email

  private static let atomExtras = Set("!#$%&'*+-/=?^_`{|}~".utf8)

  private static func isAtomText(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      || atomExtras.contains(byte)
  }

  private static func isEmail(_ bytes: [UInt8]) -> Bool {
    guard let at = bytes.lastIndex(of: UInt8(ascii: "@")), at > 0 else { return false }
    let local = bytes[..<at]
    let domain = bytes[(at + 1)...]
    let localValid: Bool
    if local.first == UInt8(ascii: "\""), local.count >= 2, local.last == UInt8(ascii: "\"") {
      localValid = local.dropFirst().dropLast().allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    } else {
      let atoms = local.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
      localValid = atoms.allSatisfy { !$0.isEmpty && $0.allSatisfy(isAtomText) }
    }
    guard localValid else { return false }
    if domain.first == UInt8(ascii: "["), domain.last == UInt8(ascii: "]") {
      let literal = domain.dropFirst().dropLast()
      let prefix = Array("IPv6:".utf8)
      if literal.starts(with: prefix) { return isIPv6(literal.dropFirst(prefix.count)) }
      return isIPv4(literal)
    }
    return isHostname(domain)
  }

  private static func isHostname(_ text: ArraySlice<UInt8>) -> Bool {
    guard !text.isEmpty, text.count <= 253 else { return false }
    let labels = text.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    return labels.allSatisfy { label in
      guard !label.isEmpty, label.count <= 63, label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-")
      else { return false }
      return label.allSatisfy {
        (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
          || $0 == UInt8(ascii: "-")
      }
    }
  }

  // MARK: - URI

  private static let unreserved = Set("-._~".utf8)
  private static let subDelimiters = Set("!$&'()*+,;=".utf8)

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  /// True when `text` has only `allowed` characters, unreserved ones, sub-delimiters and
  /// well-formed percent escapes.
  private static func isEncoded(_ text: ArraySlice<UInt8>, allowing allowed: Set<UInt8>) -> Bool {
    var index = text.startIndex
    while index < text.endIndex {
      let byte = text[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < text.endIndex, isHex(text[index + 1]), isHex(text[index + 2])
        else { return false }
        index += 3
        continue
      }
      guard isAlphanumeric(byte) || unreserved.contains(byte) || subDelimiters.contains(byte) || allowed.contains(byte)
      else { return false }
      index += 1
    }
    return true
  }

  private static func isURI(_ bytes: [UInt8]) -> Bool {
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, bytes[0] < 0x80,
      isAlphanumeric(bytes[0]) && !(0x30...0x39).contains(bytes[0]),
      bytes[..<colon].allSatisfy({
        isAlphanumeric($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
      })
    else { return false }
    var rest = bytes[(colon + 1)...]
    var fragment: ArraySlice<UInt8> = []
    if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
      fragment = rest[(hash + 1)...]
      rest = rest[..<hash]
    }
    var query: ArraySlice<UInt8> = []
    if let question = rest.firstIndex(of: UInt8(ascii: "?")) {
      query = rest[(question + 1)...]
      rest = rest[..<question]
    }
    let queryCharacters = Set(":@/?".utf8)
    guard isEncoded(fragment, allowing: queryCharacters), isEncoded(query, allowing: queryCharacters) else {
      return false
    }
    var path = rest
    if rest.starts(with: Array("//".utf8)) {
      let afterSlashes = rest.dropFirst(2)
      let end = afterSlashes.firstIndex(of: UInt8(ascii: "/")) ?? afterSlashes.endIndex
      guard isAuthority(afterSlashes[..<end]) else { return false }
      path = afterSlashes[end...]
    }
    return isEncoded(path, allowing: Set(":@/".utf8))
  }

  private static func isAuthority(_ text: ArraySlice<UInt8>) -> Bool {
    var host = text
    if let at = text.lastIndex(of: UInt8(ascii: "@")) {
      guard isEncoded(text[..<at], allowing: Set(":".utf8)) else { return false }
      host = text[(at + 1)...]
    }
    if host.first == UInt8(ascii: "[") {
      guard let close = host.firstIndex(of: UInt8(ascii: "]")) else { return false }
      let literal = host[(host.startIndex + 1)..<close]
      guard isIPv6(literal) || (literal.first == UInt8(ascii: "v") && isEncoded(literal, allowing: Set(":".utf8)))
      else { return false }
      host = host[(close + 1)...]
      guard host.isEmpty || host.first == UInt8(ascii: ":") else { return false }
      return host.isEmpty || host.dropFirst().allSatisfy { (0x30...0x39).contains($0) }
    }
    if let colon = host.lastIndex(of: UInt8(ascii: ":")) {
      guard host[(colon + 1)...].allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
      host = host[..<colon]
    }
    return isEncoded(host, allowing: [])
  }
}
