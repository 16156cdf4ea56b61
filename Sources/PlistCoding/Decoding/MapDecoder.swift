import FoundationEssentials
import PlistKit

/// The `Decoder` that ``PlistDecoder`` hands to `init(from:)`: one per decoding, moved from
/// value to value (a nested value is decoded with the same decoder, pointed at it for the
/// length of the call), so that a document of many records costs no decoder per record.
final class MapDecoder: Decoder {
  let map: DecodingMap
  let userInfo: [CodingUserInfoKey: Any]
  let rules: DecodingRules
  /// The entry being decoded (never a shared entry: those are resolved first).
  private(set) var current: Int
  private(set) var pathNode: CodingPathNode
  /// How many values nested decoding has entered.
  private var depth = 0
  /// Values left before the object limit: a binary plist that references one array from many
  /// places decodes it at each, so the work is bounded here rather than by the file's size.
  private var budget: Int
  /// For each depth, the dictionary whose keys were last looked up there and where the search
  /// for its next key starts: keys asked for in file order are found at once.
  var keyHints: [KeyHint] = []
  /// Key → value entry of large dictionaries looked up out of order.
  var keyIndexes: [Int: [ExactKey: Int]] = [:]

  struct KeyHint {
    var dictionary: Int
    var pair: Int
    var keyEntry: Int
  }

  init(map: DecodingMap, userInfo: [CodingUserInfoKey: Any], rules: DecodingRules) {
    self.map = map
    self.userInfo = userInfo
    self.rules = rules
    current = map.resolved(0)
    pathNode = .root
    budget = rules.limits.maximumObjectCount
  }

  var codingPath: [any CodingKey] { pathNode.path }

  var currentDepth: Int { depth }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    try KeyedDecodingContainer(MapKeyedContainer<Key>(decoder: self, dictionary: dictionaryEntry(current, pathNode)))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try MapUnkeyedContainer(decoder: self, array: arrayEntry(current, pathNode), path: pathNode)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  /// The dictionary at `index` (resolved), counted against the budget; otherwise the error a
  /// keyed container's request gets.
  func dictionaryEntry(_ index: Int, _ path: @autoclosure () -> CodingPathNode) throws -> Int {
    let entry = map.entries[index]
    guard entry.kind == .dictionary else {
      if map.isNull(index) {
        throw DecodingError.valueNotFound(
          [String: Any].self,
          context(path(), index, "cannot get a keyed decoding container: found null ($null) instead"))
      }
      throw typeMismatch([String: Any].self, at: index, path())
    }
    try spend(entry.count, path())
    return index
  }

  /// The array at `index` (resolved), counted against the budget.
  func arrayEntry(_ index: Int, _ path: @autoclosure () -> CodingPathNode) throws -> Int {
    let entry = map.entries[index]
    guard entry.kind == .array else {
      if map.isNull(index) {
        throw DecodingError.valueNotFound(
          [Any].self, context(path(), index, "cannot get an unkeyed decoding container: found null ($null) instead"))
      }
      throw typeMismatch([Any].self, at: index, path())
    }
    try spend(entry.count, path())
    return index
  }

  private func spend(_ count: Int, _ path: @autoclosure () -> CodingPathNode) throws {
    budget -= count
    guard budget >= 0 else {
      throw DecodingError.dataCorrupted(
        context(
          path(), nil,
          "more than \(rules.limits.maximumObjectCount) values to decode (the object count limit): arrays and "
            + "dictionaries the input shares are decoded at every place they occur"))
    }
  }

  /// Decodes a `Decodable` value at entry `index` with this decoder pointed at it.
  func unwrap<T: Decodable>(_ type: T.Type, at index: Int, path: CodingPathNode) throws -> T {
    if T.self == Date.self { return try unwrapDate(at: index, path: path) as! T }
    if T.self == Data.self { return try unwrapData(at: index, path: path) as! T }
    guard depth < rules.limits.maximumDepth else {
      throw DecodingError.dataCorrupted(
        context(path, index, "values nested deeper than the limit of \(rules.limits.maximumDepth)"))
    }
    let savedCurrent = current
    let savedPath = pathNode
    current = map.resolved(index)
    pathNode = path
    depth += 1
    defer {
      current = savedCurrent
      pathNode = savedPath
      depth -= 1
    }
    return try T(from: self)
  }

  /// A decoder of its own for the value at `index` (or for null when it is absent), for
  /// `superDecoder()`: the caller may keep it after this decoder moves on.
  func detachedDecoder(at index: Int?, path: CodingPathNode) -> MapDecoder {
    let decoder: MapDecoder
    if let index {
      decoder = MapDecoder(map: map, userInfo: userInfo, rules: rules)
      decoder.current = map.resolved(index)
    } else {
      decoder = MapDecoder(map: DecodingMap.nullDocument, userInfo: userInfo, rules: rules)
    }
    decoder.pathNode = path
    decoder.depth = depth
    decoder.budget = budget
    return decoder
  }
}

/// How values may be read.
struct DecodingRules {
  var limits: PropertyListLimits
  /// The input is a text form that keeps some scalars as strings (OpenStep, whose only scalar
  /// is the string, and plain JSON, which writes dates and data as strings): a number,
  /// boolean, date or data may then be read from a string.
  var scalarsFromText: Bool
}

extension DecodingMap {
  /// A document holding only `$null`: what `superDecoder(forKey:)` decodes for a missing key.
  static let nullDocument: DecodingMap = {
    var builder = DecodingMapBuilder(limits: .default)
    try! builder.string(DecodingMap.null)
    return builder.map
  }()
}
