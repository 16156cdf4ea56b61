extension PropertyListFormat {
  /// Guesses the format from the first bytes of `bytes`: the binary magic, an XML prolog or
  /// `<plist`, else JSON or OpenStep by their first tokens. Text in UTF-8, or UTF-16 or UTF-32
  /// (with a byte-order mark) is recognised. Returns nil for empty or blank input.
  ///
  /// Binary is `bplist0` and any eighth byte, as CoreFoundation and Foundation take it (their
  /// readers check only those seven bytes, so `bplist0x` and `bplist01` are read as
  /// `bplist00`); `bplist` and two other digits (`bplist15`, `bplist16`: versions Apple uses
  /// privately) is binary too, so that the binary reader says the version is not supported, and
  /// so is an input cut off inside the header (`bplist`, `bplist0`). Anything else that starts
  /// with `bplist` is text (`bplistl` is an OpenStep string, as plutil reads it).
  ///
  /// The guess is only a guess: the chosen reader reports that format's own error when the
  /// file is broken (a truncated `bplist00` file is a broken binary plist, not a string).
  ///
  /// A bare XML value without the `<plist>` root (`<string>hi</string>`, `<dict/>`), which
  /// CoreFoundation reads, is XML too: OpenStep data (`<0fbd 77>`) holds only hex digits and
  /// white space, and GNUstep's typed values start `<*`, so an element name cannot be either.
  public static func detect(_ bytes: UnsafeRawBufferPointer) -> PropertyListFormat? {
    if startsWithBinaryHeader(bytes) { return .binary }
    let text = asciiProjection(of: bytes, limit: 4096)
    var cursor = 0
    func skipSpace() {
      while cursor < text.count, [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains(text[cursor]) { cursor += 1 }
    }
    skipSpace()
    guard cursor < text.count else { return nil }
    let rest = text[cursor...]
    if rest.starts(with: "<?xml".utf8) || rest.starts(with: "<!DOCTYPE".utf8) || rest.starts(with: "<plist".utf8)
      || rest.starts(with: "<!--".utf8) || startsWithValueElement(rest)
    {
      return .xml
    }
    switch text[cursor] {
    case UInt8(ascii: "["): return .json
    case UInt8(ascii: "("), UInt8(ascii: "<"), UInt8(ascii: "/"): return .openStep
    case UInt8(ascii: "{"):
      cursor += 1
      skipSpace()
      guard cursor < text.count else { return .openStep }
      if text[cursor] == UInt8(ascii: "}") { return .json }
      guard text[cursor] == UInt8(ascii: "\"") else { return .openStep }
      return followsQuotedString(text, from: cursor, with: ":") ? .json : .openStep
    case UInt8(ascii: "\""):
      // A JSON string, or a .strings file (`"key" = "value";`).
      // An escape JSON does not have (`\U00e9`, `\012`) means an OpenStep string.
      return followsQuotedString(text, from: cursor, with: "=") || followsQuotedString(text, from: cursor, with: ";")
        || hasOpenStepEscape(text, from: cursor) ? .openStep : .json
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      // A .strings entry may start with a bare word that looks like a number (`404.title = …;`).
      return startsStringsEntry(text, from: cursor) ? .openStep : .json
    default:
      for literal in ["true", "false", "null"] where rest.starts(with: literal.utf8) {
        let after = cursor + literal.utf8.count
        if after == text.count || !isWordByte(text[after]) {
          return startsStringsEntry(text, from: cursor) ? .openStep : .json
        }
      }
      return .openStep
    }
  }

  /// Detects the format as ``detect(_:)-(UnsafeRawBufferPointer)`` does, taking a file name
  /// ending in `.json` as JSON unless the content shows the binary or XML form: a `.json` file
  /// whose text is not JSON (a bare `abc`, which the content alone takes for OpenStep) is read
  /// as JSON and gets JSON's error. An empty or blank file named `*.strings` is an OpenStep
  /// `.strings` file without entries (an empty table, as Apple's tools load it).
  package static func detect(_ bytes: UnsafeRawBufferPointer, fileName: String?) -> PropertyListFormat? {
    let detected = detect(bytes)
    if detected == nil, let fileName, fileName.lowercased().hasSuffix(".strings") { return .openStep }
    guard let fileName, fileName.lowercased().hasSuffix(".json"), detected != .binary, detected != .xml else {
      return detected
    }
    return .json
  }

  /// Detects the format of a byte array; see ``detect(_:)-(UnsafeRawBufferPointer)``.
  public static func detect(_ bytes: [UInt8]) -> PropertyListFormat? {
    bytes.withUnsafeBytes { detect($0) }
  }

  /// True for `bplist0` and any byte, for `bplist` and two digits, or for `bplist` followed by
  /// nothing or one `0` at the end of the input.
  private static func startsWithBinaryHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard bytes.starts(with: BinaryPropertyListMarker.magic) else { return false }
    let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
    switch bytes.count {
    case 6: return true
    case 7: return bytes[6] == UInt8(ascii: "0")
    default: return bytes[6] == UInt8(ascii: "0") || (digits.contains(bytes[6]) && digits.contains(bytes[7]))
    }
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "$"),
      UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "-"):
      true
    default: byte >= 0x80
    }
  }

  /// True when the quoted string starting at `start` has an escape that JSON lacks.
  private static func hasOpenStepEscape(_ text: [UInt8], from start: Int) -> Bool {
    var cursor = start + 1
    while cursor + 1 < text.count, text[cursor] != UInt8(ascii: "\"") {
      if text[cursor] == UInt8(ascii: "\\") {
        if !Array("\"\\/bfnrtu".utf8).contains(text[cursor + 1]) { return true }
        cursor += 2
      } else {
        cursor += 1
      }
    }
    return false
  }

  /// True when the bare word starting at `start` is followed (after white space) by `=` or
  /// `;`: the first entry of a `.strings` file, not a JSON number or literal.
  private static func startsStringsEntry(_ text: [UInt8], from start: Int) -> Bool {
    var cursor = start
    while cursor < text.count, isWordByte(text[cursor]) { cursor += 1 }
    while cursor < text.count, [0x20, 0x09, 0x0A, 0x0D].contains(text[cursor]) { cursor += 1 }
    return cursor < text.count && (text[cursor] == UInt8(ascii: "=") || text[cursor] == UInt8(ascii: ";"))
  }

  /// True when the quoted string starting at `start` is followed (after white space) by `mark`.
  private static func followsQuotedString(_ text: [UInt8], from start: Int, with mark: Unicode.Scalar) -> Bool {
    var cursor = start + 1
    while cursor < text.count {
      if text[cursor] == UInt8(ascii: "\\") {
        cursor += 2
        continue
      }
      if text[cursor] == UInt8(ascii: "\"") { break }
      cursor += 1
    }
    cursor += 1
    while cursor < text.count, [0x20, 0x09, 0x0A, 0x0D].contains(text[cursor]) { cursor += 1 }
    return cursor < text.count && text[cursor] == UInt8(ascii: mark)
  }

  /// The first `limit` code units of the text as bytes, with a byte-order mark removed and
  /// UTF-16 and UTF-32 narrowed (non-ASCII code units become 0x80), enough to look at the
  /// first tokens.
  private static func asciiProjection(of bytes: UnsafeRawBufferPointer, limit: Int) -> [UInt8] {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      return Array(bytes[3..<min(bytes.count, 3 + limit)])
    }
    // Before UTF-16: the little-endian UTF-32 mark starts with the UTF-16 one.
    if let byteOrder = UTF32Text.byteOrder(of: bytes) {
      var projection: [UInt8] = []
      var offset = 4
      while offset + 3 < bytes.count, projection.count < limit {
        let unit = UTF32Text.unit(at: offset, in: bytes, byteOrder)
        projection.append(unit < 0x80 ? UInt8(unit) : 0x80)
        offset += 4
      }
      return projection
    }
    let bigEndian = bytes.starts(with: [0xFE, 0xFF])
    let littleEndian = bytes.starts(with: [0xFF, 0xFE])
    guard bigEndian || littleEndian else { return Array(bytes[0..<min(bytes.count, limit)]) }
    var projection: [UInt8] = []
    var offset = 2
    while offset + 1 < bytes.count, projection.count < limit {
      let unit =
        bigEndian
        ? UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
        : UInt16(bytes[offset + 1]) << 8 | UInt16(bytes[offset])
      projection.append(unit < 0x80 ? UInt8(unit) : 0x80)
      offset += 2
    }
    return projection
  }

  /// True when `text` starts with the opening tag of a property list value element:
  /// `<string>`, `<dict/>`, `<array >`, ….
  private static func startsWithValueElement(_ text: ArraySlice<UInt8>) -> Bool {
    guard text.first == UInt8(ascii: "<") else { return false }
    let names = ["string", "dict", "array", "true", "false", "integer", "real", "date", "data", "key"]
    for name in names where text.dropFirst().starts(with: name.utf8) {
      let next = text.dropFirst(1 + name.utf8.count).first
      if let next, [UInt8(ascii: ">"), UInt8(ascii: "/"), 0x20, 0x09, 0x0A, 0x0D].contains(next) { return true }
    }
    return false
  }
}
