/// One Objective-C type encoding, as a typedstream's groups declare the values that follow
/// (`i`, `@`, `[16c]`, `{_NSRange=QQ}` …).
public indirect enum TypeEncoding: Sendable, Equatable, CustomStringConvertible {
  /// A type of one character: `c C s S i I l L q Q f d B * + % : # @ !` (and `v`, `?`).
  case scalar(UInt8)
  /// `[Nelement]`: a fixed number of elements of one type.
  case array(count: Int, element: TypeEncoding)
  /// `{name=fields}`: a struct; `name` is nil for `?` or no name.
  case structure(name: String?, fields: [TypeEncoding])
  /// `^type`: a pointer, which a typedstream can declare but never holds.
  case pointer(TypeEncoding)

  /// The encoding as Objective-C writes it.
  public var description: String {
    switch self {
    case .scalar(let code): String(UnicodeScalar(code))
    case .array(let count, let element): "[\(count)\(element)]"
    case .structure(let name, let fields): "{\(name ?? "?")=\(fields.map(\.description).joined())}"
    case .pointer(let target): "^\(target)"
    }
  }

  /// The fewest bytes a value of this type takes in a stream: an array of values that take
  /// none could declare any number of them for free, so the reader refuses one.
  var minimumSize: Int {
    switch self {
    case .scalar(let code): code == UInt8(ascii: "!") ? 0 : 1
    case .array(let count, let element):
      count.multipliedReportingOverflow(by: element.minimumSize).overflow ? Int.max : count * element.minimumSize
    case .structure(_, let fields):
      fields.reduce(0) { $0.addingReportingOverflow($1.minimumSize).overflow ? Int.max : $0 + $1.minimumSize }
    case .pointer: 1
    }
  }
}

extension TypeEncoding {
  /// The characters a type of one character may be.
  static let scalarCodes: Set<UInt8> = Set("cCsSiIlLqQfdB*+%:#@!v?".utf8)

  /// The type qualifiers Objective-C puts before a type (`const`, `in`, `out` …), which say
  /// nothing about the stored value.
  static let qualifiers: Set<UInt8> = Set("rnNoORV".utf8)

  /// Splits an encoding string into its types.
  ///
  /// - Throws: a description of what is wrong, for the caller to place in the input.
  static func parseList(_ text: UnsafeRawBufferPointer, maximumLength: Int) throws(EncodingProblem) -> [TypeEncoding] {
    guard text.count <= maximumLength else {
      throw EncodingProblem("a type encoding of \(text.count) characters, more than the limit of \(maximumLength)")
    }
    var parser = EncodingParser(text: text)
    var types: [TypeEncoding] = []
    while parser.position < text.count {
      types.append(try parser.parseOne(depth: 0))
    }
    guard !types.isEmpty else { throw EncodingProblem("an empty type encoding") }
    return types
  }
}

/// What is wrong with a type encoding, in words.
struct EncodingProblem: Error {
  var message: String
  init(_ message: String) { self.message = message }
}

/// Reads type encodings character by character; nesting is bounded by the encoding's length,
/// which the caller bounds.
private struct EncodingParser {
  let text: UnsafeRawBufferPointer
  var position = 0

  init(text: UnsafeRawBufferPointer) { self.text = text }

  private var current: UInt8? { position < text.count ? text[position] : nil }

  mutating func parseOne(depth: Int) throws(EncodingProblem) -> TypeEncoding {
    guard depth < 64 else { throw EncodingProblem("a type encoding nested deeper than 64 levels") }
    while let code = current, TypeEncoding.qualifiers.contains(code) { position += 1 }
    guard let code = current else { throw EncodingProblem("a type encoding that ends where a type should be") }
    position += 1
    switch code {
    case UInt8(ascii: "["):
      var count = 0
      var digits = 0
      while let digit = current, digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") {
        guard digits < 12 else { throw EncodingProblem("an array length of more than 12 digits") }
        count = count * 10 + Int(digit - UInt8(ascii: "0"))
        digits += 1
        position += 1
      }
      guard digits > 0 else { throw EncodingProblem("an array type without a length") }
      let element = try parseOne(depth: depth + 1)
      guard current == UInt8(ascii: "]") else { throw EncodingProblem("an array type without its closing ']'") }
      position += 1
      return .array(count: count, element: element)
    case UInt8(ascii: "{"):
      let nameStart = position
      while let byte = current, byte != UInt8(ascii: "="), byte != UInt8(ascii: "}") { position += 1 }
      let nameBytes = UnsafeRawBufferPointer(rebasing: text[nameStart..<position])
      let name =
        nameBytes.isEmpty || (nameBytes.count == 1 && nameBytes[0] == UInt8(ascii: "?"))
        ? nil : String(decoding: nameBytes, as: UTF8.self)
      var fields: [TypeEncoding] = []
      if current == UInt8(ascii: "=") {
        position += 1
        while let byte = current, byte != UInt8(ascii: "}") {
          fields.append(try parseOne(depth: depth + 1))
        }
      }
      guard current == UInt8(ascii: "}") else { throw EncodingProblem("a struct type without its closing '}'") }
      position += 1
      return .structure(name: name, fields: fields)
    case UInt8(ascii: "^"):
      return .pointer(try parseOne(depth: depth + 1))
    default:
      guard TypeEncoding.scalarCodes.contains(code) else {
        throw EncodingProblem("the type '\(Self.printable(code))', which a typedstream cannot hold")
      }
      return .scalar(code)
    }
  }

  static func printable(_ byte: UInt8) -> String {
    byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
  }
}
