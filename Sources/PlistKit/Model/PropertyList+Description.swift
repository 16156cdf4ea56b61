extension PropertyList: CustomStringConvertible, CustomDebugStringConvertible {
  /// The value on one line, like a literal, with the types that text alone would hide kept
  /// visible: `["Name": "Litzy", "Year": 1861, "Ratio": 1.0, "When": 2001-01-01T00:00:00Z,
  /// "Bytes": <3 bytes 0x0001ff>, "Ref": <uid 5>]`. Strings are quoted and escaped, reals
  /// always show a point or an exponent, dates are ISO 8601 in whole seconds, data shows its
  /// length and its first 16 bytes, UIDs are `<uid N>` (as `plistkit print` shows them).
  public var description: String { render(debug: false) }

  /// The Swift code that makes the value, every case named and every payload exact:
  /// `["Name": .string("Litzy"), "Year": .integer(1861), "When":
  /// .date(.init(secondsSinceReferenceDate: 0.5)), "Bytes": .data([0x00, 0xFF]), "Ref": .uid(5)]`.
  public var debugDescription: String { render(debug: true) }

  /// Renders with an explicit stack, so that a value nested arbitrarily deep cannot overflow
  /// the thread's stack.
  private func render(debug: Bool) -> String {
    enum Step {
      case value(PropertyList)
      case text(String)
    }
    var output = ""
    var steps: [Step] = [.value(self)]
    // A list in brackets, or `empty`: its entries pushed last first, each after its separator
    // and its label.
    func pushList(_ count: Int, empty: String, _ entry: (Int) -> (label: String, value: PropertyList)) {
      guard count > 0 else { return output += empty }
      output += "["
      steps.append(.text("]"))
      for position in (0..<count).reversed() {
        let (label, value) = entry(position)
        steps.append(.value(value))
        steps.append(.text((position > 0 ? ", " : "") + label))
      }
    }
    while let step = steps.popLast() {
      switch step {
      case .text(let text): output += text
      case .value(.array(let elements)): pushList(elements.count, empty: "[]") { ("", elements[$0]) }
      case .value(.dictionary(let dictionary)):
        pushList(dictionary.count, empty: "[:]") { (Self.quoted(dictionary.keys[$0]) + ": ", dictionary.values[$0]) }
      case .value(let scalar): output += debug ? Self.debugText(scalar) : Self.text(scalar)
      }
    }
    return output
  }

  /// A scalar as ``description`` shows it.
  private static func text(_ scalar: PropertyList) -> String {
    switch scalar {
    case .string(let string): quoted(string)
    case .integer(let integer): integer.description
    case .real(let real): real.description
    case .boolean(let bool): bool ? "true" : "false"
    case .date(let date): date.iso8601
    case .data(let bytes):
      "<\(bytes.count) bytes 0x"
        + bytes.prefix(16).map { ASCIIHex.string(UInt32($0), width: 2, uppercase: false) }.joined()
        + (bytes.count > 16 ? "…>" : ">")
    case .uid(let uid): "<uid \(uid)>"
    case .array, .dictionary: preconditionFailure("containers are rendered by the walk")
    }
  }

  /// A scalar as ``debugDescription`` shows it.
  private static func debugText(_ scalar: PropertyList) -> String {
    switch scalar {
    case .string(let string): ".string(\(quoted(string)))"
    case .integer(let integer): ".integer(\(integer))"
    case .real(let real): ".real(\(realLiteral(real)))"
    case .boolean(let bool): ".boolean(\(bool))"
    case .date(let date): ".date(.init(secondsSinceReferenceDate: \(realLiteral(date.secondsSinceReferenceDate))))"
    case .data(let bytes):
      ".data([" + bytes.map { "0x" + ASCIIHex.string(UInt32($0), width: 2) }.joined(separator: ", ") + "])"
    case .uid(let uid): ".uid(\(uid))"
    case .array, .dictionary: preconditionFailure("containers are rendered by the walk")
    }
  }

  /// A real as a Swift expression: `1.5`, `.nan`, `-.infinity`, or its bits for another NaN.
  private static func realLiteral(_ real: Double) -> String {
    if real.isNaN {
      return real.bitPattern == Double.nan.bitPattern
        ? ".nan" : "Double(bitPattern: 0x\(String(real.bitPattern, radix: 16)))"
    }
    if real.isInfinite { return real < 0 ? "-.infinity" : ".infinity" }
    return real.description
  }

  /// A string as a Swift string literal: quotes, backslashes and control characters escaped.
  private static func quoted(_ string: String) -> String {
    string.backslashQuoted { $0 == "\0" ? "\\0" : "\\u{\(String($0.value, radix: 16))}" }
  }
}
