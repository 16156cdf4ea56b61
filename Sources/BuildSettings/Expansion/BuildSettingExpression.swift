/// A text with build-setting references, parsed: literal text and references, each reference's
/// name and operators parsed in turn (a name may itself hold references: `$(A_$(B))`).
///
/// The forms are Xcode's: `$(NAME)` and `${NAME}` with operators after colons
/// (`$(NAME:lower:rfc1034identifier)`, `$(NAME:default=VALUE)`), the first `)` or `}` closes the
/// reference (parentheses inside are not counted), and a reference that is never closed runs to
/// the end of the text; `$NAME`, whose name is letters, digits, `_` and `.`, refers to NAME only
/// when a level assigns it, and stays as it is written otherwise; `$$` is one `$`; any other `$`
/// is itself.
struct BuildSettingExpression {
  /// One part of a text.
  indirect enum Piece {
    /// Text as it is.
    case literal(String)
    /// A reference, expanded when the text is.
    case reference(Reference)
  }

  /// `$(NAME:op:op=ARG)`, `${…}` or `$NAME`.
  struct Reference {
    /// The name, which may hold references.
    var name: [Piece]
    /// The operators, in the order they apply.
    var operators: [Operator]
    /// True for `$NAME`, which refers only to a name that is assigned.
    var isBare: Bool
    /// False for a `$(` or `${` that is never closed.
    var isClosed: Bool
    /// The reference as written, for messages.
    var text: String
  }

  /// `:name` or `:name=ARGUMENT`.
  struct Operator {
    /// The operator's name (`lower`, `default`).
    var name: String
    /// The argument after `=`, which may hold references; nil without `=`.
    var argument: [Piece]?
    /// The operator as written, for messages.
    var text: String
  }

  /// The parts of the text.
  let pieces: [Piece]

  /// How deep references may nest in each other.
  static let maximumNesting = 64

  /// Parses `text`.
  ///
  /// - Throws: ``BuildSettingsError/Kind/limitExceeded`` for references nested deeper than
  ///   ``maximumNesting``.
  init(parsing text: String) throws(BuildSettingsError) {
    var parser = Parser(bytes: Array(text.utf8))
    pieces = try parser.pieces(closer: nil, depth: 0).pieces
  }

  /// True for a byte of a `$NAME` name.
  static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."):
      true
    default: false
    }
  }

  /// True for the first byte of a `$NAME` name.
  static func isNameStartByte(_ byte: UInt8) -> Bool {
    isNameByte(byte) && byte != UInt8(ascii: ".") && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private struct Parser {
    let bytes: [UInt8]
    var position = 0

    /// Pieces up to `closer` or a `:` (inside a reference), or the end of the text; the byte it
    /// stopped at is not consumed.
    mutating func pieces(closer: UInt8?, depth: Int) throws(BuildSettingsError) -> (pieces: [Piece], stop: UInt8?) {
      var result: [Piece] = []
      var literal: [UInt8] = []
      func flush() {
        if !literal.isEmpty { result.append(.literal(String(decoding: literal, as: UTF8.self))) }
        literal = []
      }
      while position < bytes.count {
        let byte = bytes[position]
        if let closer, byte == closer || byte == UInt8(ascii: ":") {
          flush()
          return (result, byte)
        }
        guard byte == UInt8(ascii: "$"), position + 1 < bytes.count else {
          literal.append(byte)
          position += 1
          continue
        }
        let next = bytes[position + 1]
        if next == UInt8(ascii: "$") {
          literal.append(byte)
          position += 2
        } else if next == UInt8(ascii: "(") || next == UInt8(ascii: "{") {
          flush()
          result.append(
            .reference(
              try bracketed(closer: next == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}"), depth: depth)))
        } else if BuildSettingExpression.isNameStartByte(next) {
          flush()
          let start = position
          position += 1
          while position < bytes.count, BuildSettingExpression.isNameByte(bytes[position]) { position += 1 }
          let name = String(decoding: bytes[(start + 1)..<position], as: UTF8.self)
          result.append(
            .reference(
              Reference(
                name: [.literal(name)], operators: [], isBare: true, isClosed: true, text: "$" + name)))
        } else {
          literal.append(byte)
          position += 1
        }
      }
      flush()
      return (result, nil)
    }

    /// `$(…)` or `${…}`, from its `$`.
    mutating func bracketed(closer: UInt8, depth: Int) throws(BuildSettingsError) -> Reference {
      guard depth < BuildSettingExpression.maximumNesting else {
        throw BuildSettingsError(
          .limitExceeded, "references nested more than \(BuildSettingExpression.maximumNesting) deep")
      }
      let start = position
      position += 2
      var segments: [[Piece]] = []
      var segmentStarts: [Int] = []
      var closed = false
      while true {
        segmentStarts.append(position)
        let (pieces, stop) = try pieces(closer: closer, depth: depth + 1)
        segments.append(pieces)
        guard let stop else { break }
        position += 1
        if stop == closer {
          closed = true
          break
        }
      }
      let operators = zip(segments.dropFirst(), segmentStarts.dropFirst()).map { (pieces, start) in
        Self.operator(pieces, text: String(decoding: bytes[start..<min(position, bytes.count)], as: UTF8.self))
      }
      return Reference(
        name: segments[0], operators: operators, isBare: false, isClosed: closed,
        text: String(decoding: bytes[start..<position], as: UTF8.self))
    }

    /// An operator from its pieces: the name is the literal text before the first `=`.
    static func `operator`(_ pieces: [Piece], text: String) -> Operator {
      let written = String(text.prefix { $0 != ":" && $0 != ")" && $0 != "}" })
      guard case .literal(let first)? = pieces.first else {
        return Operator(name: written, argument: nil, text: written)
      }
      guard let equals = first.firstIndex(of: "=") else {
        return Operator(name: pieces.count == 1 ? first : written, argument: nil, text: written)
      }
      let rest = first[first.index(after: equals)...]
      let argument: [Piece] = (rest.isEmpty ? [] : [.literal(String(rest))]) + pieces.dropFirst()
      return Operator(name: String(first[..<equals]), argument: argument, text: written)
    }
  }
}
