/// Writes the OpenStep (ASCII) form, laid out like Xcode's files: one entry per line,
/// indented with tabs, `key = value;` in dictionaries, a comma after every array element,
/// strings quoted only when they need it, data as `<0fbd7a00 11>`.
///
/// The form has only strings, data, arrays and dictionaries. Integers, reals, booleans,
/// dates and UIDs make the write fail with ``PropertyListError/Kind/notRepresentable`` and
/// the value's key path, unless ``PropertyListWritingOptions/openStepStringifiesScalars`` is
/// set: they are then written as strings (`42`, `1.5`, `YES`/`NO`,
/// `2001-01-01T00:00:00Z`, the UID's number). With
/// ``PropertyListWritingOptions/openStepWritesGNUstepScalars`` integers, reals, booleans
/// and whole-second dates of four-digit years (but -0.0 seconds) are written as GNUstep's
/// typed values instead, which read back exactly.
public struct OpenStepPropertyListWriter: Sendable {
  /// The options in force.
  public var options: PropertyListWritingOptions

  /// Makes a writer.
  public init(options: PropertyListWritingOptions = .default) { self.options = options }

  /// Writes one property list.
  public func write(_ value: PropertyList) throws(PropertyListError) -> [UInt8] {
    try value.checkWritableDepth(in: .openStep)
    try options.checkExpansion(of: value, in: .openStep)
    var output = OpenStepOutput(options: options)
    try output.write(value, indent: 0)
    if options.prettyPrinted { output.bytes.append(0x0A) }
    try output.budget.check(output.bytes.count)
    return output.bytes
  }
}

/// The bytes being written, how, and the key path of the value being written (for errors).
struct OpenStepOutput {
  var bytes: [UInt8] = []
  let pretty: Bool
  let sortedKeys: Bool
  let stringifiesScalars: Bool
  let writesGNUstepScalars: Bool
  private var path: [String] = []
  let budget: OutputBudget

  init(options: PropertyListWritingOptions) {
    budget = OutputBudget(options, format: .openStep)
    pretty = options.prettyPrinted
    sortedKeys = options.sortedKeys
    stringifiesScalars = options.openStepStringifiesScalars
    writesGNUstepScalars = options.openStepWritesGNUstepScalars
    bytes.reserveCapacity(4096)
  }

  mutating func write(_ value: PropertyList, indent: Int) throws(PropertyListError) {
    switch value {
    case .string(let string): appendString(string, alwaysQuoted: path.isEmpty && indent == 0)
    case .data(let data): appendData(data)
    case .array(let array): try writeArray(array, indent: indent)
    case .dictionary(let dictionary): try writeDictionary(dictionary, indent: indent)
    case .integer(let integer): try writeScalar(value, integer.description, "an integer")
    case .real(let real): try writeScalar(value, Self.text(of: real), "a real")
    case .boolean(let flag): try writeScalar(value, flag ? "YES" : "NO", "a boolean")
    case .date(let date): try writeScalar(value, date.iso8601, "a date")
    case .uid(let uid): try writeScalar(value, String(uid), "a UID")
    }
  }

  /// GNUstep's typed value for a scalar, in the exact form the reader takes back; nil for a
  /// UID and for a date the `<*D…>` form cannot hold (a fraction, a year outside 0000–9999,
  /// -0.0 seconds).
  static func gnustepForm(of value: PropertyList) -> String? {
    switch value {
    case .integer(let integer): return "<*I\(integer.description)>"
    case .real(let real): return "<*R\(gnustepText(of: real))>"
    case .boolean(let flag): return flag ? "<*BY>" : "<*BN>"
    case .date(let date):
      let seconds = date.secondsSinceReferenceDate
      // `<*D2001-01-01 00:00:00 +0000>` reads back as +0.0: -0.0 has no form of its own.
      guard seconds.isFinite, seconds == seconds.rounded(.down), ISO8601.writableRange.contains(seconds),
        !(seconds == 0 && seconds.sign == .minus)
      else {
        return nil
      }
      var iso = ISO8601.formatBytes(seconds)
      // `YYYY-MM-DDTHH:MM:SSZ` → `YYYY-MM-DD HH:MM:SS +0000`, four-digit years only.
      guard iso.count == 20, iso[0] != UInt8(ascii: "-") else { return nil }
      iso[10] = UInt8(ascii: " ")
      iso.removeLast()
      return "<*D" + String(decoding: iso, as: UTF8.self) + " +0000>"
    default: return nil
    }
  }

  /// A real as `<*R…>` holds it, in a form the reader takes back to the bit: `description`,
  /// the shortest text that reads back as the same double; for a NaN, `debugDescription`
  /// (`-nan(0x5)`), which keeps a quiet NaN's sign and payload and `Double(_:)` reads; and
  /// where that does not read back (a signaling NaN, `snan(0x1)`, which `Double(_:)` does not
  /// read, and whose text leaves out the bit that tells it from others), the bits as typed JSON
  /// writes them (`NaN:0x7ff4000000000001`).
  static func gnustepText(of real: Double) -> String {
    guard real.isNaN else { return real.description }
    let text = real.debugDescription
    if let again = Double(text), again.bitPattern == real.bitPattern { return text }
    return JSONNonFiniteReal.word(for: real, keepBits: true) ?? text
  }

  /// A real as a string: the shortest round-trip decimal, or `NaN`, `Infinity`, `-Infinity`.
  private static func text(of real: Double) -> String {
    if real.isNaN { return "NaN" }
    if real.isInfinite { return real < 0 ? "-Infinity" : "Infinity" }
    return real.description
  }

  /// A scalar the OpenStep form lacks: GNUstep's typed value when asked for and there is
  /// one, else `text` as a string when stringifying, else an error naming `kind`.
  private mutating func writeScalar(
    _ value: PropertyList, _ text: @autoclosure () -> String, _ kind: String
  ) throws(PropertyListError) {
    if writesGNUstepScalars, let typed = Self.gnustepForm(of: value) {
      bytes.append(contentsOf: typed.utf8)
      return
    }
    guard stringifiesScalars else {
      throw PropertyListError(
        .notRepresentable, format: .openStep, at: .keyPath(PropertyListKeyPath(components: path).description),
        "\(kind) has no OpenStep form", remedy: .openStepStringifiesScalars)
    }
    appendString(text())
  }

  private mutating func writeArray(_ array: [PropertyList], indent: Int) throws(PropertyListError) {
    guard !array.isEmpty else {
      appendASCII("()")
      return
    }
    bytes.append(UInt8(ascii: "("))
    for (position, element) in array.enumerated() {
      try budget.check(bytes.count)
      beginEntry(position, indent: indent + 1, after: ", ")
      path.append(String(position))
      try write(element, indent: indent + 1)
      path.removeLast()
      if pretty { bytes.append(UInt8(ascii: ",")) }
    }
    if pretty { newline(indent: indent) }
    bytes.append(UInt8(ascii: ")"))
  }

  private mutating func writeDictionary(_ dictionary: PropertyListDictionary, indent: Int) throws(PropertyListError) {
    guard !dictionary.isEmpty else {
      appendASCII("{}")
      return
    }
    var order = Array(dictionary.indices)
    if sortedKeys { order.sort { dictionary.keys[$0].utf8.lexicographicallyPrecedes(dictionary.keys[$1].utf8) } }
    bytes.append(UInt8(ascii: "{"))
    for (position, index) in order.enumerated() {
      try budget.check(bytes.count)
      beginEntry(position, indent: indent + 1, after: " ")
      let key = dictionary.keys[index]
      appendString(key)
      appendASCII(" = ")
      path.append(key)
      try write(dictionary.values[index], indent: indent + 1)
      path.removeLast()
      bytes.append(UInt8(ascii: ";"))
    }
    if pretty { newline(indent: indent) }
    bytes.append(UInt8(ascii: "}"))
  }

  /// Starts the entry at `position` of a container: on a line of its own at `indent` when
  /// pretty, else after `separator` from the entry before it.
  @inline(__always)
  mutating func beginEntry(_ position: Int, indent: Int, after separator: StaticString) {
    if pretty {
      newline(indent: indent)
    } else if position > 0 {
      appendASCII(separator)
    }
  }

  mutating func newline(indent: Int) {
    bytes.append(0x0A)
    for _ in 0..<indent { bytes.append(0x09) }
  }

  mutating func appendASCII(_ text: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }
}
