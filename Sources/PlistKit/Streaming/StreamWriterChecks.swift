/// What the text stream writers check alike as the events come: each value against
/// ``PropertyListWritingOptions/maximumWrittenValueCount``, each key against the keys its
/// dictionary already has (the value keeps a repeated key at its first place with its last
/// value, which a writer that has written the first cannot do); and why a writer stopped.
package struct StreamWriterChecks {
  /// Why the writer stopped the read, once it has.
  private(set) var stopReason: PropertyListConverter.Fallback?
  private var valueCount = 0
  private let maximumValueCount: Int
  private var keys = RepeatedKeyDetector()

  /// Checks for a writer with `options`, whose keys are not sorted (that needs every key first).
  init(options: PropertyListWritingOptions) {
    precondition(!options.sortedKeys, "sorted keys need the whole value")
    maximumValueCount = options.maximumWrittenValueCount
  }

  /// Counts a value; stops past the written-value limit.
  @inline(__always)
  mutating func countValue() throws(PropertyListError) {
    valueCount += 1
    if valueCount > maximumValueCount { try stop(.writtenValueLimit) }
  }

  /// A string or data object of a binary plist, of `size` bytes, occurs again: a long one stops,
  /// so that the value path can weigh the output before writing any of it (a text form writes
  /// it out at each place).
  @inline(__always)
  mutating func checkRepeated(size: Int) throws(PropertyListError) -> Bool {
    if size >= Self.repeatedScalarSize { try stop(.repeatedScalar) }
    return false
  }

  /// The size from which a repeated string or data stops the writing.
  private static let repeatedScalarSize = 4096

  /// A dictionary opens.
  mutating func openDictionary() { keys.openDictionary() }

  /// The innermost dictionary closes.
  mutating func closeDictionary() { keys.closeDictionary() }

  /// Adds `utf8` to the innermost dictionary, where it is key number `position` and `depth`
  /// containers are open; stops when the dictionary already has it.
  mutating func add(key utf8: UnsafeBufferPointer<UInt8>, depth: Int, position: Int) throws(PropertyListError) {
    guard keys.insert(utf8, depth: depth, position: position) else { try stop(.repeatedKey) }
  }

  /// Notes why the value cannot be streamed, and stops the read.
  mutating func stop(_ reason: PropertyListConverter.Fallback) throws(PropertyListError) -> Never {
    stopReason = reason
    throw .streamWriterStopped
  }
}
