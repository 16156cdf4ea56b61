/// Writes the JSON forms of a property list (see ``JSONStyle``) as UTF-8.
///
/// Pretty-printed output indents by two spaces, puts `": "` after keys, writes empty
/// containers as `[]` and `{}` and ends with a line break; compact output has no white space
/// at all. The typed form's tag objects stay on one line either way. Dictionary keys keep
/// their order unless ``PropertyListWritingOptions/sortedKeys`` is set.
public struct JSONPropertyListWriter: Sendable {
  /// The options in force.
  public var options: PropertyListWritingOptions

  /// Makes a writer.
  public init(options: PropertyListWritingOptions = .default) { self.options = options }

  /// Writes one property list. Every value has a JSON form, so this does not fail: the plain
  /// form writes what JSON lacks as strings (dates, data, NaN and the infinities) and UIDs as
  /// `{"CF$UID": n}`.
  public func write(_ value: PropertyList) throws(PropertyListError) -> [UInt8] {
    try writeCountingLosses(value).bytes
  }

  /// Writes one property list as ``write(_:)`` does, and says which values the plain form
  /// wrote as strings (none in the typed form).
  package func writeCountingLosses(
    _ value: PropertyList
  ) throws(PropertyListError) -> (bytes: [UInt8], losses: PlainJSONLosses) {
    try value.checkWritableDepth(in: .json)
    try options.checkExpansion(of: value, in: .json)
    var output = JSONOutput(options: options)
    output.write(value, indent: 0)
    if output.overBudget { throw output.budget.exceeded() }
    if let seconds = output.refusedDate {
      let path = value.keyPathOfFirstDate { !ISO8601.writableRange.contains($0) }
      throw PropertyListError(
        .notRepresentable, format: .json, at: path.map { .keyPath($0.description) } ?? .none,
        "a date of \(seconds) seconds cannot be written in plain JSON (only finite dates in years "
          + "-99999999 to 99999999 can); the typed form keeps it")
    }
    if options.prettyPrinted { output.bytes.append(0x0A) }
    try output.budget.check(output.bytes.count)
    return (output.bytes, output.losses)
  }
}

/// The bytes being written and how.
struct JSONOutput {
  var bytes: [UInt8] = []
  let pretty: Bool
  let typed: Bool
  let sortedKeys: Bool
  /// The first date that plain JSON could not write, whose place was left as `""`; the
  /// writer then fails with its key path.
  var refusedDate: Double?
  /// The values the plain form wrote as strings.
  var losses = PlainJSONLosses()
  /// The most bytes to write; once past it the writing stops, `overBudget` set.
  let budget: OutputBudget
  private(set) var overBudget = false

  init(options: PropertyListWritingOptions) {
    budget = OutputBudget(options, format: .json)
    pretty = options.prettyPrinted
    typed = options.jsonStyle == .typed
    sortedKeys = options.sortedKeys
    bytes.reserveCapacity(4096)
  }

  mutating func write(_ value: PropertyList, indent: Int) {
    switch value {
    case .string(let string): appendString(string)
    case .integer(let integer): appendInteger(integer)
    case .real(let real):
      if let word = JSONNonFiniteReal.word(for: real, keepBits: typed) {
        if typed {
          appendTag(.real, word)
        } else {
          appendString(word)
          losses.nonFiniteReals &+= 1
        }
      } else {
        appendReal(real)
      }
    case .boolean(let flag): appendASCII(flag ? "true" : "false")
    case .date(let date): writeDate(date.secondsSinceReferenceDate)
    case .data(let data):
      if typed { openTag(JSONTypedTag.data.rawValue) } else { losses.data &+= 1 }
      bytes.append(UInt8(ascii: "\""))
      Base64.append(data, to: &bytes)
      bytes.append(UInt8(ascii: "\""))
      if typed { bytes.append(UInt8(ascii: "}")) }
    case .uid(let uid):
      openTag(typed ? JSONTypedTag.uid.rawValue : "CF$UID")
      appendInteger(PropertyListInteger(uid))
      bytes.append(UInt8(ascii: "}"))
    case .array(let array): writeArray(array, indent: indent)
    case .dictionary(let dictionary):
      if typed && JSONTypedTag.looksLikeTag(dictionary) {
        // Wrapped so that it reads back as a dictionary, not as the tag it looks like.
        writeObject(members: [(JSONTypedTag.dict.rawValue, .dictionary(dictionary))], indent: indent, escaping: true)
      } else {
        writeDictionary(dictionary, indent: indent)
      }
    }
  }

  private mutating func writeDate(_ seconds: Double) {
    guard typed else {
      losses.dates &+= 1
      bytes.append(UInt8(ascii: "\""))
      // Outside this range the text form would have to clamp the date to another one.
      guard ISO8601.writableRange.contains(seconds) else {
        if refusedDate == nil { refusedDate = seconds }
        bytes.append(UInt8(ascii: "\""))
        return
      }
      ISO8601.append(seconds, to: &bytes)
      bytes.append(UInt8(ascii: "\""))
      return
    }
    openTag(JSONTypedTag.date.rawValue)
    if JSONTypedDate.isTextual(seconds) {
      bytes.append(UInt8(ascii: "\""))
      ISO8601.append(seconds, to: &bytes)
      bytes.append(UInt8(ascii: "\""))
    } else if let word = JSONNonFiniteReal.word(for: seconds, keepBits: true) {
      appendString(word)
    } else {
      appendReal(seconds)
    }
    bytes.append(UInt8(ascii: "}"))
  }

  private mutating func writeArray(_ array: [PropertyList], indent: Int) {
    guard !array.isEmpty else {
      appendASCII("[]")
      return
    }
    bytes.append(UInt8(ascii: "["))
    for (position, element) in array.enumerated() {
      guard withinBudget() else { return }
      if position > 0 { bytes.append(UInt8(ascii: ",")) }
      newline(indent: indent + 1)
      write(element, indent: indent + 1)
    }
    newline(indent: indent)
    bytes.append(UInt8(ascii: "]"))
  }

  private mutating func writeDictionary(_ dictionary: PropertyListDictionary, indent: Int) {
    guard sortedKeys else {
      writeObject(members: dictionary, indent: indent)
      return
    }
    let order = dictionary.indices.sorted {
      dictionary.keys[$0].utf8.lexicographicallyPrecedes(dictionary.keys[$1].utf8)
    }
    writeObject(members: order.lazy.map { dictionary[$0] }, indent: indent)
  }

  /// Writes an object; `escaping` writes the `$dict` wrapper, whose dictionary must not be
  /// wrapped again.
  private mutating func writeObject<Members: Collection>(members: Members, indent: Int, escaping: Bool = false)
  where Members.Element == (key: String, value: PropertyList) {
    guard !members.isEmpty else {
      appendASCII("{}")
      return
    }
    bytes.append(UInt8(ascii: "{"))
    var first = true
    for (key, value) in members {
      guard withinBudget() else { return }
      if !first { bytes.append(UInt8(ascii: ",")) }
      first = false
      newline(indent: indent + 1)
      appendString(key)
      bytes.append(UInt8(ascii: ":"))
      if pretty { bytes.append(UInt8(ascii: " ")) }
      if escaping, case .dictionary(let dictionary) = value {
        writeDictionary(dictionary, indent: indent + 1)
      } else {
        write(value, indent: indent + 1)
      }
    }
    newline(indent: indent)
    bytes.append(UInt8(ascii: "}"))
  }

  /// `{"key": ` (or `{"key":` compact), the start of a one-line tag object.
  private mutating func openTag(_ key: String) {
    bytes.append(UInt8(ascii: "{"))
    appendString(key)
    bytes.append(UInt8(ascii: ":"))
    if pretty { bytes.append(UInt8(ascii: " ")) }
  }

  private mutating func appendTag(_ tag: JSONTypedTag, _ word: String) {
    openTag(tag.rawValue)
    appendString(word)
    bytes.append(UInt8(ascii: "}"))
  }

  /// False, with `overBudget` set, once the output is over the budget.
  @inline(__always)
  private mutating func withinBudget() -> Bool {
    if budget.allows(bytes.count) { return true }
    overBudget = true
    return false
  }

  mutating func newline(indent: Int) {
    guard pretty else { return }
    bytes.append(0x0A)
    for _ in 0..<indent * 2 { bytes.append(0x20) }
  }

  mutating func appendASCII(_ text: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }
}
