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
    return try Self.write(
      PropertyListNodeTree(value, sortedKeys: options.sortedKeys), root: 0, realStyle: options.xmlRealStyle,
      sortsKeys: false, budget: OutputBudget(options, format: .xml))
  }

  /// Writes the value of `tree` from `root` (the tree may come from another module of the
  /// package: the Codable encoder hands its arena here). With `sortsKeys`, each dictionary's
  /// entries are written in Swift's order of their keys, as Foundation's encoder writes them.
  /// Beyond a value's nodes, a tree may hold `nil` (written as the string `$null`) and
  /// dictionaries that repeat a key (written once, where it comes first, with the value that
  /// comes last).
  ///
  /// - Throws: ``PropertyListError`` of kind ``PropertyListError/Kind/notRepresentable``, with
  ///   the key path of the value, when a string or date cannot be written in XML; or of kind
  ///   ``PropertyListError/Kind/limitExceeded`` past `budget`.
  package static func write(
    _ tree: PropertyListNodeTree, root: Int32, realStyle: XMLRealStyle, sortsKeys: Bool, budget: OutputBudget
  ) throws(PropertyListError) -> [UInt8] {
    var failure: PropertyListError?
    let bytes = ChunkedOutput.collect(estimate: tree.xmlSizeEstimate) { output in
      var writer = XMLPropertyListTreeWriter(
        tree: tree, output: output, realStyle: realStyle, sortsKeys: sortsKeys, budget: budget)
      do throws(PropertyListError) {
        try writer.writeDocument(root)
      } catch {
        failure = error
        return nil
      }
      return writer.output
    }
    if let failure { throw failure }
    return bytes!
  }
}

/// The format's output: the header, scalars on their lines and escaped text, for the stream
/// writer, and for the tree writer what it does not write itself.
package struct XMLPropertyListOutput {
  package var bytes: [UInt8] = []
  let sortedKeys: Bool
  package var realStyle = XMLRealStyle.coreFoundation

  package init(sortedKeys: Bool) { self.sortedKeys = sortedKeys }

  package static let header = Array(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """.utf8)

  /// Writes a value that is not an array or dictionary, on its own lines at `depth`. The
  /// errors name no key path: the stream writer, which writes scalars here, stops and leaves
  /// the error to the value's writer.
  mutating func appendScalar(_ value: PropertyList, depth: Int) throws(PropertyListError) {
    switch value {
    case .string(let string):
      var string = string
      if let refused = string.withUTF8({ appendTextLine(depth: depth, open: "<string>", $0, close: "</string>\n") }) {
        throw Self.unwritableCharacter(refused)
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
      // Checked here before the message is asked for: a call per date showed in conversions.
      let seconds = date.secondsSinceReferenceDate
      guard seconds.isFinite, ISO8601.writableRange.contains(seconds) else {
        throw PropertyListError(.notRepresentable, format: .xml, at: .keyPath(""), Self.refusal(ofDate: seconds) ?? "")
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
      preconditionFailure("containers are written by the stream writer itself")
    }
  }

  /// Why a date of `seconds` cannot be written in XML, or nil when it can.
  static func refusal(ofDate seconds: Double) -> String? {
    guard seconds.isFinite else {
      return "a date of \(seconds) seconds cannot be written in XML (only finite dates can)"
    }
    guard ISO8601.writableRange.contains(seconds) else {
      return
        "a date of \(seconds) seconds cannot be written in XML (only dates from \(ISO8601.xmlWritableRangeText) can)"
    }
    return nil
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
