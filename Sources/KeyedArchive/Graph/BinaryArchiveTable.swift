import PlistKit

/// The `$objects` of a keyed archive in a binary plist, read from the file's object table one
/// entry at a time, so that an archive can be shown without holding its value: each entry is
/// made into a value when it is asked for and dropped after use.
///
/// The file must have passed the binary reader's checks first (``PropertyList/check(bytes:format:options:)``):
/// this reading does not report the reader's errors, it only refuses what it cannot read.
struct BinaryArchiveTable: ArchiveObjectTable {
  private var reader: EntryReader
  /// The object number of each entry.
  private let entries: [UInt32]
  /// The archive's top-level dictionary, with an empty array in place of `$objects`.
  let root: PropertyList

  /// Reads the top level of the archive in `bytes`; nil unless it is a dictionary with one
  /// `$objects` array and no repeated key.
  init?(_ bytes: UnsafeRawBufferPointer, limits: PropertyListLimits) {
    guard let objects = try? BinaryPropertyListObjects(bytes, limits: limits) else { return nil }
    var reader = EntryReader(objects: objects, maximumDepth: limits.maximumDepth)
    let top = reader.objects.topObject
    var members: [UInt32] = []
    guard case .dictionary(let count, let references)? = try? reader.objects.object(top),
      (try? reader.objects.appendReferences(0..<(2 * count), of: top, references: references, to: &members)) != nil
    else { return nil }
    var keys: [String] = []
    var values: [PropertyList] = []
    var entries: [UInt32]?
    for position in 0..<count {
      guard case .scalar(.string(let key))? = try? reader.objects.object(Int(members[position])),
        !keys.contains(where: { $0.exactlyEquals(key) })
      else { return nil }
      let object = Int(members[count + position])
      if key == "$objects", case .array(let elementCount, let start)? = try? reader.objects.object(object) {
        var numbers: [UInt32] = []
        numbers.reserveCapacity(elementCount)
        guard
          (try? reader.objects.appendReferences(0..<elementCount, of: object, references: start, to: &numbers)) != nil
        else { return nil }
        entries = numbers
        values.append(.array([]))
      } else {
        guard let value = try? reader.value(ofObject: object, depth: 1) else { return nil }
        values.append(value)
      }
      keys.append(key)
    }
    guard let entries else { return nil }
    self.reader = reader
    self.entries = entries
    root = .dictionary(PropertyListDictionary(keys: keys, values: values))
  }

  var count: Int { entries.count }

  mutating func entry(_ index: Int) throws(KeyedArchiveError) -> PropertyList {
    do {
      return try reader.value(ofObject: Int(entries[index]), depth: 2)
    } catch {
      throw KeyedArchiveError(error)
    }
  }

  mutating func outline(_ index: Int) throws(KeyedArchiveError) -> PropertyList {
    do {
      return try reader.outline(ofObject: Int(entries[index]))
    } catch {
      throw KeyedArchiveError(error)
    }
  }

  mutating func skeleton(_ index: Int) throws(KeyedArchiveError) -> PropertyList {
    do {
      return try reader.value(ofObject: Int(entries[index]), depth: 2, standingIn: true)
    } catch {
      throw KeyedArchiveError(error)
    }
  }
}

/// Makes values of a binary plist's objects.
private struct EntryReader {
  var objects: BinaryPropertyListObjects
  let maximumDepth: Int
  /// The keys read last, by object number modulo the cache size: the objects of an archive
  /// repeat a few keys (each one string object) many times over.
  private var cachedKeyObjects = [Int](repeating: -1, count: 256)
  private var cachedKeys = [String](repeating: "", count: 256)
  /// The key objects of the dictionary read last, its keys and its outline: the objects of one
  /// class have the same keys, so their dictionaries share one array of keys.
  private var lastKeyObjects: ArraySlice<UInt32> = []
  private var lastKeys: [String] = []
  private var lastOutline: PropertyList?

  init(objects: BinaryPropertyListObjects, maximumDepth: Int) {
    self.objects = objects
    self.maximumDepth = maximumDepth
  }

  /// The outline of object `number` (see ``ArchiveObjectTable/outline(_:)``).
  mutating func outline(ofObject number: Int) throws(PropertyListError) -> PropertyList {
    if try objects.isPlainScalar(number) { return false }
    switch try objects.object(number) {
    case .scalar(let value): return value
    case .data: return false
    case .array: return []
    case .dictionary(let count, let start):
      var numbers: [UInt32] = []
      numbers.reserveCapacity(count)
      try objects.appendReferences(0..<count, of: number, references: start, to: &numbers)
      if numbers[...] == lastKeyObjects, let lastOutline { return lastOutline }
      let outline = PropertyList.dictionary(
        PropertyListDictionary(keys: try keys(ofObjects: numbers[...]), values: Array(repeating: false, count: count)))
      lastOutline = outline
      return outline
    }
  }

  /// The keys that `objects` are, as the last dictionary's when they are its key objects.
  private mutating func keys(ofObjects numbers: ArraySlice<UInt32>) throws(PropertyListError) -> [String] {
    if numbers == lastKeyObjects { return lastKeys }
    var keys: [String] = []
    keys.reserveCapacity(numbers.count)
    for key in numbers { keys.append(try self.key(ofObject: Int(key))) }
    lastKeyObjects = numbers
    lastKeys = keys
    lastOutline = nil
    return keys
  }

  /// The string of object `number`, a dictionary key.
  private mutating func key(ofObject number: Int) throws(PropertyListError) -> String {
    let slot = number & (cachedKeys.count - 1)
    if cachedKeyObjects[slot] == number { return cachedKeys[slot] }
    guard case .scalar(.string(let key)) = try objects.object(number) else {
      throw PropertyListError(.invalidValue, format: .binary, "a dictionary key is not a string")
    }
    cachedKeyObjects[slot] = number
    cachedKeys[slot] = key
    return key
  }

  /// The value of object `number`, at `depth` levels below the root; `standingIn` puts `false`
  /// in place of its strings, reals, dates and data, unread.
  mutating func value(
    ofObject number: Int, depth: Int, standingIn: Bool = false
  ) throws(PropertyListError) -> PropertyList {
    if standingIn, try objects.isPlainScalar(number) { return false }
    switch try objects.object(number) {
    case .scalar(let value):
      return value
    case .data(let bytes):
      return .data([UInt8](bytes))
    case .array(let count, let start):
      try checkDepth(depth)
      var numbers: [UInt32] = []
      numbers.reserveCapacity(count)
      try objects.appendReferences(0..<count, of: number, references: start, to: &numbers)
      var elements: [PropertyList] = []
      elements.reserveCapacity(count)
      for element in numbers {
        elements.append(try value(ofObject: Int(element), depth: depth + 1, standingIn: standingIn))
      }
      return .array(elements)
    case .dictionary(let count, let start):
      try checkDepth(depth)
      var numbers: [UInt32] = []
      numbers.reserveCapacity(2 * count)
      try objects.appendReferences(0..<(2 * count), of: number, references: start, to: &numbers)
      let keys = try self.keys(ofObjects: numbers[0..<count])
      var values: [PropertyList] = []
      values.reserveCapacity(count)
      for position in count..<(2 * count) {
        values.append(try value(ofObject: Int(numbers[position]), depth: depth + 1, standingIn: standingIn))
      }
      return .dictionary(PropertyListDictionary(keys: keys, values: values))
    }
  }

  /// Refuses nesting past the reader's limit (the reader has refused cycles already).
  private func checkDepth(_ depth: Int) throws(PropertyListError) {
    guard depth < maximumDepth else {
      throw PropertyListError(.limitExceeded, format: .binary, "nested deeper than the depth limit")
    }
  }
}
