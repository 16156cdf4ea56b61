/// One read of an OpenStep document: a cursor over UTF-8 bytes and an explicit stack of the
/// open containers (no recursion, so nesting meets the depth limit, not the stack's end).
struct OpenStepParser: TextDocumentParser {
  static let format = PropertyListFormat.openStep

  let bytes: UnsafeRawBufferPointer
  /// Where the text starts: after a UTF-8 byte-order mark, if there is one.
  let textStart: Int
  var cursor: Int
  /// The limits in force, and what the document has used of them.
  var budget: TextReadingBudget
  /// Where the value of the event being reported starts, for the sink's locator.
  let position: UnsafeMutablePointer<Int>

  enum Container {
    case array
    /// A dictionary; `braced` is false for the entries of a `.strings` file, which end at the
    /// end of the input instead of at `}`.
    case dictionary(braced: Bool)
  }
  var containers: [Container] = []

  /// Reused for strings with escapes.
  var scratch: [UInt8] = []

  init(bytes: UnsafeRawBufferPointer, options: PropertyListReadingOptions, position: UnsafeMutablePointer<Int>) {
    self.bytes = bytes
    textStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    cursor = textStart
    budget = TextReadingBudget(limits: options.limits)
    self.position = position
  }

  /// Reads the document into `sink`: one value, or the entries of a `.strings` file
  /// (`"key" = "value";` with no outer braces, which is what a first string followed by `=` or
  /// `;` means). Text with nothing but white space and comments is an empty `.strings` file.
  mutating func parse<Sink: PropertyListEventSink>(into sink: inout Sink) throws(PropertyListError) {
    try skipTrivia()
    guard cursor < bytes.count else {
      position.pointee = cursor
      try sink.beginDictionary()
      try sink.endDictionary()
      return
    }
    // True when a key was its own value (`"key";` in a .strings file): the value has ended.
    var valueEnded = false
    if try startsStringsFile() {
      position.pointee = cursor
      try open(.dictionary(braced: false))
      try sink.beginDictionary()
      valueEnded = try parseKey(into: &sink)
    }
    expectingValue: while true {
      if !valueEnded {
        try skipTrivia()
        guard cursor < bytes.count else { throw expected("a value") }
        try countValue()
        position.pointee = cursor
        switch bytes[cursor] {
        case UInt8(ascii: "{"):
          try open(.dictionary(braced: true))
          try sink.beginDictionary()
          try skipTrivia()
          if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "}") {
            try close(into: &sink)
          } else {
            valueEnded = try parseKey(into: &sink)
            continue expectingValue
          }
        case UInt8(ascii: "("):
          try open(.array)
          try sink.beginArray()
          try skipTrivia()
          if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ")") {
            try close(into: &sink)
          } else {
            continue expectingValue
          }
        case UInt8(ascii: "<"): try sink.scalar(try parseData())
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
          let raw = try parseQuotedString()
          try withText(raw) { (utf8) throws(PropertyListError) in try sink.string(utf8) }
        case let byte where OpenStepCharacters.isUnquoted(byte):
          let raw = try parseUnquotedString()
          try withText(raw) { (utf8) throws(PropertyListError) in try sink.string(utf8) }
        default: throw expected("a value")
        }
      }
      valueEnded = false

      // A value has ended: close every container that ends after it.
      while true {
        guard let container = containers.last else {
          try skipTrivia()
          guard cursor == bytes.count else { throw expected("the end of the input after the value") }
          return
        }
        switch container {
        case .array:
          try skipTrivia()
          if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ",") {
            cursor += 1
            try skipTrivia()
            // A trailing comma before ')' is allowed, as Xcode writes it.
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ")") else { continue expectingValue }
          }
          guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ")") else {
            throw expected("',' or ')' after array element")
          }
          try close(into: &sink)
        case .dictionary(let braced):
          try skipTrivia()
          guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";") else {
            throw expected("';' after dictionary entry")
          }
          cursor += 1
          try skipTrivia()
          if braced, cursor < bytes.count, bytes[cursor] == UInt8(ascii: "}") {
            try close(into: &sink)
          } else if !braced, cursor == bytes.count {
            try close(into: &sink)
          } else {
            valueEnded = try parseKey(into: &sink)
            continue expectingValue
          }
        }
      }
    }
  }

  /// Reads a dictionary key and the `=` after it, leaving the cursor on the value. For the
  /// `key;` shorthand of `.strings` files (CoreFoundation reads it as `key = key;`) it reports
  /// the key as the value too and returns true, with the cursor on the `;`.
  private mutating func parseKey<Sink: PropertyListEventSink>(into sink: inout Sink) throws(PropertyListError) -> Bool {
    let keyStart = cursor
    let raw: Range<Int>?
    if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") {
      raw = try parseQuotedString()
    } else if cursor < bytes.count, OpenStepCharacters.isUnquoted(bytes[cursor]) {
      raw = try parseUnquotedString()
    } else if case .dictionary(braced: true) = containers.last {
      throw expected("a key or '}'")
    } else {
      throw expected("a key")
    }
    try skipTrivia()
    if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";") {
      try countValue()
      position.pointee = keyStart
      try withText(raw) { (utf8) throws(PropertyListError) in
        try sink.key(utf8)
        try sink.string(utf8)
      }
      return true
    }
    guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else {
      throw expected("'=' or ';' after dictionary key")
    }
    cursor += 1
    position.pointee = keyStart
    try withText(raw) { (utf8) throws(PropertyListError) in try sink.key(utf8) }
    return false
  }

  /// True when the document is a `.strings` file: it starts with a string followed by `=` or
  /// `;`. Looks ahead without moving the cursor.
  private mutating func startsStringsFile() throws(PropertyListError) -> Bool {
    let start = cursor
    let decodedBefore = budget.decodedSize
    defer {
      cursor = start
      budget.decodedSize = decodedBefore
    }
    let byte = bytes[cursor]
    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
      _ = try parseQuotedString()
    } else if OpenStepCharacters.isUnquoted(byte) {
      _ = try parseUnquotedString()
    } else {
      return false
    }
    try skipTrivia()
    return cursor < bytes.count && (bytes[cursor] == UInt8(ascii: "=") || bytes[cursor] == UInt8(ascii: ";"))
  }

  private mutating func open(_ container: Container) throws(PropertyListError) {
    if let exceeded = budget.depthExceeded(openContainers: containers.count) {
      throw error(.limitExceeded, at: cursor, exceeded)
    }
    containers.append(container)
    if case .dictionary(braced: false) = container { return }
    cursor += 1
  }

  /// Closes the innermost container at its closing mark (the end of the input for the entries
  /// of a `.strings` file).
  private mutating func close<Sink: PropertyListEventSink>(into sink: inout Sink) throws(PropertyListError) {
    position.pointee = cursor
    if case .array = containers.removeLast() {
      cursor += 1
      try sink.endArray()
      return
    }
    if cursor < bytes.count { cursor += 1 }
    try sink.endDictionary()
  }

  private mutating func countValue() throws(PropertyListError) {
    if let exceeded = budget.countValue() { throw error(.limitExceeded, at: cursor, exceeded) }
  }

  /// Counts decoded string and data bytes against the limit.
  mutating func countDecoded(_ count: Int, at offset: Int) throws(PropertyListError) {
    if let exceeded = budget.countDecoded(count) { throw error(.limitExceeded, at: offset, exceeded) }
  }
}
