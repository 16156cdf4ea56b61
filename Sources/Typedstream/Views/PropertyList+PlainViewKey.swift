import PlistKit

extension PropertyList {
  /// The value as a dictionary key of a plain view, a keyed archive's or a typedstream's:
  /// strings as they are, numbers, booleans and dates in their plain form (`nska_deserialize`
  /// uses Python's `str`); nil for a container, data or a UID, which have no text a key could be.
  package var plainViewKeyText: String? {
    switch self {
    case .string(let string): string
    case .integer(let integer): integer.description
    case .real(let real): real.description
    case .boolean(let bool): bool ? "True" : "False"
    case .date(let date): date.iso8601
    case .array, .dictionary, .data, .uid: nil
    }
  }
}
