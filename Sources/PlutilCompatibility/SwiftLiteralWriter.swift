import PlistKit

/// Writes a property list as Swift source, byte for byte as the toolchain's
/// `plutil -convert swift` does: a `/// Generated from NAME` line, then
/// `let STEM = …` with four-space indentation, a `,` after every element, keys in
/// ``PlutilKeyOrder``, reals as `%f`, data as `Data(bytes: [0x0A,…,])` and dates as
/// `Date(timeIntervalSinceReferenceDate: …)`. A root container whose direct children are of
/// different kinds is annotated `: [String : Any]` or `: [Any]`.
///
/// Strings are escaped as `plutil` escapes them (see ``SourceLiteralOutput``), which does not
/// always give back the same string (a backslash followed by `n` stays `\n`); keys are not
/// escaped at all. UIDs have no literal and are refused.
package struct SwiftLiteralWriter: Sendable {
  /// The path of the file the value was read from (`-` for standard input): its name is
  /// quoted in the first line and its stem names the variable.
  package var sourcePath: String

  /// Makes a writer for the value read from `sourcePath`.
  package init(sourcePath: String) { self.sourcePath = sourcePath }

  /// The Swift source, UTF-8, ending with a line break.
  ///
  /// - Throws: ``PropertyListError`` of kind `notRepresentable` at the key path of the first
  ///   UID, with `plutil`'s message.
  package func write(_ value: PropertyList) throws(PropertyListError) -> [UInt8] {
    if let path = SourceLiteralOutput.firstUnrepresentable(in: value, allowsDatesAndData: true) {
      throw PropertyListError(
        .notRepresentable, at: .keyPath(path.description),
        "Input contains an object that cannot be represented in Swift literal syntax")
    }
    var text = "/// Generated from \(SourceLiteralOutput.lastComponent(of: sourcePath))\n"
    text += "let \(SourceLiteralOutput.variableName(forFile: sourcePath))"
    switch value {
    case .array(let elements) where Self.hasMixedKinds(elements): text += " : [Any]"
    case .dictionary(let dictionary) where Self.hasMixedKinds(dictionary.values): text += " : [String : Any]"
    default: break
    }
    text += " = "
    append(value, depth: 0, to: &text)
    text += "\n"
    return Array(text.utf8)
  }

  private func append(_ value: PropertyList, depth: Int, to text: inout String) {
    switch value {
    case .string(let string): text += "\"\(SourceLiteralOutput.escaped(string, lineFeeds: true))\""
    case .integer(let integer): text += integer.description
    case .real(let real): text += SourceLiteralOutput.formatted(real)
    case .boolean(let flag): text += flag ? "true" : "false"
    case .date(let date): text += "Date(timeIntervalSinceReferenceDate: \(date.secondsSinceReferenceDate))"
    case .data(let bytes):
      text += "Data(bytes: ["
      for byte in bytes { text += "0x" + Self.hexDigits(byte) + "," }
      text += "])"
    case .array, .dictionary:
      SourceLiteralOutput.appendContainer(
        value, depth: depth, open: "[", close: "]", keyPrefix: "", to: &text, element: append)
    case .uid: preconditionFailure("UIDs are refused before writing")
    }
  }

  /// Whether the children are of more than one of `plutil`'s types (bool, integer, float,
  /// string, date, data, array, dictionary).
  private static func hasMixedKinds(_ values: [PropertyList]) -> Bool {
    guard let first = values.first?.kind else { return false }
    return values.contains { $0.kind != first }
  }

  private static func hexDigits(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }
}
