import FoundationEssentials
@_spi(PropertyListMap) import PlistKit

/// The `Decoder` that ``PlistDecoder`` and ``KeyedArchiveDecoder`` hand to `init(from:)`, over
/// any ``DecodingSource``: one per decoding, moved from value to value (a nested value is
/// decoded with the same decoder, pointed at it for the length of the call), so that a document
/// of many records costs no decoder per record.
///
/// It holds what every source shares: the coding path, the depth limit, the object budget, and
/// the type being decoded (which an archive's class check needs).
///
/// It holds its source as `any DecodingSource` rather than being generic over it: Swift does not
/// specialize a generic type's conformance witnesses, so a generic decoder and its containers
/// would run unspecialized in every request a type makes through `Decoder`, looking generic
/// metadata up at run time (measured: 18% more instructions decoding a binary plist). A source's
/// methods are concrete code, reached by one indirect call each.
final class SourceDecoder: Decoder {
  let source: any DecodingSource
  let userInfo: [CodingUserInfoKey: Any]
  let limits: PropertyListLimits
  /// The value being decoded.
  private(set) var current: Int
  private(set) var pathNode: CodingPath
  /// How many values nested decoding has entered.
  private(set) var depth = 0
  /// Values left before the object limit: an input that references one array from many places
  /// decodes it at each, so the work is bounded here rather than by the input's size.
  private var budget: Int
  /// The type whose `init(from:)` is running: an archived object is checked against it.
  private var currentType: Any.Type = Never.self
  /// The source's ``DecodingSource/readsScalarArrays``, ``DecodingSource/checksObjects`` and
  /// ``DecodingSource/checksKeys``, asked once rather than per value.
  private let readsScalarArrays: Bool
  private let checksObjects: Bool
  private let checksKeys: Bool

  /// A decoder at value `index` of `source`.
  init(source: any DecodingSource, at index: Int, userInfo: [CodingUserInfoKey: Any], limits: PropertyListLimits) {
    self.source = source
    self.userInfo = userInfo
    self.limits = limits
    current = index
    pathNode = .root
    budget = limits.maximumObjectCount
    readsScalarArrays = source.readsScalarArrays
    checksObjects = source.checksObjects
    checksKeys = source.checksKeys
  }

  var codingPath: [any CodingKey] { pathNode.path }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    if checksObjects { try source.checkObject(at: current, decodedAs: currentType, pathNode) }
    let dictionary = try openDictionary(current, pathNode, depth: depth)
    return KeyedDecodingContainer(SourceKeyedContainer<Key>(decoder: self, dictionary: dictionary, pathNode: pathNode))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    if checksObjects { try source.checkObject(at: current, decodedAs: currentType, pathNode) }
    return SourceUnkeyedContainer(decoder: self, array: try openArray(current, pathNode), path: pathNode)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  /// Decodes a `Decodable` value at `index` with this decoder pointed at it: a scalar read
  /// straight from the source, anything else by ``unwrapValue(_:at:path:inside:)``.
  ///
  /// The path is made only when it is needed: for the decoder's place while `T` decodes
  /// itself, or for an error.
  func unwrap<T: Decodable>(_ type: T.Type, at index: Int, path: @autoclosure () -> CodingPath) throws -> T {
    if let scalarType = ScalarType(type) {
      do {
        return try scalar(scalarType, as: type, at: index)
      } catch {
        throw source.error(error, type, at: index, path())
      }
    }
    return try unwrapValue(type, at: index, path: path())
  }

  /// Decodes a value of a type that is not a scalar (a container has told them apart already)
  /// at `index`: an array of scalars read here (its path is then needed only for an error),
  /// anything else by its `init(from:)` with this decoder pointed at it. `inside` says the
  /// value is inside the one being decoded (a container's element or a key's value), rather
  /// than that value again (a type that decodes its own value through its single-value
  /// container).
  func unwrapValue<T: Decodable>(
    _ type: T.Type, at index: Int, path: @autoclosure () -> CodingPath, inside: Bool = false
  ) throws -> T {
    guard depth < limits.maximumDepth else {
      source.nestedTooDeep()
      throw DecodingError.dataCorrupted(
        source.context(path(), index, "values nested deeper than the limit of \(limits.maximumDepth)"))
    }
    if readsScalarArrays, let element = ScalarType(elementsOf: type) {
      return try scalarArray(element, as: type, at: index, path: path())
    }
    if T.self == UUID.self, let uuid = source.archivedUUID(at: index) { return uuid as! T }
    try source.enter(index, inside: inside, path: path())
    let savedCurrent = current
    let savedPath = pathNode
    let savedType = currentType
    current = index
    pathNode = path()
    currentType = type
    depth += 1
    defer {
      current = savedCurrent
      pathNode = savedPath
      currentType = savedType
      depth -= 1
      source.leave(index, inside: inside)
    }
    return try type.init(from: self)
  }

  /// The dictionary at `index`, counted against the budget and ready for a keyed container at
  /// nesting `depth`; otherwise the error a keyed container's request gets. An archived object
  /// reached without a type (a nested container) must be allowed by the class policy alone.
  func openDictionary(
    _ index: Int, _ path: @autoclosure () -> CodingPath, depth: Int, nested: Bool = false
  ) throws -> DecodingDictionary {
    if nested && checksObjects { try source.checkObject(at: index, decodedAs: nil, path()) }
    guard var dictionary = source.dictionary(at: index, depth: depth) else {
      throw containerMismatch([String: Any].self, at: index, path(), "a keyed")
    }
    try spend(dictionary.count, path())
    if checksKeys { try source.checkKeys(of: &dictionary, path: path()) }
    return dictionary
  }

  /// The array at `index`, counted against the budget.
  func openArray(_ index: Int, _ path: @autoclosure () -> CodingPath, nested: Bool = false) throws -> DecodingArray {
    if nested && checksObjects { try source.checkObject(at: index, decodedAs: nil, path()) }
    guard let array = source.array(at: index) else {
      throw containerMismatch([Any].self, at: index, path(), "an unkeyed")
    }
    try spend(array.count, path())
    return array
  }

  private func containerMismatch(_ type: Any.Type, at index: Int, _ path: CodingPath, _ kind: String) -> DecodingError {
    if source.isNull(index) {
      return DecodingError.valueNotFound(
        type, source.context(path, index, "cannot get \(kind) decoding container: found null ($null) instead"))
    }
    return source.typeMismatch(type, at: index, path)
  }

  private func spend(_ count: Int, _ path: @autoclosure () -> CodingPath) throws {
    budget -= count
    guard budget >= 0 else {
      throw DecodingError.dataCorrupted(
        source.context(
          path(), nil,
          "more than \(limits.maximumObjectCount) values to decode (the object count limit): arrays and "
            + "dictionaries the input shares are decoded at every place they occur"))
    }
  }

  /// A decoder of its own for value `index` (or for null when it is absent, from a document
  /// that holds only `$null`), for `superDecoder()`: the caller may keep it after this decoder
  /// moves on.
  func detachedDecoder(at index: Int?, path: CodingPath) -> any Decoder {
    let decoder =
      if let index {
        SourceDecoder(source: source.detached(), at: index, userInfo: userInfo, limits: limits)
      } else {
        SourceDecoder(
          source: MapDecodingSource(
            map: try! PropertyListMap(value: .string(PropertyListMap.null), limits: .default),
            rules: DecodingRules(limits: limits, scalarsFromText: false)), at: 0, userInfo: userInfo, limits: limits)
      }
    decoder.pathNode = path
    decoder.depth = depth
    decoder.budget = budget
    return decoder
  }
}
