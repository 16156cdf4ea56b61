import FoundationEssentials
import PlistKit

/// The errors of decoding, each naming the key path and, when the input has one, the place
/// of the value in it: `Records.3.Index (12:5): expected to decode Int but found a string "x"`.
extension MapDecoder {
  /// A context whose description starts with the key path and the location of entry `index`.
  func context(
    _ path: CodingPathNode, _ index: Int?, key: (any CodingKey)? = nil, _ message: String
  ) -> DecodingError.Context {
    let codingPath = path.path(appending: key)
    let location = index.map { map.locations.location(ofEntry: $0) } ?? .none
    return DecodingError.Context(
      codingPath: codingPath, debugDescription: Self.describe(codingPath, location, message))
  }

  /// `KEYPATH (LOCATION): message`.
  static func describe(
    _ codingPath: [any CodingKey], _ location: PropertyListError.Location, _ message: String
  )
    -> String
  {
    let place: String
    switch location {
    case .none, .keyPath: place = ""
    case .text(let line, let column): place = " (\(line):\(column))"
    case .byteOffset(let offset): place = " (byte \(offset))"
    }
    return "\(codingPath.keyPathDescription)\(place): \(message)"
  }

  /// The error for `problem` reading a `type` at `index`, at `path` and `key`.
  func error(
    _ problem: ScalarProblem, _ type: Any.Type, at index: Int, _ path: CodingPathNode, key: (any CodingKey)? = nil
  ) -> DecodingError {
    switch problem {
    case .mismatch: typeMismatch(type, at: index, path, key: key)
    case .null: nullFound(type, at: index, path, key: key)
    case .corrupted(let message): corrupted(index, path, key: key, message)
    }
  }

  /// The value at `index` is not a `type`.
  func typeMismatch(
    _ type: Any.Type, at index: Int, _ path: CodingPathNode, key: (any CodingKey)? = nil
  ) -> DecodingError {
    .typeMismatch(
      type, context(path, index, key: key, "expected to decode \(type) but found \(found(index)) instead"))
  }

  /// The value at `index` is `$null` where a `type` is needed.
  func nullFound(_ type: Any.Type, at index: Int, _ path: CodingPathNode, key: (any CodingKey)? = nil) -> DecodingError
  {
    .valueNotFound(type, context(path, index, key: key, "expected a value of type \(type) but found null ($null)"))
  }

  /// The value at `index` cannot be read as a `type` (a number out of range, a date or data
  /// string that does not parse).
  func corrupted(
    _ index: Int, _ path: CodingPathNode, key: (any CodingKey)? = nil, _ message: String
  ) -> DecodingError {
    .dataCorrupted(context(path, index, key: key, message))
  }

  /// What the entry at `index` holds, for messages: `a string "abc"`, `an integer 300`.
  func found(_ index: Int) -> String {
    if let chain = map.archive?.classes[map.resolved(index)] { return "an object of class \(chain.className)" }
    let entry = map.entries[map.resolved(index)]
    switch entry.kind {
    case .null: return "null ($null)"
    case .string:
      let string = map.strings[Int(entry.payload)]
      let shown = string.count > 40 ? String(string.prefix(40)) + "…" : string
      return "a string \"\(shown)\""
    case .integer: return "an integer \(Int64(bitPattern: entry.payload))"
    case .largeInteger: return "an integer \(entry.payload)"
    case .real: return "a real \(Double(bitPattern: entry.payload))"
    case .boolean: return "a boolean \(entry.payload != 0)"
    case .date:
      return "a date \(PropertyListDate(secondsSinceReferenceDate: Double(bitPattern: entry.payload)).iso8601)"
    case .data: return "data (\(map.data[Int(entry.payload)].count) bytes)"
    case .uid: return "a UID \(entry.payload)"
    case .array: return "an array (\(counted(entry.count, "element")))"
    case .dictionary: return "a dictionary (\(counted(entry.count, "key")))"
    case .shared: return "a shared value"
    case .shadowed: return "a repeated key"
    }
  }
}
