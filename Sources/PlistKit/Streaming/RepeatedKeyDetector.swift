/// Notices a dictionary key that repeats, for the stream writers that see keys as UTF-8 (the
/// JSON and XML writers): each distinct key gets a number from its bytes, and the open
/// dictionaries' numbers are checked (see ``StreamedDictionaryKeys`` for why a repeated key
/// cannot be streamed).
///
/// Records of one shape repeat their keys in the same order, so a key is first compared with
/// the one seen at its place before (``RecentKeyCache``) and hashed only when that differs.
struct RepeatedKeyDetector {
  private var keys = StreamedDictionaryKeys()
  private var numbers = ByteSequenceTable()
  private var recent = RecentKeyCache()

  /// A dictionary opens.
  mutating func openDictionary() { keys.open() }

  /// The innermost dictionary closes.
  mutating func closeDictionary() { keys.close() }

  /// Adds `utf8` to the innermost dictionary, where it is key number `position` (from 0) and
  /// `depth` containers are open; false when the dictionary already has it.
  mutating func insert(_ utf8: UnsafeBufferPointer<UInt8>, depth: Int, position: Int) -> Bool {
    let number: Int
    if let cached = recent.number(of: utf8, depth: depth, position: position) {
      number = cached
    } else {
      number =
        numbers.value(for: UnsafeRawBufferPointer(utf8), insertingIfAbsent: numbers.count) ?? numbers.count - 1
      recent.remember(utf8, number: number, depth: depth, position: position)
    }
    return keys.insert(number)
  }
}
