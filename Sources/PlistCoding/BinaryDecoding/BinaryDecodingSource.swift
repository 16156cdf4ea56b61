import FoundationEssentials
@_spi(BinaryObjects) @_spi(PropertyListMap) import PlistKit

/// The values of a binary plist for ``SourceDecoder``, read from the file's object table as the
/// type asks for them, with nothing laid out first. Its values are the file's objects; a key is
/// found by comparing the bytes of the dictionary's key objects with the key's UTF-8, starting
/// where the last key was found; a string is made only for a value.
///
/// An object that cannot be read (an offset or a length that does not fit, a key that is not a
/// string, nesting past the depth limit) is recorded in ``problems`` as well as failing the
/// request, because a type may try a request and go on (`try?`): ``decode(_:from:options:userInfo:)``
/// then reports the binary reader's error for the file, whatever the type did with the failure.
/// Objects the type never asks for are not read, so are not checked either, unless the
/// decoding fails or passes over a repeated key's earlier values (which the reader reads):
/// then the file is read whole, and the reader's error, if it gives one, is the error.
///
/// Its tables (``objects``, ``keyIndexes``, ``sharedStrings``, ``sharedData``) are changed only
/// by the source's own code, which calls out to no type while it changes one, so their
/// accesses cannot overlap and go without a check each (`@exclusivity(unchecked)`).
final class BinaryDecodingSource: DecodingSource {
  /// The common objects, read in place.
  let table: BinaryPropertyListInPlaceObjects
  /// Every object, for the uncommon forms and for the reader's error of one that fails.
  @exclusivity(unchecked) var objects: BinaryPropertyListObjects
  let limits: PropertyListLimits
  /// Bytes of strings and data made so far by ``table``'s reads, against the decoded-size
  /// limit (``objects`` counts its own); behind a pointer: no exclusivity check per value.
  let decodedSize: UnsafeMutablePointer<Int>
  /// What went wrong reading the file, shared with the sources of `superDecoder()`'s decoders.
  let problems: BinaryDecodingProblems
  /// The objects the decoding is inside, shared with the sources of `superDecoder()`'s decoders.
  let nesting: BinaryNesting
  /// What is remembered of the dictionaries looked up at each depth (see ``BinaryPropertyListKeySlots``).
  let keySlots: UnsafeMutablePointer<BinaryPropertyListKeySlots>
  /// Key → pair of large dictionaries looked up out of order.
  @exclusivity(unchecked) var keyIndexes: [Int: [ExactKey: Int]] = [:]
  /// Strings and data of at least ``sharedValueSize`` bytes, made once per object: a file that
  /// references one long string from many places then holds it once in memory, as its bytes do.
  @exclusivity(unchecked) var sharedStrings: [Int: String] = [:]
  @exclusivity(unchecked) var sharedData: [Int: Data] = [:]

  static let sharedValueSize = 256

  init(
    objects: BinaryPropertyListObjects, limits: PropertyListLimits, problems: BinaryDecodingProblems,
    nesting: BinaryNesting
  ) {
    self.objects = objects
    table = objects.inPlace
    self.limits = limits
    decodedSize = .allocate(capacity: 1)
    decodedSize.initialize(to: 0)
    self.problems = problems
    self.nesting = nesting
    keySlots = .allocate(capacity: 1)
    keySlots.initialize(to: BinaryPropertyListKeySlots(maximumDepth: limits.maximumDepth))
  }

  deinit {
    keySlots.pointee.deallocate()
    keySlots.deinitialize(count: 1)
    keySlots.deallocate()
    decodedSize.deallocate()
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
    let source = BinaryDecodingSource(
      objects: objects, limits: options.limits, problems: problems,
      nesting: BinaryNesting(objectCount: objects.objectCount))
    let decoder = SourceDecoder(source: source, at: objects.topObject, userInfo: userInfo, limits: options.limits)
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

  /// A source over the same file, with lookup state and a decoded size of its own, sharing
  /// what went wrong and which objects the decoding is inside.
  func detached() -> BinaryDecodingSource {
    BinaryDecodingSource(objects: objects, limits: limits, problems: problems, nesting: nesting)
  }

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
    if let (count, references) = table.container(index, dictionary: dictionary) { return (count, references) }
    switch object(index) {
    case .dictionary(let count, let references)? where dictionary: return (count, references)
    case .array(let count, let references)? where !dictionary: return (count, references)
    default: return nil
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

  func array(at index: Int) -> DecodingArray? {
    guard let (count, references) = container(index, dictionary: false) else { return nil }
    return DecodingArray(index: index, count: count, start: references)
  }

  func dictionary(at index: Int, depth: Int) -> DecodingDictionary? {
    guard let (count, references) = container(index, dictionary: true) else { return nil }
    return DecodingDictionary(
      index: index, count: count, start: references, slot: keySlots.pointee.slot(forDepth: depth))
  }

  /// An array's elements are found by their position: the cursor is not needed.
  func element(_ position: Int, cursor: inout Int, of array: DecodingArray) -> Int? {
    reference(position, of: array.index, references: array.start)
  }

  /// True when object `index` is the string `$null`, which Foundation writes for `nil`.
  func isNull(_ index: Int) -> Bool {
    if let bytes = table.asciiString(index) { return Self.isNullText(bytes) }
    switch try? objects.stringText(index) {
    case .ascii(let bytes)?: return Self.isNullText(bytes)
    case .string(let string)?: return string.exactlyEquals(PropertyListMap.null)
    case nil: return false
    }
  }

  /// True when `bytes` are `$null`.
  @inline(__always)
  static func isNullText(_ bytes: UnsafeRawBufferPointer) -> Bool {
    bytes.count == 5 && bytes[0] == UInt8(ascii: "$") && bytes.elementsEqual(PropertyListMap.null.utf8)
  }

  /// Counts `size` bytes of a string or data against the decoded-size limit; false (the limit
  /// recorded as the problem) when they go over it.
  @inline(__always)
  func account(_ size: Int) -> Bool {
    decodedSize.pointee += size
    guard decodedSize.pointee <= limits.maximumDecodedSize else {
      problems.record(
        PropertyListError(
          .limitExceeded, format: .binary,
          "strings and data decode to more than the limit of \(limits.maximumDecodedSize) bytes"))
      return false
    }
    return true
  }

  var readsScalarArrays: Bool { true }

  var checksObjects: Bool { false }

  func checkObject(at index: Int, decodedAs type: Any.Type?, _ path: @autoclosure () -> CodingPath) {}

  func archivedUUID(at index: Int) -> UUID? { nil }

  /// Deeper than the reader reads (a cycle among them), or a type that nests itself: the file
  /// is checked at the end.
  func nestedTooDeep() { problems.checkFile = true }

  /// Marks object `index` as entered from inside the value being decoded; an object that
  /// decoding is already inside is a value that contains itself.
  func enter(_ index: Int, inside: Bool, path: @autoclosure () -> CodingPath) throws {
    if inside && !nesting.enter(index) {
      problems.checkFile = true
      throw DecodingError.dataCorrupted(context(path(), index, "the value contains itself"))
    }
  }

  func leave(_ index: Int, inside: Bool) {
    if inside { nesting.leave(index) }
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
