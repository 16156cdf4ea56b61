/// Writes Apple's XML property-list form, byte for byte as CoreFoundation lays it out: the
/// standard XML declaration and DOCTYPE, one element per line indented with tabs, `<true/>`
/// and `<false/>`, `<dict/>` and `<array/>` for empty containers, base64 data wrapped at
/// Apple's line lengths, UIDs as `<dict><key>CF$UID</key><integer>N</integer></dict>`.
///
/// Output is always UTF-8. Dictionary keys keep their order unless
/// ``PropertyListWritingOptions/sortedKeys`` asks for code-point order (Apple's own writer
/// always sorts them). Where Apple's output would not read back exactly, this writer
/// differs, and says so:
/// - `-0.0` is written `<real>-0.0</real>` (Apple writes `0.0` and loses the sign);
/// - a carriage return in a string is written `&#13;` (XML readers turn a raw one into a
///   line feed);
/// - dates are written in whole seconds, as Apple does: a fraction of a second is dropped
///   toward the past; a date that is not finite, or beyond the years ±99,999,999 that the
///   reader reads back, cannot be written (never clamped to another date);
/// - every NaN is written `nan`, which reads back as the standard quiet NaN.
///
/// The XML form cannot tell a UID from a dictionary whose only entry is `CF$UID` with a
/// non-negative integer: such a dictionary reads back as a UID, as it does in CoreFoundation.
///
/// Strings and keys holding characters that XML 1.0 cannot carry (U+0000–U+001F other than
/// tab, line feed and carriage return, and U+FFFE, U+FFFF) fail with
/// ``PropertyListError/Kind/notRepresentable`` and the key path of the value: Apple writes
/// them raw, and the result is not XML.
public struct XMLPropertyListWriter: Sendable {
  /// The options in force.
  public var options: PropertyListWritingOptions

  /// Makes a writer.
  public init(options: PropertyListWritingOptions = .default) { self.options = options }

  /// Writes one property list.
  ///
  /// - Throws: ``PropertyListError`` of kind ``PropertyListError/Kind/notRepresentable``,
  ///   with the key path of the value, when a string or date cannot be written in XML.
  public func write(_ value: PropertyList) throws(PropertyListError) -> [UInt8] {
    try options.checkExpansion(of: value, in: .xml)
    var output = XMLPropertyListOutput(sortedKeys: options.sortedKeys)
    output.realStyle = options.xmlRealStyle
    let budget = OutputBudget(options, format: .xml)
    output.budget = budget
    try output.writeDocument(value)
    try budget.check(output.bytes.count)
    return output.bytes
  }
}

/// The output being built and the walk through the value, with an explicit stack so that
/// no value, however deep, can exhaust the call stack.
package struct XMLPropertyListOutput {
  /// An array or dictionary being written and how far.
  struct Frame {
    let elements: [PropertyList]
    let dictionary: PropertyListDictionary?
    /// The order to write a dictionary's entries in, when sorted.
    let order: [Int]?
    let count: Int
    var next = 0
  }

  package var bytes: [UInt8] = []
  private var stack: [Frame] = []
  let sortedKeys: Bool
  package var realStyle = XMLRealStyle.coreFoundation
  /// The most bytes to write (see ``PropertyListWritingOptions/maximumOutputSize``).
  package var budget: OutputBudget?

  package init(sortedKeys: Bool) { self.sortedKeys = sortedKeys }

  package static let header = Array(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """.utf8)

  mutating func writeDocument(_ root: PropertyList) throws(PropertyListError) {
    bytes.reserveCapacity(4096)
    bytes.append(contentsOf: Self.header)
    try write(root, depth: 0)
    while let top = stack.last {
      let depth = stack.count
      guard top.next < top.count else {
        stack.removeLast()
        appendIndented(top.dictionary == nil ? "</array>\n" : "</dict>\n", depth: depth - 1)
        continue
      }
      if let budget { try budget.check(bytes.count) }
      let index = top.next
      stack[stack.count - 1].next += 1
      if let dictionary = top.dictionary {
        let position = top.order?[index] ?? index
        var key = dictionary.keys[position]
        if let refused = key.withUTF8({ appendTextLine(depth: depth, open: "<key>", $0, close: "</key>\n") }) {
          throw unwritableCharacter(refused)
        }
        try write(dictionary.values[position], depth: depth)
      } else {
        try write(top.elements[index], depth: depth)
      }
    }
    append("</plist>\n")
  }

  /// Writes a scalar whole, or the opening of a container (its contents follow from the stack).
  private mutating func write(_ value: PropertyList, depth: Int) throws(PropertyListError) {
    switch value {
    case .array(let elements):
      guard !elements.isEmpty else { return appendIndented("<array/>\n", depth: depth) }
      appendIndented("<array>\n", depth: depth)
      stack.append(Frame(elements: elements, dictionary: nil, order: nil, count: elements.count))
    case .dictionary(let dictionary):
      guard !dictionary.isEmpty else { return appendIndented("<dict/>\n", depth: depth) }
      appendIndented("<dict>\n", depth: depth)
      let order = sortedKeys ? Self.codePointOrder(dictionary.keys) : nil
      stack.append(Frame(elements: [], dictionary: dictionary, order: order, count: dictionary.count))
    default:
      try appendScalar(value, depth: depth)
    }
  }

  /// Writes a value that is not an array or dictionary, on its own lines at `depth`.
  mutating func appendScalar(_ value: PropertyList, depth: Int) throws(PropertyListError) {
    switch value {
    case .string(let string):
      var string = string
      if let refused = string.withUTF8({ appendTextLine(depth: depth, open: "<string>", $0, close: "</string>\n") }) {
        throw unwritableCharacter(refused)
      }
    case .integer(let integer):
      appendIndented("<integer>", depth: depth)
      appendInteger(integer)
      append("</integer>\n")
    case .real(let real):
      appendIndented("<real>", depth: depth)
      if realStyle == .shortest { appendShortestReal(real) } else { appendReal(real) }
      append("</real>\n")
    case .boolean(let boolean):
      appendIndented(boolean ? "<true/>\n" : "<false/>\n", depth: depth)
    case .date(let date):
      guard date.secondsSinceReferenceDate.isFinite else {
        throw PropertyListError(
          .notRepresentable, format: .xml, at: .keyPath(keyPath.description),
          "a date of \(date.secondsSinceReferenceDate) seconds cannot be written in XML (only finite dates can)")
      }
      guard ISO8601.writableRange.contains(date.secondsSinceReferenceDate) else {
        throw PropertyListError(
          .notRepresentable, format: .xml, at: .keyPath(keyPath.description),
          "a date of \(date.secondsSinceReferenceDate) seconds cannot be written in XML (only dates from \(ISO8601.xmlWritableRangeText) can)"
        )
      }
      appendIndented("<date>", depth: depth)
      ISO8601.append(date.secondsSinceReferenceDate, to: &bytes, calendar: .julianBeforeReform)
      append("</date>\n")
    case .data(let data):
      appendIndented("<data>\n", depth: depth)
      appendBase64(data, depth: depth)
      indent(depth)
      append("</data>\n")
    case .uid(let uid):
      appendIndented("<dict>\n", depth: depth)
      indent(depth + 1)
      append("<key>CF$UID</key>\n")
      indent(depth + 1)
      append("<integer>")
      appendInteger(PropertyListInteger(uid))
      append("</integer>\n")
      indent(depth)
      append("</dict>\n")
    case .array, .dictionary:
      preconditionFailure("containers are written by their frames")
    }
  }

  /// The positions of `keys` in code-point order (the same as UTF-8 byte order).
  private static func codePointOrder(_ keys: [String]) -> [Int] {
    keys.indices.sorted { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) }
  }

  /// The key path of the value being written: the current entry of every open container.
  var keyPath: PropertyListKeyPath {
    PropertyListKeyPath(
      components: stack.map { frame in
        let index = frame.next - 1
        guard let dictionary = frame.dictionary else { return String(index) }
        return dictionary.keys[frame.order?[index] ?? index]
      })
  }

  mutating func append(_ literal: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  private static let tabs = [UInt8](repeating: 0x09, count: 64)

  mutating func indent(_ depth: Int) {
    var remaining = depth
    while remaining > 0 {
      let count = min(remaining, Self.tabs.count)
      Self.tabs.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count])) }
      remaining -= count
    }
  }
}
