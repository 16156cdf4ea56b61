/// Finds the keys a dictionary repeats, with the place of each occurrence, for a sink that hears
/// keys as events (`lint`'s check, a project's integrity check).
///
/// The value model keeps a repeated key once, with its last value (see ``PropertyListDictionary``),
/// so a read says nothing of the first; this is what a check asks instead. Each distinct key gets
/// a number from its bytes (exact, never Unicode equivalence), and the keys of the open
/// dictionaries are kept with the place where each was first seen. Small dictionaries are
/// searched linearly; one with many keys gets a table.
package struct RepeatedKeyFinder {
  private struct Frame {
    /// Where the dictionary's keys start in `keys`.
    let start: Int
    /// Its keys and where each first occurred, once it has more than `linearLimit`.
    var table: [Int: PropertyListLocator.Position]?
  }

  private static let linearLimit = 16
  private var numbers = ByteSequenceTable()
  /// The keys of every open dictionary, the innermost last, with their first places (of a large
  /// dictionary, those before it got its table).
  private var keys: [(number: Int, position: PropertyListLocator.Position)] = []
  private var frames: [Frame] = []

  /// A finder with no dictionary open.
  package init() {}

  /// A dictionary opens.
  package mutating func openDictionary() { frames.append(Frame(start: keys.count)) }

  /// The innermost dictionary closes.
  package mutating func closeDictionary() {
    let frame = frames.removeLast()
    keys.removeSubrange(frame.start...)
  }

  /// Adds key `utf8`, found at `position`, to the innermost dictionary: nil when the dictionary
  /// did not have it, else the place where it occurred first.
  package mutating func insert(
    _ utf8: UnsafeBufferPointer<UInt8>, at position: PropertyListLocator.Position
  ) -> PropertyListLocator.Position? {
    let number =
      numbers.value(for: UnsafeRawBufferPointer(utf8), insertingIfAbsent: numbers.count) ?? numbers.count - 1
    let top = frames.count - 1
    let start = frames[top].start
    if frames[top].table != nil {
      // Only the table holds the keys of a large dictionary.
      if let first = frames[top].table![number] { return first }
      frames[top].table![number] = position
      return nil
    } else {
      for index in start..<keys.count where keys[index].number == number { return keys[index].position }
      if keys.count - start >= Self.linearLimit {
        var table: [Int: PropertyListLocator.Position] = [:]
        for entry in keys[start...] { table[entry.number] = entry.position }
        table[number] = position
        frames[top].table = table
      }
    }
    keys.append((number, position))
    return nil
  }
}
