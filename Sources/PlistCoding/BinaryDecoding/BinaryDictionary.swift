@_spi(BinaryObjects) import PlistKit

/// A dictionary object of a binary plist and the lookup of its keys, for
/// ``BinaryKeyedContainer``. It is not generic over the key type, so it compiles to direct
/// code whatever `CodingKey` a type decodes with (the container, generic, only hands it the key's
/// string).
///
/// A key is found by comparing the bytes of the dictionary's key objects with the key's UTF-8,
/// starting at the pair after the one found last (a type asks for its keys mostly in the
/// file's order), without a table per dictionary or a string per key; a dictionary of the same
/// shape as the last one at its depth, asked for the same keys, finds them where that one did
/// (see ``BinaryKeySlots``). A large dictionary read out of order gets a hash index. Its keys
/// are checked when it is made: each must be a string, and a repeated key is found at its last
/// value, as the reader keeps it.
struct BinaryDictionary {
  let decoder: BinaryDecoder
  /// The dictionary's object.
  let object: Int
  /// Its pair count and where its references start.
  let count: Int
  let references: Int
  /// True when two of its keys are the same string.
  private(set) var repeatsKeys = false
  /// Where it keeps its lookup hint in the decoder.
  private let slot: Int

  /// Dictionaries with more pairs than this get a hash index when a key is not where the
  /// hint says.
  private static var indexThreshold: Int { 16 }

  /// The dictionary at object `object`, looked up through the slot of `depth`; throws the
  /// error of a keyed container's request when it is not a dictionary, or a key is not a string.
  init(decoder: BinaryDecoder, object: Int, depth: Int, path: @autoclosure () -> CodingPath) throws {
    (count, references) = try decoder.dictionary(object, path())
    self.decoder = decoder
    self.object = object
    slot = decoder.keySlots.pointee.slot(forDepth: depth)
    switch loadKeys() {
    case .unreadable:
      throw DecodingError.dataCorrupted(
        decoder.context(path(), object, "the dictionary has a key that is not a string or cannot be read"))
    case .repeats: repeatsKeys = true
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
  private func loadKeys() -> KeyCheck {
    let slots = decoder.keySlots
    let previous = slots.pointee.hints[slot]
    if previous.keysInSlot && previous.count == count
      && decoder.table.sameReferences(previous.references, references, count: count)
    {
      slots.pointee.hints[slot] = BinaryKeySlots.Hint(
        dictionary: object, pair: 0, keysInSlot: true, count: count, references: references, lookups: 0)
      return .distinct
    }
    slots.pointee.hints[slot] = BinaryKeySlots.Hint(
      dictionary: object, pair: 0, keysInSlot: false, count: count, references: references, lookups: 0)
    if previous.keysInSlot { slots.pointee.forgetLookups(ofSlot: slot) }
    if count <= BinaryKeySlots.keysPerSlot {
      let row = slots.pointee.texts(ofSlot: slot)
      var plain = true
      for pair in 0..<count {
        guard let key = decoder.reference(pair, of: object, references: references) else { return .unreadable }
        guard let (bytes, prefix) = decoder.table.asciiKey(key) else {
          plain = false
          break
        }
        let text = KeyText(bytes: bytes, prefix: prefix)
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
      guard let text = try? decoder.key(pair, of: object, references: references) else { return .unreadable }
      if !seen.insert(ExactKey(text.string)).inserted { repeats = true }
    }
    return repeats ? .repeats : .distinct
  }

  /// The keys in the file's order, a repeated one at its first place.
  var keys: [String] {
    var keys: [String] = []
    var seen = Set<ExactKey>()
    for pair in 0..<count {
      guard let text = try? decoder.key(pair, of: object, references: references) else { continue }
      let string = text.string
      if repeatsKeys && !seen.insert(ExactKey(string)).inserted { continue }
      keys.append(string)
    }
    return keys
  }

  /// The object of the value for `key`, or nil.
  func valueObject(for key: String) -> Int? {
    guard count > 0, let pair = pair(of: key) else { return nil }
    return decoder.reference(count + pair, of: object, references: references)
  }

  /// The pair whose key is `key`, or nil.
  private func pair(of key: String) -> Int? {
    if repeatsKeys { return lastPair(of: key) }
    let slots = decoder.keySlots
    var hint = slots.pointee.hints[slot]
    if hint.dictionary != object {
      // Another dictionary of the same depth used the slot since: take it back.
      _ = loadKeys()
      hint = slots.pointee.hints[slot]
    }
    if hint.keysInSlot { return rememberedPair(of: key, hint) }
    if matches(hint.pair, key) { return found(hint.pair) }
    if count > Self.indexThreshold { return indexedPair(of: key) }
    var pair = hint.pair
    for _ in 1..<count {
      pair = pair + 1 == count ? 0 : pair + 1
      if matches(pair, key) { return found(pair) }
    }
    return nil
  }

  /// The pair of `key` in a dictionary whose keys are in the slot: the one a dictionary of the
  /// same shape found for the same lookup, or else the one the slot's key texts find (and it
  /// is remembered for the next dictionary).
  @inline(__always)
  private func rememberedPair(of key: String, _ hint: BinaryKeySlots.Hint) -> Int? {
    let slots = decoder.keySlots
    let ordinal = hint.lookups
    slots.pointee.hints[slot].lookups = ordinal &+ 1
    guard ordinal < BinaryKeySlots.keysPerSlot else { return searchTexts(for: key, from: hint.pair) }
    let lookup = slots.pointee.lookups(ofSlot: slot) + ordinal
    // Equal strings from the same `CodingKey` are the same bits: the comparison is one word.
    // Exact, as the search is: "\u{212A}ey" (a Kelvin sign) is `==` "Key", but another key.
    if lookup.pointee.pair != BinaryKeySlots.Lookup.none && lookup.pointee.key.exactlyEquals(key) {
      let pair = lookup.pointee.pair
      guard pair >= 0 else { return nil }
      return found(pair)
    }
    let pair = searchTexts(for: key, from: hint.pair)
    lookup.pointee = BinaryKeySlots.Lookup(key: key, pair: pair ?? BinaryKeySlots.Lookup.absent)
    return pair
  }

  /// The pair of `key` found by comparing it with the slot's key texts, from pair `start` on.
  private func searchTexts(for key: String, from start: Int) -> Int? {
    let row = decoder.keySlots.pointee.texts(ofSlot: slot)
    var key = key
    return key.withUTF8 { utf8 in
      let wanted = KeyText(UnsafeRawBufferPointer(utf8))
      // From the hinted pair on: most searches end at the first comparison.
      var pair = start
      for _ in 0..<count {
        if row[pair].equals(wanted) { return found(pair) }
        pair = pair + 1 == count ? 0 : pair + 1
      }
      return nil
    }
  }

  /// True when the key of `pair` is `key`.
  @inline(__always)
  private func matches(_ pair: Int, _ key: String) -> Bool {
    switch try? decoder.key(pair, of: object, references: references) {
    case .ascii(let bytes)?:
      var key = key
      return key.withUTF8 { $0.hasSameBytes(as: bytes.assumingMemoryBound(to: UInt8.self)) }
    case .string(let string)?: return string.exactlyEquals(key)
    case nil: return false
    }
  }

  /// Records that `pair` matched (the next search starts at the pair after it) and returns it.
  @inline(__always)
  private func found(_ pair: Int) -> Int {
    decoder.keySlots.pointee.hints[slot].pair = pair + 1 < count ? pair + 1 : 0
    return pair
  }

  /// The last pair whose key is `key`: the value the reader keeps for a repeated key. The
  /// earlier values are passed over, so the decoding ends with the reader's check of the file.
  private func lastPair(of key: String) -> Int? {
    decoder.problems.checkFile = true
    for pair in (0..<count).reversed() where matches(pair, key) { return pair }
    return nil
  }

  private func indexedPair(of key: String) -> Int? {
    if let index = decoder.keyIndexes[object] { return index[ExactKey(key)] }
    var index: [ExactKey: Int] = [:]
    index.reserveCapacity(count)
    for pair in 0..<count {
      if let text = try? decoder.key(pair, of: object, references: references) {
        index[ExactKey(text.string)] = pair
      }
    }
    decoder.keyIndexes[object] = index
    return index[ExactKey(key)]
  }
}

extension BinaryDecoder {
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

extension BinaryPropertyListObjects.StringText {
  /// The text as a string.
  var string: String {
    switch self {
    case .ascii(let bytes): String(decoding: bytes, as: UTF8.self)
    case .string(let string): string
    }
  }
}
