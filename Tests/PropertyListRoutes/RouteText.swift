import PlistKit

/// Values and bytes as a failure shows them: exactly, so that a reader can rebuild the value
/// (canonically equivalent strings look alike on a terminal, NaNs print alike).
public enum RouteText {
  /// `value` as typed JSON on one line (every kind, every real and date to the bit), with every
  /// character outside printable ASCII written `\u{…}`.
  public static func describe(_ value: PropertyList) -> String {
    let options = PropertyListWritingOptions(jsonStyle: .typed, prettyPrinted: false)
    guard let json = try? value.serialized(as: .json, options: options) else { return escaped("\(value)") }
    return escaped(String(decoding: json, as: UTF8.self))
  }

  /// `string` with every character outside printable ASCII written `\u{…}`, in quotes.
  public static func escaped(_ string: String) -> String {
    var text = "\""
    for scalar in string.unicodeScalars {
      if (0x20..<0x7F).contains(scalar.value) {
        text.unicodeScalars.append(scalar)
      } else {
        text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return text + "\""
  }

  /// The first bytes of `bytes` as text, for a failure that shows output.
  public static func excerpt(_ bytes: [UInt8], limit: Int = 600) -> String {
    let text = escaped(String(decoding: bytes.prefix(limit), as: UTF8.self))
    return bytes.count > limit ? text + "… (\(bytes.count) bytes)" : text
  }
}
