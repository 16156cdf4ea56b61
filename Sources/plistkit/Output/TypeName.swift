import PlistKit

/// The type names the CLI prints and accepts (`type`, `get --expect`, `set --type`).
enum TypeName {
  /// The names, in help order.
  static let all = ["bool", "integer", "real", "string", "date", "data", "array", "dictionary", "uid"]
  /// Other spellings accepted: plutil's `float`, and the model's `boolean`.
  static let aliases = ["float", "boolean", "dict"]

  /// The name of a value's type.
  static func of(_ value: PropertyList) -> String {
    switch value.kind {
    case .boolean: "bool"
    case .integer: "integer"
    case .real: "real"
    case .string: "string"
    case .date: "date"
    case .data: "data"
    case .array: "array"
    case .dictionary: "dictionary"
    case .uid: "uid"
    }
  }

  /// The canonical name for a name or alias.
  static func canonical(_ name: String) -> String {
    switch name {
    case "float": "real"
    case "boolean": "bool"
    case "dict": "dictionary"
    default: name
    }
  }
}
