import PlistKit

/// Turns a VALUE argument and its `--type` into a property list value, for `set` and
/// `insert` (the types of `plutil -insert … -type`).
enum ValueParser {
  /// The types accepted by `--type`.
  static let types = ["string", "integer", "real", "bool", "date", "data", "json", "xml", "array", "dictionary"]
  /// plutil's spellings.
  static let aliases = ["float", "boolean", "dict"]

  /// True when the type takes no VALUE (an empty container).
  static func isEmptyContainer(_ type: String) -> Bool { type == "array" || type == "dictionary" || type == "dict" }

  /// Parses `text` as `type`. Malformed text is a usage error (exit 2) that says what was expected.
  static func parse(_ text: String, as type: String, typedJSON: Bool) throws(CommandError) -> PropertyList {
    switch TypeName.canonical(type) {
    case "string":
      return .string(text)
    case "integer":
      guard let integer = PropertyListInteger(parsing: text[...]) else {
        throw .usage("'\(text)' is not an integer (decimal or 0x hexadecimal, 64 bits)")
      }
      return .integer(integer)
    case "real":
      guard let real = Double(text) else { throw .usage("'\(text)' is not a real number") }
      return .real(real)
    case "bool":
      switch text.lowercased() {
      case "true", "yes", "1": return .boolean(true)
      case "false", "no", "0": return .boolean(false)
      default: throw .usage("'\(text)' is not a boolean (true, false, yes, no, 1, 0)")
      }
    case "date":
      guard let date = PropertyListDate(iso8601: text) else {
        throw .usage("'\(text)' is not an ISO 8601 date (2001-01-01T00:00:00Z)")
      }
      return .date(date)
    case "data":
      do {
        return .data(try Base64.decode(Array(text.utf8)))
      } catch {
        throw .usage("'\(text)' is not base64 data")
      }
    case "json", "xml":
      let format: PropertyListFormat = type == "json" ? .json : .xml
      let options = PropertyListReadingOptions(jsonStyle: typedJSON ? .typed : .plain)
      do {
        return try PropertyList(bytes: Array(text.utf8), format: format, options: options)
      } catch {
        throw .usage("the VALUE is not valid \(type == "json" ? "JSON" : "XML"): \(error)")
      }
    case "array":
      return .array([])
    default:
      return .dictionary(PropertyListDictionary())
    }
  }
}
