import FoundationEssentials
import PlistKit

extension DecodingMap {
  /// Lays out a binary plist straight from its object table: each object is read once (a
  /// string shared by thousands of records is made into one string, a container shared by
  /// several places is laid out once and referenced), and each entry keeps its object's number
  /// for errors.
  ///
  /// The walk has its own stack, refuses a container that contains itself and nesting beyond
  /// the depth limit, and counts values against the object limit. When anything is wrong it
  /// throws the error the binary reader gives for the file, so that errors are the reader's
  /// whatever the walk met first.
  ///
  /// - Precondition: `bytes` outlive the map (its locations read the offset table).
  init(binary bytes: UnsafeRawBufferPointer, options: PropertyListReadingOptions) throws(PropertyListError) {
    do {
      var layout = try BinaryLayout(bytes, limits: options.limits)
      try layout.run()
      self = layout.finish()
    } catch {
      _ = try BinaryPropertyListReader(options: options).read(bytes)
      // The reader took the file: the walk's own limit (a map's size) is the error.
      throw error as? PropertyListError
        ?? PropertyListError(.invalidValue, format: .binary, "the file cannot be laid out for decoding")
    }
  }
}

/// The walk that lays a binary plist out.
private struct BinaryLayout {
  var objects: BinaryPropertyListObjects
  let limits: PropertyListLimits
  var builder: DecodingMapBuilder
  var keys = DecodingKeyTable()
  /// The object number of each entry.
  var entryObjects: [UInt32] = []
  /// Per container object: the entry it was laid out at, or `new`, or the entry with the top
  /// bit set while it is open.
  var containers: [Int32]
  /// Per string object: its index in the map's strings as a value, or `new`, or `null`.
  var values: [Int32]
  /// Per string object: its index as a key (interned by its text), or `new`.
  var keyIndices: [Int32]
  /// Per container object laid out: how many containers deep it goes, so that placing it again
  /// deep inside another cannot nest the value beyond the depth limit (as the reader checks).
  var heights: [Int32]
  /// The object numbers the open containers refer to, the innermost's last: an array's
  /// elements, a dictionary's keys then its values.
  var references: [UInt32] = []
  /// The containers being laid out, the innermost last.
  var stack: [Frame] = []

  static let new: Int32 = -1
  static let null: Int32 = -3

  struct Frame {
    let object: Int
    let count: Int
    /// Where its object numbers start in ``BinaryLayout/references``.
    let start: Int
    let isDictionary: Bool
    var next = 0
    /// 1 + the height of the tallest child so far.
    var height: Int32 = 1
  }

  /// What the walk met; the reader's error for the file is reported instead.
  enum Problem: Error {
    case cycle, tooDeep, keyIsNotAString
  }

  init(_ bytes: UnsafeRawBufferPointer, limits: PropertyListLimits) throws(PropertyListError) {
    objects = try BinaryPropertyListObjects(bytes, limits: limits)
    self.limits = limits
    builder = DecodingMapBuilder(limits: limits)
    containers = [Int32](repeating: Self.new, count: objects.objectCount)
    values = containers
    keyIndices = containers
    heights = [Int32](repeating: 0, count: objects.objectCount)
  }

  mutating func run() throws {
    if let frame = try visit(objects.topObject, depth: 0) { stack.append(frame) }
    while !stack.isEmpty {
      let top = stack.count - 1
      let frame = stack[top]
      guard frame.next < frame.count else {
        close(frame)
        try builder.end()
        continue
      }
      stack[top].next = frame.next + 1
      let value: UInt32
      if frame.isDictionary {
        try layKey(Int(references[frame.start + frame.next]))
        value = references[frame.start + frame.count + frame.next]
      } else {
        value = references[frame.start + frame.next]
      }
      if let child = try visit(Int(value), depth: stack.count) { stack.append(child) }
    }
  }

  /// Ends the innermost container: it may now be placed elsewhere, and is no deeper than this.
  private mutating func close(_ frame: Frame) {
    stack.removeLast()
    references.removeLast(frame.isDictionary ? 2 * frame.count : frame.count)
    let entry = Int(containers[frame.object] & Int32.max)
    containers[frame.object] = Int32(entry)
    heights[frame.object] = frame.height
    if !stack.isEmpty { stack[stack.count - 1].height = max(stack[stack.count - 1].height, frame.height + 1) }
    if frame.isDictionary && frame.count > 1 { builder.shadowRepeatedKeys(ofDictionaryAt: entry) }
  }

  /// Lays out object `index` as a value; returns the frame of a container whose contents follow.
  private mutating func visit(_ index: Int, depth: Int) throws -> Frame? {
    let container = containers[index]
    if container >= 0 {
      let height = heights[index]
      guard depth + Int(height) <= limits.maximumDepth else { throw Problem.tooDeep }
      if !stack.isEmpty { stack[stack.count - 1].height = max(stack[stack.count - 1].height, height + 1) }
      entryObjects.append(UInt32(truncatingIfNeeded: index))
      try builder.shared(Int(container))
      return nil
    }
    // A container still open has its entry with the top bit set (see `open(_:)`).
    guard container == Self.new else { throw Problem.cycle }
    entryObjects.append(UInt32(truncatingIfNeeded: index))
    let value = values[index]
    if value != Self.new {
      try value == Self.null ? builder.string(DecodingMap.null) : builder.string(stringIndex: Int(value))
      return nil
    }
    switch try objects.object(index) {
    case .scalar(.string(let string)):
      let stringIndex = builder.map.strings.count
      try builder.string(string)
      values[index] = builder.map.strings.count > stringIndex ? Int32(truncatingIfNeeded: stringIndex) : Self.null
      return nil
    case .scalar(let scalar):
      try builder.scalar(scalar)
      return nil
    case .data(let bytes):
      try builder.data(bytes.baseAddress.map { Data(bytes: $0, count: bytes.count) } ?? Data())
      return nil
    case .array(let count, let start):
      return try open(index, count: count, references: start, isDictionary: false, depth: depth)
    case .dictionary(let count, let start):
      return try open(index, count: count, references: start, isDictionary: true, depth: depth)
    }
  }

  private mutating func open(
    _ index: Int, count: Int, references start: Int, isDictionary: Bool, depth: Int
  ) throws -> Frame {
    guard depth < limits.maximumDepth else { throw Problem.tooDeep }
    // The entry, with the top bit set while the container is open: a reference to it then
    // is a cycle (`visit` takes only non-negative states as laid out).
    containers[index] = Int32(truncatingIfNeeded: builder.entryCount) | Int32.min
    if isDictionary { try builder.beginDictionary() } else { try builder.beginArray() }
    let frame = Frame(object: index, count: count, start: references.count, isDictionary: isDictionary)
    try objects.appendReferences(
      0..<(isDictionary ? 2 * count : count), of: index, references: start, to: &references)
    return frame
  }

  /// Lays out the key object `index`: a string, interned by its text so that a dictionary
  /// that repeats a key through two objects is seen to repeat it.
  private mutating func layKey(_ index: Int) throws {
    entryObjects.append(UInt32(truncatingIfNeeded: index))
    let known = keyIndices[index]
    if known >= 0 { return try builder.key(stringIndex: Int(known)) }
    guard case .scalar(.string(var key)) = try objects.object(index) else { throw Problem.keyIsNotAString }
    let interned = key.withUTF8 { keys.index(of: $0, depth: -1, place: -1, in: &builder.map.strings) }
    keyIndices[index] = Int32(truncatingIfNeeded: interned)
    try builder.key(stringIndex: interned)
  }

  mutating func finish() -> DecodingMap {
    var map = builder.map
    map.locations = .binaryObjects(entryObjects, objects)
    return map
  }
}
