/// One read of a JSON document: a cursor over the bytes and an explicit stack of the open
/// containers.
///
/// The parser never recurses: nesting lives in ``containers``, so a file nested 100,000 deep
/// meets the depth limit instead of the end of the thread's stack.
struct JSONParser: TextDocumentParser {
  static let format = PropertyListFormat.json

  let bytes: UnsafeRawBufferPointer
  /// Where the text starts: after a UTF-8 byte-order mark, if there is one.
  let textStart: Int
  var cursor: Int
  /// The limits in force, and what the document has used of them.
  var budget: TextReadingBudget
  /// Where the value of the event being reported starts, for the sink's locator.
  let position: UnsafeMutablePointer<Int>

  enum Container { case array, object }
  /// The open containers, innermost last (their contents are the sink's).
  var containers: [Container] = []

  /// Reused for strings with escapes.
  var scratch: [UInt8] = []
  /// What `null` reads as; nil refuses it.
  let nullValue: PropertyList?
  /// True for the plain form, where `{"CF$UID": n}` is a UID (the typed form writes `$uid`).
  let readsUIDReferences: Bool

  init(bytes: UnsafeRawBufferPointer, options: PropertyListReadingOptions, position: UnsafeMutablePointer<Int>) {
    self.bytes = bytes
    textStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    cursor = textStart
    budget = TextReadingBudget(limits: options.limits)
    self.position = position
    nullValue = options.nullValue
    readsUIDReferences = options.jsonStyle == .plain
  }

  /// Reads the one value of the document into `sink`, and checks that only white space
  /// follows it.
  mutating func parse<Sink: PropertyListEventSink>(into sink: inout Sink) throws(PropertyListError) {
    expectingValue: while true {
      skipWhitespace()
      guard cursor < bytes.count else { throw expected("a value") }
      try countValue()
      position.pointee = cursor
      switch bytes[cursor] {
      case UInt8(ascii: "{"):
        try open(.object)
        skipWhitespace()
        // Most objects are no reference: their first key does not start `CF` (or an escape).
        if readsUIDReferences, cursor + 1 < bytes.count, bytes[cursor] == UInt8(ascii: "\""),
          bytes[cursor + 1] == UInt8(ascii: "C") || bytes[cursor + 1] == UInt8(ascii: "\\"),
          let uid = uidReference()
        {
          containers.removeLast()
          try sink.scalar(.uid(uid))
          break
        }
        try sink.beginDictionary()
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "}") {
          try close(into: &sink)
        } else {
          try parseMemberKey(into: &sink)
          continue expectingValue
        }
      case UInt8(ascii: "["):
        try open(.array)
        try sink.beginArray()
        skipWhitespace()
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "]") {
          try close(into: &sink)
        } else {
          continue expectingValue
        }
      case UInt8(ascii: "\""):
        let raw = try parseString()
        try withText(raw) { (utf8) throws(PropertyListError) in try sink.string(utf8) }
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        try sink.scalar(try parseNumber())
      default:
        try sink.scalar(try parseLiteral())
      }

      // A value has ended: close every container that ends after it.
      while true {
        guard let container = containers.last else {
          skipWhitespace()
          guard cursor == bytes.count else { throw expected("the end of the input after the value") }
          return
        }
        skipWhitespace()
        switch container {
        case .array:
          if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ",") {
            cursor += 1
            continue expectingValue
          }
          guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "]") else {
            throw expected("',' or ']' after array element")
          }
        case .object:
          if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ",") {
            cursor += 1
            skipWhitespace()
            try parseMemberKey(into: &sink)
            continue expectingValue
          }
          guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "}") else {
            throw expected("',' or '}' after object member")
          }
        }
        try close(into: &sink)
      }
    }
  }

  /// The UID of `{"CF$UID": n}` (that one member, `n` a non-negative integer) when the object
  /// whose first key is at the cursor is one, and the cursor then after its `}`: a keyed
  /// archive's object reference as the XML form spells it and CoreFoundation reads it, so that
  /// plain JSON gives a UID on every route (to binary by events, to any format through the
  /// value) as XML does. Nil for any other object, which is then read as usual (and its errors
  /// reported as usual), the cursor where it was.
  private mutating func uidReference() -> UInt64? {
    let start = cursor
    // (`try?` would flatten the nil that stands for a string with escapes.)
    let raw: Range<Int>?
    do { raw = try parseString() } catch {
      cursor = start
      return nil
    }
    var isKey = false
    try? withText(raw) { (utf8) throws(PropertyListError) in isKey = utf8.elementsEqual("CF$UID".utf8) }
    skipWhitespace()
    guard isKey, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") else {
      cursor = start
      return nil
    }
    cursor += 1
    skipWhitespace()
    guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "-") || (0x30...0x39).contains(bytes[cursor]),
      case .integer(let integer)? = try? parseNumber(), !integer.isNegative
    else {
      cursor = start
      return nil
    }
    skipWhitespace()
    guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "}") else {
      cursor = start
      return nil
    }
    cursor += 1
    return integer.bitPattern
  }

  /// Opens a container at the cursor, within the depth limit.
  private mutating func open(_ container: Container) throws(PropertyListError) {
    if let exceeded = budget.depthExceeded(openContainers: containers.count) {
      throw error(.limitExceeded, at: cursor, exceeded)
    }
    containers.append(container)
    cursor += 1
  }

  /// Closes the innermost container at its closing bracket, under the cursor.
  private mutating func close<Sink: PropertyListEventSink>(into sink: inout Sink) throws(PropertyListError) {
    position.pointee = cursor
    cursor += 1
    if containers.removeLast() == .object { try sink.endDictionary() } else { try sink.endArray() }
  }

  /// Reads `"key" :` and leaves the cursor on the member's value.
  private mutating func parseMemberKey<Sink: PropertyListEventSink>(
    into sink: inout Sink
  ) throws(PropertyListError) {
    guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") else { throw expected("a string key") }
    let keyStart = cursor
    let raw = try parseString()
    skipWhitespace()
    guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") else { throw expected("':' after object key") }
    cursor += 1
    skipWhitespace()
    position.pointee = keyStart
    try withText(raw) { (utf8) throws(PropertyListError) in try sink.key(utf8) }
  }

  @inline(__always)
  mutating func skipWhitespace() {
    while cursor < bytes.count {
      switch bytes[cursor] {
      case 0x20, 0x0A, 0x0D, 0x09: cursor += 1
      default: return
      }
    }
  }

  private mutating func countValue() throws(PropertyListError) {
    if let exceeded = budget.countValue() { throw error(.limitExceeded, at: cursor, exceeded) }
  }

  /// Counts decoded string and data bytes against the limit.
  mutating func countDecoded(_ count: Int, at offset: Int) throws(PropertyListError) {
    if let exceeded = budget.countDecoded(count) { throw error(.limitExceeded, at: offset, exceeded) }
  }
}

/// A value just read, with what its container may need besides the value itself.
///
/// In the typed form, `{"$dict": {"$data": "…"}}` means the dictionary `{"$data": "…"}`, but
/// `{"$dict": {"$data": "…"}, "b": 1}` has a data value under `$dict`: which one the inner
/// object is depends on whether its parent ends after it. So an object read in the typed
/// form carries both readings, and a failed tag (bad base64) is only thrown once the parent
/// shows that the tag reading is the one that counts.
struct JSONParsedValue {
  /// The value as a tag is read (or the dictionary, for an object that is no tag).
  var value: PropertyList
  /// Why the tag reading failed, if it did (`value` is then a placeholder).
  var failure: PropertyListError?
  /// For an object in the typed form: the object read as a plain dictionary.
  var dictionaryReading: Result<PropertyListDictionary, PropertyListError>?

  init(
    _ value: PropertyList, failure: PropertyListError? = nil,
    dictionaryReading: Result<PropertyListDictionary, PropertyListError>? = nil
  ) {
    self.value = value
    self.failure = failure
    self.dictionaryReading = dictionaryReading
  }

  /// The value, or the tag's failure.
  func resolved() throws(PropertyListError) -> PropertyList {
    if let failure { throw failure }
    return value
  }
}
