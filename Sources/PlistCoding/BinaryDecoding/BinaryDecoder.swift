import FoundationEssentials
@_spi(BinaryObjects) import PlistKit

/// The `Decoder` that ``PlistDecoder`` hands to `init(from:)` for a binary plist: it reads the
/// file's object table as the type asks for values, with nothing laid out first. A keyed
/// container finds a key by comparing the bytes of the dictionary's key objects with the key's
/// UTF-8, starting where the last key was found; a string is made only for a value.
///
/// One decoder serves a whole decoding, moved from value to value as ``MapDecoder`` is. An
/// object that cannot be read (an offset or a length that does not fit, a key that is not a
/// string, nesting past the depth limit) is recorded in ``problems`` as well as failing the
/// request, because a type may try a request and go on (`try?`): ``decode(_:from:options:userInfo:)``
/// then reports the binary reader's error for the file, whatever the type did with the failure.
/// Objects the type never asks for are not read, so are not checked either, unless the
/// decoding fails or passes over a repeated key's earlier values (which the reader reads):
/// then the file is read whole, and the reader's error, if it gives one, is the error.
///
/// Its tables (``objects``, ``keyIndexes``, ``sharedStrings``, ``sharedData``) are changed only
/// by the decoder's own code, which calls out to no type while it changes one, so their
/// accesses cannot overlap and go without a check each (`@exclusivity(unchecked)`).
final class BinaryDecoder: Decoder {
  /// The common objects, read in place.
  let table: BinaryPropertyListInPlaceObjects
  /// Every object, for the uncommon forms and for the reader's error of one that fails.
  @exclusivity(unchecked) var objects: BinaryPropertyListObjects
  /// What the decoding has used of its limits, behind a pointer: no exclusivity check per value.
  let usage: UnsafeMutablePointer<Usage>
  let userInfo: [CodingUserInfoKey: Any]
  let limits: PropertyListLimits
  /// What went wrong reading the file, shared with the decoders `superDecoder()` hands out.
  let problems: BinaryDecodingProblems
  /// The objects the decoding is inside, shared with the decoders `superDecoder()` hands out.
  let nesting: BinaryNesting
  /// The object being decoded.
  private(set) var current: Int
  private(set) var pathNode: CodingPath
  /// How many values nested decoding has entered.
  private var depth = 0
  /// What is remembered of the dictionaries looked up at each depth (see ``BinaryKeySlots``).
  let keySlots: UnsafeMutablePointer<BinaryKeySlots>
  /// Key → pair of large dictionaries looked up out of order.
  @exclusivity(unchecked) var keyIndexes: [Int: [ExactKey: Int]] = [:]
  /// Strings and data of at least ``sharedValueSize`` bytes, made once per object: a file that
  /// references one long string from many places then holds it once in memory, as its bytes do.
  @exclusivity(unchecked) var sharedStrings: [Int: String] = [:]
  @exclusivity(unchecked) var sharedData: [Int: Data] = [:]

  static let sharedValueSize = 256

  struct Usage {
    /// Bytes of strings and data made so far by ``table``'s reads, against the decoded-size
    /// limit (``objects`` counts its own).
    var decodedSize: Int
    /// Values left before the object limit: an array the file references from many places is
    /// decoded at each, so the work is bounded here rather than by the file's size.
    var budget: Int
  }

  init(
    objects: BinaryPropertyListObjects, at object: Int, userInfo: [CodingUserInfoKey: Any], limits: PropertyListLimits,
    problems: BinaryDecodingProblems, nesting: BinaryNesting
  ) {
    self.objects = objects
    table = objects.inPlace
    usage = .allocate(capacity: 1)
    usage.initialize(to: Usage(decodedSize: 0, budget: limits.maximumObjectCount))
    self.userInfo = userInfo
    self.limits = limits
    self.problems = problems
    self.nesting = nesting
    current = object
    pathNode = .root
    keySlots = .allocate(capacity: 1)
    keySlots.initialize(to: BinaryKeySlots(maximumDepth: limits.maximumDepth))
  }

  deinit {
    keySlots.pointee.deallocate()
    keySlots.deinitialize(count: 1)
    keySlots.deallocate()
    usage.deallocate()
  }

  /// Decodes a `T` from the binary plist `bytes`.
  ///
  /// - Throws: the binary reader's `PropertyListError` when the file cannot be read where the
  ///   decoding went; otherwise the `DecodingError` of a value that does not fit `type`.
  static func decode<T: Decodable>(
    _ type: T.Type, from bytes: UnsafeRawBufferPointer, options: PropertyListReadingOptions,
    userInfo: [CodingUserInfoKey: Any]
  ) throws -> T {
    let objects: BinaryPropertyListObjects
    do {
      objects = try BinaryPropertyListObjects(bytes, limits: options.limits)
    } catch {
      throw readerError(bytes, options) ?? error
    }
    let problems = BinaryDecodingProblems()
    let decoder = BinaryDecoder(
      objects: objects, at: objects.topObject, userInfo: userInfo, limits: options.limits, problems: problems,
      nesting: BinaryNesting(objectCount: objects.objectCount))
    let outcome = Result { try decoder.unwrap(type, at: objects.topObject, path: .root) }
    let failed = if case .failure = outcome { true } else { false }
    if failed || problems.unreadable != nil || problems.checkFile {
      // The reader's error is the file's, wherever decoding met the problem first, and also
      // when the type failed for a reason of its own before it came to the damage: a broken
      // file is reported as broken, whatever the type asks of it.
      if let error = readerError(bytes, options) { throw error }
      if let unreadable = problems.unreadable { throw unreadable }
    }
    return try outcome.get()
  }

  /// The error the binary reader gives for the file, or nil when it reads it.
  private static func readerError(
    _ bytes: UnsafeRawBufferPointer, _ options: PropertyListReadingOptions
  )
    -> PropertyListError?
  {
    do {
      _ = try BinaryPropertyListReader(options: options).read(bytes)
      return nil
    } catch {
      return error
    }
  }

  var codingPath: [any CodingKey] { pathNode.path }

  var currentDepth: Int { depth }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(try BinaryKeyedContainer<Key>(decoder: self, dictionary: current))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try BinaryUnkeyedContainer(decoder: self, array: current, path: pathNode)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  /// Object `index` read by ``objects``, or the failure recorded (see ``problems``) and nil.
  func object(_ index: Int) -> BinaryPropertyListObjects.Object? {
    do {
      return try objects.object(index)
    } catch {
      problems.record(error)
      return nil
    }
  }

  /// The count and the references of the container object `index` when it is a dictionary (or
  /// else an array or set), or nil.
  @inline(__always)
  private func container(_ index: Int, dictionary: Bool) -> (count: Int, references: Int)? {
    if let container = table.container(index, dictionary: dictionary) { return container }
    switch object(index) {
    case .dictionary(let count, let references)? where dictionary: return (count, references)
    case .array(let count, let references)? where !dictionary: return (count, references)
    default: return nil
    }
  }

  /// The dictionary at object `index` (its pair count and where its references start), counted
  /// against the budget; otherwise the error a keyed container's request gets.
  func dictionary(_ index: Int, _ path: @autoclosure () -> CodingPath) throws -> (count: Int, references: Int) {
    guard let (count, references) = container(index, dictionary: true) else {
      throw containerMismatch([String: Any].self, at: index, path(), "a keyed")
    }
    try spend(count, path())
    return (count, references)
  }

  /// The array at object `index`, counted against the budget.
  func array(_ index: Int, _ path: @autoclosure () -> CodingPath) throws -> (count: Int, references: Int) {
    guard let (count, references) = container(index, dictionary: false) else {
      throw containerMismatch([Any].self, at: index, path(), "an unkeyed")
    }
    try spend(count, path())
    return (count, references)
  }

  private func containerMismatch(
    _ type: Any.Type, at index: Int, _ path: CodingPath, _ kind: String
  )
    -> DecodingError
  {
    if isNull(index) {
      return DecodingError.valueNotFound(
        type, context(path, index, "cannot get \(kind) decoding container: found null ($null) instead"))
    }
    return typeMismatch(type, at: index, path)
  }

  private func spend(_ count: Int, _ path: @autoclosure () -> CodingPath) throws {
    usage.pointee.budget -= count
    guard usage.pointee.budget >= 0 else {
      throw DecodingError.dataCorrupted(
        context(
          path(), nil,
          "more than \(limits.maximumObjectCount) values to decode (the object count limit): arrays and "
            + "dictionaries the input shares are decoded at every place they occur"))
    }
  }

  /// The object that reference `position` of container `index` refers to, or the failure
  /// recorded and nil.
  @inline(__always)
  func reference(_ position: Int, of index: Int, references: Int) -> Int? {
    if let object = table.reference(position, references: references) { return object }
    do {
      return try objects.reference(position, of: index, references: references)
    } catch {
      problems.record(error)
      return nil
    }
  }

  /// True when object `index` is the string `$null`, which Foundation writes for `nil`.
  func isNull(_ index: Int) -> Bool {
    if let bytes = table.asciiString(index) { return Self.isNullText(bytes) }
    switch try? objects.stringText(index) {
    case .ascii(let bytes)?: return Self.isNullText(bytes)
    case .string(let string)?: return string.exactlyEquals(DecodingMap.null)
    case nil: return false
    }
  }

  /// True when `bytes` are `$null`.
  @inline(__always)
  static func isNullText(_ bytes: UnsafeRawBufferPointer) -> Bool {
    bytes.count == 5 && bytes[0] == UInt8(ascii: "$") && bytes.elementsEqual(DecodingMap.null.utf8)
  }

  /// Counts `size` bytes of a string or data against the decoded-size limit; false (the limit
  /// recorded as the problem) when they go over it.
  @inline(__always)
  func account(_ size: Int) -> Bool {
    usage.pointee.decodedSize += size
    guard usage.pointee.decodedSize <= limits.maximumDecodedSize else {
      problems.record(
        PropertyListError(
          .limitExceeded, format: .binary,
          "strings and data decode to more than the limit of \(limits.maximumDecodedSize) bytes"))
      return false
    }
    return true
  }

  /// Decodes a `Decodable` value at object `index` with this decoder pointed at it.
  ///
  /// The path is made only when it is needed: for the decoder's place while `T` decodes
  /// itself, or for an error (an array of scalars, read here, needs it for neither).
  func unwrap<T: Decodable>(_ type: T.Type, at index: Int, path: @autoclosure () -> CodingPath) throws -> T {
    try unwrap(type, at: index, path: path(), inside: false)
  }

  /// Decodes a value inside the one being decoded (a container's element or a key's value):
  /// an object that decoding is already inside is a value that contains itself.
  func unwrapContent<T: Decodable>(_ type: T.Type, at index: Int, path: @autoclosure () -> CodingPath) throws -> T {
    try unwrap(type, at: index, path: path(), inside: true)
  }

  /// ``unwrap(_:at:path:)``, entering object `index` from inside the current one when `inside`
  /// (a type that decodes its own value again, through its single-value container, does not).
  @inline(__always)
  private func unwrap<T: Decodable>(
    _ type: T.Type, at index: Int, path: @autoclosure () -> CodingPath, inside: Bool
  ) throws -> T {
    if let scalarType = ScalarType(type) {
      do {
        return try scalar(scalarType, as: type, at: index)
      } catch {
        throw self.error(error, type, at: index, path())
      }
    }
    guard depth < limits.maximumDepth else {
      // Deeper than the reader reads (a cycle among them), or a type that nests itself.
      problems.checkFile = true
      throw DecodingError.dataCorrupted(
        context(path(), index, "values nested deeper than the limit of \(limits.maximumDepth)"))
    }
    if let element = ScalarType(elementsOf: type) {
      return try scalarArray(element, as: type, at: index, path: path())
    }
    if inside && !nesting.enter(index) {
      problems.checkFile = true
      throw DecodingError.dataCorrupted(context(path(), index, "the value contains itself"))
    }
    let savedCurrent = current
    let savedPath = pathNode
    current = index
    pathNode = path()
    depth += 1
    defer {
      current = savedCurrent
      pathNode = savedPath
      depth -= 1
      if inside { nesting.leave(index) }
    }
    return try type.init(from: self)
  }

  /// A decoder of its own for object `index` (or for null when it is absent), for
  /// `superDecoder()`: the caller may keep it after this decoder moves on.
  func detachedDecoder(at index: Int?, path: CodingPath) -> any Decoder {
    guard let index else {
      return MapDecoder.nullDecoder(
        userInfo: userInfo, limits: limits, path: path, depth: depth, budget: usage.pointee.budget)
    }
    let decoder = BinaryDecoder(
      objects: objects, at: index, userInfo: userInfo, limits: limits, problems: problems, nesting: nesting)
    decoder.pathNode = path
    decoder.depth = depth
    decoder.usage.pointee.budget = usage.pointee.budget
    return decoder
  }
}

/// What went wrong reading a binary plist during a decoding.
final class BinaryDecodingProblems {
  /// The first object that could not be read.
  var unreadable: PropertyListError?
  /// The decoding met something the reader may refuse where it did not read (values nested
  /// past the depth limit, a value that contains itself), or passed over values it reads (a
  /// repeated key's earlier values): the file is checked whole at the end.
  var checkFile = false

  func record(_ error: PropertyListError) {
    if unreadable == nil { unreadable = error }
  }
}
