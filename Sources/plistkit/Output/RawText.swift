import PlistKit

/// The plain-text form of `get --to raw`, as `plutil -extract KEYPATH raw` documents it:
/// strings as they are, numbers and booleans as words, dates in ISO 8601 UTC, data in base64,
/// a dictionary as its keys one per line (escaped by ``LineSafeText``, so that a key cannot
/// pass for two), an array as its count.
enum RawText {
  /// The text, without a final newline.
  static func render(_ value: PropertyList) -> String {
    switch value {
    case .string(let string): string
    case .integer(let integer): integer.description
    case .real(let real): real.description
    case .boolean(let flag): flag ? "true" : "false"
    case .date(let date): date.shownText
    case .data(let bytes): Base64.encode(bytes)
    case .uid(let uid): String(uid)
    case .array(let array): String(array.count)
    case .dictionary(let dictionary): dictionary.keys.lazy.map(LineSafeText.escaped).joined(separator: "\n")
    }
  }
}
