@_spi(BinaryObjects) import PlistKit

/// The lookup of keys in a dictionary object of a binary plist.
///
/// A key is found by comparing the bytes of the dictionary's key objects with the key's UTF-8,
/// starting at the pair after the one found last (a type asks for its keys mostly in the
/// file's order), without a table per dictionary or a string per key; a dictionary of the same
/// shape as the last one at its depth, asked for the same keys, finds them where that one did
/// (see ``BinaryPropertyListKeySlots``). A large dictionary read out of order gets a hash index. Its keys
/// are checked when it is opened: each must be a string, and a repeated key is found at its
/// last value, as the reader keeps it. None of this is generic over the key type, so it
/// compiles to direct code whatever `CodingKey` a type decodes with.
extension BinaryDecodingSource {
  /// Dictionaries with more pairs than this get a hash index when a key is not where the
  /// hint says.
  private static var indexThreshold: Int { 16 }

  var checksKeys: Bool { true }

  /// Checks that each key of the dictionary is a string and whether one repeats, and makes the
  /// slot of its depth its own; throws the error of a keyed container's request when a key is
  /// not a string or cannot be read.
  func checkKeys(of dictionary: inout DecodingDictionary, path: @autoclosure () -> CodingPath) throws {
    switch loadKeys(dictionary) {
    case .unreadable:
      throw DecodingError.dataCorrupted(
        context(path(), dictionary.index, "the dictionary has a key that is not a string or cannot be read"))
    case .repeats: dictionary.repeatsKeys = true
    case .distinct: break
    }
  }

  /// What a check of a dictionary's keys found.
  private enum KeyCheck {
    case distinct, repeats, unreadable
  }

  /// Checks the keys of the dictionary (each a string, and whether one repeats) and makes the
  /// slot this dictionary's, at its first pair. A small dictionary of plain ASCII keys has its
  /// keys' bytes kept in the slot, so that lookups compare bytes and read no objects; when the
  /// slot's last dictionary had its keys there and the same key references, they are its keys.
  private func loadKeys(_ dictionary: DecodingDictionary) -> KeyCheck {
    let (object, count, references, slot) = (dictionary.index, dictionary.count, dictionary.start, dictionary.slot)
    let slots = keySlots
    let previous = slots.pointee.hints[slot]
    if previous.keysInSlot && previous.count == count
      && table.sameReferences(previous.references, references, count: count)
    {
      slots.pointee.hints[slot] = BinaryPropertyListKeySlots.Hint(
        dictionary: object, pair: 0, keysInSlot: true, count: count, references: references, lookups: 0)
      return .distinct
    }
    slots.pointee.hints[slot] = BinaryPropertyListKeySlots.Hint(
      dictionary: object, pair: 0, keysInSlot: false, count: count, references: references, lookups: 0)
    if previous.keysInSlot { slots.pointee.forgetLookups(ofSlot: slot) }
    if count <= BinaryPropertyListKeySlots.keysPerSlot {
      let row = slots.pointee.texts(ofSlot: slot)
      var plain = true
      for pair in 0..<count {
        guard let key = reference(pair, of: object, references: references) else { return .unreadable }
        guard let text = table.asciiKey(key) else {
          plain = false
          break
        }
        for earlier in 0..<pair where row[earlier].equals(text) { return .repeats }
        row[pair] = text
      }
      if plain {
        slots.pointee.hints[slot].keysInSlot = true
        return .distinct
      }
    }
    var seen = Set<ExactKey>()
    seen.reserveCapacity(count)
    var repeats = false
    for pair in 0..<count {
      guard let text = try? key(pair, of: object, references: references) else { return .unreadable }
      if !seen.insert(ExactKey(text.string)).inserted { repeats = true }
    }
    return repeats ? .repeats : .distinct
  }

  /// The keys in the file's order, a repeated one at its first place.
  func keys(of dictionary: DecodingDictionary) -> [String] {
    var keys: [String] = []
    var seen = Set<ExactKey>()
    for pair in 0..<dictionary.count {
      guard let text = try? key(pair, of: dictionary.index, references: dictionary.start) else { continue }
      let string = text.string
      if dictionary.repeatsKeys && !seen.insert(ExactKey(string)).inserted { continue }
      keys.append(string)
    }
    return keys
  }

  /// The object of the value for `key`, or nil.
  func value(forKey key: String, in dictionary: DecodingDictionary) -> Int? {
    guard dictionary.count > 0, let pair = pair(of: key, in: dictionary) else { return nil }
    return reference(dictionary.count + pair, of: dictionary.index, references: dictionary.start)
  }

  /// The pair whose key is `key`, or nil.
  @inline(__always)  // Into `value(forKey:in:)`, its only caller: one call per lookup.
  private func pair(of key: String, in dictionary: DecodingDictionary) -> Int? {
    if dictionary.repeatsKeys { return lastPair(of: key, in: dictionary) }
    let slots = keySlots
    var hint = slots.pointee.hints[dictionary.slot]
    if hint.dictionary != dictionary.index {
      // Another dictionary of the same depth used the slot since: take it back.
      _ = loadKeys(dictionary)
      hint = slots.pointee.hints[dictionary.slot]
    }
    if hint.keysInSlot { return rememberedPair(of: key, hint, in: dictionary) }
    if matches(hint.pair, key, in: dictionary) { return found(hint.pair, in: dictionary) }
    if dictionary.count > Self.indexThreshold { return indexedPair(of: key, in: dictionary) }
    var pair = hint.pair
    for _ in 1..<dictionary.count {
      pair = pair + 1 == dictionary.count ? 0 : pair + 1
      if matches(pair, key, in: dictionary) { return found(pair, in: dictionary) }
    }
    return nil
  }

  /// The pair of `key` in a dictionary whose keys are in the slot: the one a dictionary of the
  /// same shape found for the same lookup, or else the one the slot's key texts find (and it
  /// is remembered for the next dictionary).
  @inline(__always)
  private func rememberedPair(
    of key: String, _ hint: BinaryPropertyListKeySlots.Hint, in dictionary: DecodingDictionary
  ) -> Int? {
    let slots = keySlots
    let ordinal = hint.lookups
    slots.pointee.hints[dictionary.slot].lookups = ordinal &+ 1
    guard ordinal < BinaryPropertyListKeySlots.keysPerSlot else {
      return searchTexts(for: key, from: hint.pair, in: dictionary)
    }
    let lookup = slots.pointee.lookups(ofSlot: dictionary.slot) + ordinal
    // Equal strings from the same `CodingKey` are the same bits: the comparison is one word.
    // Exact, as the search is: "\u{212A}ey" (a Kelvin sign) is `==` "Key", but another key.
    if lookup.pointee.pair != BinaryPropertyListKeySlots.Lookup.none && lookup.pointee.key.exactlyEquals(key) {
      let pair = lookup.pointee.pair
      guard pair >= 0 else { return nil }
      return found(pair, in: dictionary)
    }
    let pair = searchTexts(for: key, from: hint.pair, in: dictionary)
    lookup.pointee = BinaryPropertyListKeySlots.Lookup(key: key, pair: pair ?? BinaryPropertyListKeySlots.Lookup.absent)
    return pair
  }

  /// The pair of `key` found by comparing it with the slot's key texts, from pair `start` on.
  private func searchTexts(for key: String, from start: Int, in dictionary: DecodingDictionary) -> Int? {
    let row = keySlots.pointee.texts(ofSlot: dictionary.slot)
    let count = dictionary.count
    var key = key
    return key.withUTF8 { utf8 in
      let wanted = BinaryPropertyListKeyText(UnsafeRawBufferPointer(utf8))
      // From the hinted pair on: most searches end at the first comparison.
      var pair = start
      for _ in 0..<count {
        if row[pair].equals(wanted) { return found(pair, in: dictionary) }
        pair = pair + 1 == count ? 0 : pair + 1
      }
      return nil
    }
  }

  /// True when the key of `pair` is `key`.
  @inline(__always)
  private func matches(_ pair: Int, _ key: String, in dictionary: DecodingDictionary) -> Bool {
    switch try? self.key(pair, of: dictionary.index, references: dictionary.start) {
    case .ascii(let bytes)?:
      var key = key
      return key.withUTF8 { $0.hasSameBytes(as: bytes.assumingMemoryBound(to: UInt8.self)) }
    case .string(let string)?: return string.exactlyEquals(key)
    case nil: return false
    }
  }

  /// Records that `pair` matched (the next search starts at the pair after it) and returns it.
  @inline(__always)
  private func found(_ pair: Int, in dictionary: DecodingDictionary) -> Int {
    keySlots.pointee.hints[dictionary.slot].pair = pair + 1 < dictionary.count ? pair + 1 : 0
    return pair
  }

  /// The last pair whose key is `key`: the value the reader keeps for a repeated key. The
  /// earlier values are passed over, so the decoding ends with the reader's check of the file.
  private func lastPair(of key: String, in dictionary: DecodingDictionary) -> Int? {
    problems.checkFile = true
    for pair in (0..<dictionary.count).reversed() where matches(pair, key, in: dictionary) { return pair }
    return nil
  }

  private func indexedPair(of key: String, in dictionary: DecodingDictionary) -> Int? {
    if let index = keyIndexes[dictionary.index] { return index[ExactKey(key)] }
    var index: [ExactKey: Int] = [:]
    index.reserveCapacity(dictionary.count)
    for pair in 0..<dictionary.count {
      if let text = try? self.key(pair, of: dictionary.index, references: dictionary.start) {
        index[ExactKey(text.string)] = pair
      }
    }
    keyIndexes[dictionary.index] = index
    return index[ExactKey(key)]
  }

  /// The text of the key of `pair` of dictionary `index`; throws (the failure recorded) when
  /// the key cannot be read or is not a string.
  @inline(__always)
  func key(_ pair: Int, of index: Int, references: Int) throws -> BinaryPropertyListObjects.StringText {
    guard let key = reference(pair, of: index, references: references) else { throw KeyProblem() }
    if let bytes = table.asciiString(key) { return .ascii(bytes) }
    do {
      if let text = try objects.stringText(key) { return text }
    } catch {
      problems.record(error)
      throw KeyProblem()
    }
    problems.record(
      PropertyListError(.invalidValue, format: .binary, "object \(index): dictionary key \(pair) is not a string"))
    throw KeyProblem()
  }

  struct KeyProblem: Error {}
}
