@_spi(PropertyListMap) import PlistKit

/// The lookup of keys in a dictionary of the map.
///
/// Looking a key up starts where the last lookup in the same dictionary ended, so a type that
/// asks for its keys in the file's order (a synthesized `init(from:)` reading a file written
/// from the same type, or `Dictionary` walking `allKeys`) finds each at once; a large
/// dictionary read out of order gets a hash index.
extension MapDecodingSource {
  /// Dictionaries with more pairs than this get a hash index when a key is not where the
  /// hint says.
  private static var indexThreshold: Int { 16 }

  @inline(__always)  // Into the witness the decoder calls.
  func dictionary(at index: Int, depth: Int) -> DecodingDictionary? {
    let entry = map.entries[index]
    guard entry.kind == .dictionary else { return nil }
    // Depth is bounded by the limit the slots were made for; past it a slot is only shared.
    return DecodingDictionary(
      index: index, count: entry.count, start: index + 1, slot: Swift.min(depth, keyHints.count - 1))
  }

  /// A map's keys are strings, and a repeated key's earlier places are passed by already.
  var checksKeys: Bool { false }

  func checkKeys(of dictionary: inout DecodingDictionary, path: @autoclosure () -> CodingPath) {}

  func keys(of dictionary: DecodingDictionary) -> [String] {
    var keys: [String] = []
    var entry = dictionary.start
    for _ in 0..<dictionary.count {
      if map.entries[entry].kind == .string { keys.append(map.string(at: entry)) }
      entry = map.next(after: entry + 1)
    }
    return keys
  }

  func value(forKey key: String, in dictionary: DecodingDictionary) -> Int? {
    valueEntry(for: key, in: dictionary).map { map.resolved($0) }
  }

  /// The entry of the value for `key`, or nil.
  @inline(__always)  // Into `value(forKey:in:)`, its only caller: one call per lookup.
  private func valueEntry(for key: String, in dictionary: DecodingDictionary) -> Int? {
    let count = dictionary.count
    guard count > 0 else { return nil }
    var hint = keyHints[dictionary.slot]
    if hint.dictionary != dictionary.index {
      hint = KeyHint(dictionary: dictionary.index, pair: 0, keyEntry: dictionary.start)
    }
    // The hinted pair first: most lookups end here.
    if matches(hint.keyEntry, key) { return found(hint, in: dictionary) }
    if count > Self.indexThreshold { return indexedEntry(for: key, in: dictionary) }
    var pair = hint.pair
    var keyEntry = hint.keyEntry
    for _ in 1..<count {
      pair += 1
      keyEntry = map.next(after: keyEntry + 1)
      if pair == count {
        pair = 0
        keyEntry = dictionary.start
      }
      if matches(keyEntry, key) {
        return found(KeyHint(dictionary: dictionary.index, pair: pair, keyEntry: keyEntry), in: dictionary)
      }
    }
    return nil
  }

  /// True when the key entry `keyEntry` is `key` (a shadowed key never is).
  @inline(__always)
  private func matches(_ keyEntry: Int, _ key: String) -> Bool {
    let entry = map.entries[keyEntry]
    return entry.kind == .string && map.strings[Int(entry.payload)].exactlyEquals(key)
  }

  /// Records that the key of `hint` matched (the next search starts at the pair after it) and
  /// returns its value's entry.
  private func found(_ hint: KeyHint, in dictionary: DecodingDictionary) -> Int {
    let value = hint.keyEntry + 1
    if hint.pair + 1 < dictionary.count {
      keyHints[dictionary.slot] = KeyHint(
        dictionary: dictionary.index, pair: hint.pair + 1, keyEntry: map.next(after: value))
    } else {
      keyHints[dictionary.slot] = KeyHint(dictionary: dictionary.index, pair: 0, keyEntry: dictionary.start)
    }
    return value
  }

  private func indexedEntry(for key: String, in dictionary: DecodingDictionary) -> Int? {
    if let index = keyIndexes[dictionary.index] { return index[ExactKey(key)] }
    var index: [ExactKey: Int] = [:]
    index.reserveCapacity(dictionary.count)
    var entry = dictionary.start
    for _ in 0..<dictionary.count {
      if map.entries[entry].kind == .string { index[ExactKey(map.string(at: entry))] = entry + 1 }
      entry = map.next(after: entry + 1)
    }
    keyIndexes[dictionary.index] = index
    return index[ExactKey(key)]
  }
}
