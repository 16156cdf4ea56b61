#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the keys a dictionary repeats, with the place of each occurrence, for a sink that hears
/// keys as events (`lint`'s check, a project's integrity check).
///
/// The value model keeps a repeated key once, with its last value (see ``PropertyListDictionary``),
/// so a read says nothing of the first; this is what a check asks instead. Keys are told apart by
/// their bytes (exact, never Unicode equivalence). A small dictionary's keys are kept back to back
/// and a new key is compared with each (most dictionaries are records of a few keys, and a length
/// compare settles most pairs); a dictionary with many keys gets a table from key numbers to
/// places, and only its keys are hashed.
package struct RepeatedKeyFinder {
  private struct Frame {
    /// Where the dictionary's keys start in `entries`, and their bytes in `bytes`.
    let firstEntry: Int
    let firstByte: Int
    /// Its keys (by number in `numbers`) and where each first occurred, once it has more than
    /// `linearLimit`.
    var table: [Int: PropertyListLocator.Position]?
  }

  private static let linearLimit = 16
  /// The keys of the open dictionaries without a table, the innermost last, back to back.
  private var bytes: [UInt8] = []
  /// For each of those keys: where its bytes end in `bytes`, and where it first occurred.
  private var entries: [(end: Int, position: PropertyListLocator.Position)] = []
  private var frames: [Frame] = []
  /// Numbers for the keys of the dictionaries with a table.
  private var numbers = ByteSequenceTable()

  /// A finder with no dictionary open.
  package init() {}

  /// A dictionary opens.
  package mutating func openDictionary() {
    frames.append(Frame(firstEntry: entries.count, firstByte: bytes.count))
  }

  /// The innermost dictionary closes.
  package mutating func closeDictionary() {
    let frame = frames.removeLast()
    entries.removeSubrange(frame.firstEntry...)
    bytes.removeSubrange(frame.firstByte...)
  }

  /// Adds key `utf8`, found at `position`, to the innermost dictionary: nil when the dictionary
  /// did not have it, else the place where it occurred first.
  package mutating func insert(
    _ utf8: UnsafeBufferPointer<UInt8>, at position: PropertyListLocator.Position
  ) -> PropertyListLocator.Position? {
    let top = frames.count - 1
    if frames[top].table != nil {
      let number = self.number(of: UnsafeRawBufferPointer(utf8))
      if let first = frames[top].table![number] { return first }
      frames[top].table![number] = position
      return nil
    }
    // Inline rather than a method of its own: a non-mutating call from here copied the finder.
    let firstEntry = frames[top].firstEntry
    var start = frames[top].firstByte
    for index in firstEntry..<entries.count {
      let end = entries[index].end
      if end - start == utf8.count,
        utf8.isEmpty
          || bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress! + start, utf8.baseAddress!, utf8.count) }) == 0
      {
        return entries[index].position
      }
      start = end
    }
    if entries.count - frames[top].firstEntry >= Self.linearLimit {
      frames[top].table = table(of: frames[top])
      frames[top].table![number(of: UnsafeRawBufferPointer(utf8))] = position
      entries.removeSubrange(frames[top].firstEntry...)
      bytes.removeSubrange(frames[top].firstByte...)
      return nil
    }
    bytes.append(contentsOf: utf8)
    entries.append((bytes.count, position))
    return nil
  }

  /// The table of the keys `frame` kept so far.
  private mutating func table(of frame: Frame) -> [Int: PropertyListLocator.Position] {
    var table: [Int: PropertyListLocator.Position] = [:]
    var start = frame.firstByte
    let stored = bytes
    for index in frame.firstEntry..<entries.count {
      let end = entries[index].end
      let key = stored.withUnsafeBytes { number(of: UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
      table[key] = entries[index].position
      start = end
    }
    return table
  }

  private mutating func number(of bytes: UnsafeRawBufferPointer) -> Int {
    numbers.value(for: bytes, insertingIfAbsent: numbers.count) ?? numbers.count - 1
  }
}
