/// One read of an OpenStep document: a cursor over UTF-8 bytes and an explicit stack of the
/// open containers (no recursion, so nesting meets the depth limit, not the stack's end).
struct OpenStepParser {
  let bytes: UnsafeRawBufferPointer
  /// Where the text starts: after a UTF-8 byte-order mark, if there is one.
  let textStart: Int
  var cursor: Int
  /// The limits in force, and what the document has used of them.
  var budget: TextReadingBudget

  enum Container {
    case array
    /// A dictionary; `braced` is false for the entries of a `.strings` file, which end at the
    /// end of the input instead of at `}`.
    case dictionary(braced: Bool)
  }
  var containers: [Container] = []
  var arrays: [[PropertyList]] = []
  var dictionaries: [(entries: PropertyListDictionary, pendingKey: String)] = []

  /// Reused for strings with escapes.
  var scratch: [UInt8] = []

  init(bytes: UnsafeRawBufferPointer, options: PropertyListReadingOptions) {
    self.bytes = bytes
    textStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    cursor = textStart
    budget = TextReadingBudget(limits: options.limits)
  }

  /// Reads the document: one value, or the entries of a `.strings` file (`"key" = "value";`
  /// with no outer braces, which is what a first string followed by `=` or `;` means). Text
  /// with nothing but white space and comments is an empty `.strings` file.
  mutating func parseDocument() throws(PropertyListError) -> PropertyList {
    try skipTrivia()
    guard cursor < bytes.count else { return .dictionary(PropertyListDictionary()) }
    // A value carried over from a key that was its own value (`"key";` in a .strings file).
    var carried: PropertyList?
    if try startsStringsFile() {
      try open(.dictionary(braced: false))
      carried = try parseKey()
    }
    expectingValue: while true {
      var completed: PropertyList
      if let value = carried {
        completed = value
        carried = nil
      } else {
        try skipTrivia()
        guard cursor < bytes.count else { throw expected("a value") }
        try countValue()
        switch bytes[cursor] {
        case UInt8(ascii: "{"):
          try open(.dictionary(braced: true))
          try skipTrivia()
          if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "}") {
            cursor += 1
            completed = closeDictionary()
          } else {
            carried = try parseKey()
            continue expectingValue
          }
        case UInt8(ascii: "("):
          try open(.array)
          try skipTrivia()
          if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ")") {
            cursor += 1
            completed = closeArray()
          } else {
            continue expectingValue
          }
        case UInt8(ascii: "<"): completed = try parseData()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): completed = .string(try parseQuotedString())
        case let byte where OpenStepCharacters.isUnquoted(byte): completed = .string(try parseUnquotedString())
        default: throw expected("a value")
        }
      }

      // Hand the value to its container, closing every container that ends after it.
      while true {
        guard let container = containers.last else {
          try skipTrivia()
          guard cursor == bytes.count else { throw expected("the end of the input after the value") }
          return completed
        }
        switch container {
        case .array:
          arrays[arrays.count - 1].append(completed)
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
          cursor += 1
          completed = closeArray()
        case .dictionary(let braced):
          let last = dictionaries.count - 1
          dictionaries[last].entries[dictionaries[last].pendingKey] = completed
          try skipTrivia()
          guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";") else {
            throw expected("';' after dictionary entry")
          }
          cursor += 1
          try skipTrivia()
          if braced, cursor < bytes.count, bytes[cursor] == UInt8(ascii: "}") {
            cursor += 1
            completed = closeDictionary()
          } else if !braced, cursor == bytes.count {
            completed = closeDictionary()
          } else {
            carried = try parseKey()
            continue expectingValue
          }
        }
      }
    }
  }

  /// Reads a dictionary key and the `=` after it, leaving the cursor on the value. For the
  /// `key;` shorthand of `.strings` files (CoreFoundation reads it as `key = key;`) it returns
  /// the key as the value, with the cursor on the `;`.
  private mutating func parseKey() throws(PropertyListError) -> PropertyList? {
    let key: String
    if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") {
      key = try parseQuotedString()
    } else if cursor < bytes.count, OpenStepCharacters.isUnquoted(bytes[cursor]) {
      key = try parseUnquotedString()
    } else if case .dictionary(braced: true) = containers.last {
      throw expected("a key or '}'")
    } else {
      throw expected("a key")
    }
    dictionaries[dictionaries.count - 1].pendingKey = key
    try skipTrivia()
    if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";") {
      try countValue()
      return .string(key)
    }
    guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else {
      throw expected("'=' or ';' after dictionary key")
    }
    cursor += 1
    return nil
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
    switch container {
    case .array: arrays.append([])
    case .dictionary: dictionaries.append((PropertyListDictionary(), ""))
    }
    if case .dictionary(braced: false) = container { return }
    cursor += 1
  }

  private mutating func closeArray() -> PropertyList {
    containers.removeLast()
    return .array(arrays.removeLast())
  }

  private mutating func closeDictionary() -> PropertyList {
    containers.removeLast()
    return .dictionary(dictionaries.removeLast().entries)
  }

  private mutating func countValue() throws(PropertyListError) {
    if let exceeded = budget.countValue() { throw error(.limitExceeded, at: cursor, exceeded) }
  }

  /// Counts decoded string and data bytes against the limit.
  mutating func countDecoded(_ count: Int, at offset: Int) throws(PropertyListError) {
    if let exceeded = budget.countDecoded(count) { throw error(.limitExceeded, at: offset, exceeded) }
  }
}
