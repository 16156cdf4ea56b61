import FoundationEssentials
import PlistKit

/// The errors of decoding, each naming the key path and, when the input has one, the place
/// of the value in it: `Records.3.Index (12:5): expected to decode Int but found a string "x"`.
protocol DecodingErrorReporting {
  /// Where value `index` is in the input, when the input says.
  func location(of index: Int) -> PropertyListError.Location
  /// What value `index` holds, for messages: `a string "abc"`, `an integer 300`.
  func found(_ index: Int) -> String
}

extension DecodingErrorReporting {
  /// A context whose description starts with the key path and the location of value `index`.
  func context(
    _ path: CodingPath, _ index: Int?, key: (any CodingKey)? = nil, _ message: String
  ) -> DecodingError.Context {
    let codingPath = path.path(appending: key)
    let place = index.map { location(of: $0) } ?? PropertyListError.Location.none
    return DecodingError.Context(
      codingPath: codingPath, debugDescription: Self.describe(codingPath, place, message))
  }

  /// A string as a message shows it: quoted, cut after 40 characters.
  func found(string: String) -> String {
    "a string \"\(string.count > 40 ? String(string.prefix(40)) + "…" : string)\""
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
    return "\(codingPath.shortKeyPathDescription)\(place): \(message)"
  }

  /// The error for `problem` reading a `type` at `index`, at `path` and `key`.
  func error(
    _ problem: ScalarProblem, _ type: Any.Type, at index: Int, _ path: CodingPath, key: (any CodingKey)? = nil
  ) -> DecodingError {
    switch problem {
    case .mismatch: typeMismatch(type, at: index, path, key: key)
    case .null: nullFound(type, at: index, path, key: key)
    case .corrupted(let message): corrupted(index, path, key: key, message)
    }
  }

  /// The value at `index` is not a `type`.
  func typeMismatch(
    _ type: Any.Type, at index: Int, _ path: CodingPath, key: (any CodingKey)? = nil
  ) -> DecodingError {
    .typeMismatch(
      type, context(path, index, key: key, "expected to decode \(type) but found \(found(index)) instead"))
  }

  /// The value at `index` is `$null` where a `type` is needed.
  func nullFound(_ type: Any.Type, at index: Int, _ path: CodingPath, key: (any CodingKey)? = nil) -> DecodingError {
    .valueNotFound(type, context(path, index, key: key, "expected a value of type \(type) but found null ($null)"))
  }

  /// The value at `index` cannot be read as a `type` (a number out of range, a date or data
  /// string that does not parse).
  func corrupted(
    _ index: Int, _ path: CodingPath, key: (any CodingKey)? = nil, _ message: String
  ) -> DecodingError {
    .dataCorrupted(context(path, index, key: key, message))
  }
}
