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
  private(set) var pathNode: CodingPath
  /// How many values nested decoding has entered.
  private var depth = 0
  /// Values left before the object limit: a binary plist that references one array from many
  /// places decodes it at each, so the work is bounded here rather than by the file's size.
  private var budget: Int
  /// For each depth, the dictionary whose keys were last looked up there and where the search
  /// for its next key starts: keys asked for in file order are found at once. One slot per
  /// depth the limit allows, in a buffer of its own (no uniqueness check per lookup).
  let keyHints: UnsafeMutableBufferPointer<KeyHint>
  /// Key → value entry of large dictionaries looked up out of order.
  var keyIndexes: [Int: [ExactKey: Int]] = [:]
  /// The type whose `init(from:)` is running: an archived object is checked against it.
  private(set) var currentType: Any.Type = Never.self
  /// The objects of an archive being decoded, to refuse a cycle.
  private var inProgress: Set<Int> = []

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
    keyHints = .allocate(capacity: Swift.max(0, Swift.min(rules.limits.maximumDepth, 1 << 16)) + 2)
    keyHints.initialize(repeating: KeyHint(dictionary: -1, pair: 0, keyEntry: 0))
  }

  deinit {
    keyHints.deallocate()
  }

  var codingPath: [any CodingKey] { pathNode.path }

  var currentDepth: Int { depth }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    try checkObject(at: current, decodedAs: currentType, pathNode)
    return try KeyedDecodingContainer(
      MapKeyedContainer<Key>(decoder: self, dictionary: dictionaryEntry(current, pathNode)))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try checkObject(at: current, decodedAs: currentType, pathNode)
    return try MapUnkeyedContainer(decoder: self, array: arrayEntry(current, pathNode), path: pathNode)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  /// The dictionary at `index` (resolved), counted against the budget; otherwise the error a
  /// keyed container's request gets. An archived object reached without a type (a nested
  /// container) must be allowed by the policy alone.
  func dictionaryEntry(_ index: Int, _ path: @autoclosure () -> CodingPath, nested: Bool = false) throws -> Int {
    if nested { try checkObject(at: index, decodedAs: nil, path()) }
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
  func arrayEntry(_ index: Int, _ path: @autoclosure () -> CodingPath, nested: Bool = false) throws -> Int {
    if nested { try checkObject(at: index, decodedAs: nil, path()) }
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

  private func spend(_ count: Int, _ path: @autoclosure () -> CodingPath) throws {
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
  ///
  /// The path is made only when it is needed: for the decoder's place while `T` decodes
  /// itself, or for an error (an array of scalars, read here, needs it for neither).
  func unwrap<T: Decodable>(_ type: T.Type, at index: Int, path: @autoclosure () -> CodingPath) throws -> T {
    if let scalarType = ScalarType(type) {
      do {
        return try scalar(scalarType, as: type, at: index)
      } catch {
        throw self.error(error, type, at: index, path())
      }
    }
    guard depth < rules.limits.maximumDepth else {
      throw DecodingError.dataCorrupted(
        context(path(), index, "values nested deeper than the limit of \(rules.limits.maximumDepth)"))
    }
    let resolved = map.resolved(index)
    // An archive's arrays are objects with classes to check: those take the general path.
    if map.archive == nil, let element = ScalarType(elementsOf: type) {
      return try scalarArray(element, as: type, at: resolved, path: path())
    }
    if map.archive != nil {
      if T.self == UUID.self, let uuid = archivedUUID(at: resolved) { return uuid as! T }
      guard inProgress.insert(resolved).inserted else { throw cycle(at: resolved, path()) }
    }
    let savedCurrent = current
    let savedPath = pathNode
    let savedType = currentType
    current = resolved
    pathNode = path()
    currentType = type
    depth += 1
    defer {
      current = savedCurrent
      pathNode = savedPath
      currentType = savedType
      depth -= 1
      if map.archive != nil { inProgress.remove(resolved) }
    }
    return try type.init(from: self)
  }

  /// A decoder of its own for the value at `index` (or for null when it is absent), for
  /// `superDecoder()`: the caller may keep it after this decoder moves on.
  func detachedDecoder(at index: Int?, path: CodingPath) -> MapDecoder {
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

  /// A decoder of null at `path`, for `superDecoder(forKey:)` of a key that is absent.
  static func nullDecoder(
    userInfo: [CodingUserInfoKey: Any], limits: PropertyListLimits, path: CodingPath, depth: Int, budget: Int
  ) -> MapDecoder {
    let decoder = MapDecoder(
      map: DecodingMap.nullDocument, userInfo: userInfo, rules: DecodingRules(limits: limits, scalarsFromText: false))
    decoder.pathNode = path
    decoder.depth = depth
    decoder.budget = budget
    return decoder
  }
}

/// How values may be read.
struct DecodingRules {
  var limits: PropertyListLimits
  /// Which archived classes may be decoded, for a map laid out from a keyed archive.
  var classes = ArchiveClassRules()
  /// The input is a text form that keeps some scalars as strings (OpenStep, whose only scalar
  /// is the string, and plain JSON, which writes dates and data as strings): a number,
  /// boolean, date or data may then be read from a string.
  var scalarsFromText: Bool
  /// The input is a keyed archive, whose numbers and booleans are all NSNumbers, and which
  /// Foundation's archiver stores as one object when they are equal (`true` and `1`): a
  /// boolean may then be read from the integers 0 and 1, and an integer from a boolean.
  var numbersAreNSNumbers = false
}

extension DecodingMap {
  /// A document holding only `$null`: what `superDecoder(forKey:)` decodes for a missing key.
  static var nullDocument: DecodingMap {
    var builder = DecodingMapBuilder(limits: .default)
    try! builder.string(DecodingMap.null)
    return builder.map
  }
}
