/// The keys of the dictionaries a stream writer has open, to notice a repeated key.
///
/// A value tree keeps a repeated key once, at its first place, with its last value (see
/// ``PropertyListDictionary``); a writer that has already written the first value cannot do
/// that, so it must notice the repetition and let the caller convert from the whole value
/// instead. Keys are known by numbers that are equal exactly when the keys' bytes are (the
/// binary writer's string object numbers, the JSON writer's key numbers). Small dictionaries
/// are searched linearly; a dictionary with many keys gets a set.
struct StreamedDictionaryKeys {
  private struct Frame {
    /// Where the dictionary's keys start in `keys`.
    let start: Int
    /// All its keys, once it has more than `linearLimit`.
    var set: Set<Int>?
  }

  private static let linearLimit = 16
  /// The keys of every open dictionary, the innermost last.
  private var keys: [Int] = []
  private var frames: [Frame] = []

  /// A dictionary opens.
  mutating func open() { frames.append(Frame(start: keys.count)) }

  /// The innermost dictionary closes.
  mutating func close() {
    let frame = frames.removeLast()
    keys.removeSubrange(frame.start...)
  }

  /// Adds `key` to the innermost dictionary; false when it is already there.
  mutating func insert(_ key: Int) -> Bool {
    let top = frames.count - 1
    let start = frames[top].start
    if frames[top].set != nil {
      guard frames[top].set!.insert(key).inserted else { return false }
    } else {
      for index in start..<keys.count where keys[index] == key { return false }
      if keys.count - start >= Self.linearLimit { frames[top].set = Set(keys[start...] + [key]) }
    }
    keys.append(key)
    return true
  }
}
