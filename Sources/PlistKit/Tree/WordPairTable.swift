/// A number for each pair of words met so far, for laying a value out as a
/// ``PropertyListNodeTree``: the node of each container by its storage's addresses, the index of
/// each key by its `String`'s two words. Open addressing, spread by a multiply: the words are the
/// allocator's and the strings' own, not bytes an input chooses, and a `Dictionary` with the
/// standard hasher cost a quarter of laying out a value.
struct WordPairTable {
  private struct Slot {
    var first: UInt64 = 0
    var second: UInt64 = 0
    /// The number, or -1 for an empty slot.
    var number: Int32 = -1
  }

  private var slots = [Slot](repeating: Slot(), count: 256)
  private var count = 0

  /// The number recorded for the pair, or nil after recording `number` for it.
  mutating func existingNumber(_ first: UInt64, _ second: UInt64, orInserting number: Int32) -> Int32? {
    var mask = slots.count - 1
    var position = Self.start(first, second, mask: mask)
    while slots[position].number >= 0 {
      if slots[position].first == first && slots[position].second == second { return slots[position].number }
      position = (position + 1) & mask
    }
    slots[position] = Slot(first: first, second: second, number: number)
    count += 1
    if count * 2 > slots.count {
      let old = slots
      slots = [Slot](repeating: Slot(), count: old.count * 2)
      mask = slots.count - 1
      for slot in old where slot.number >= 0 {
        var position = Self.start(slot.first, slot.second, mask: mask)
        while slots[position].number >= 0 { position = (position + 1) & mask }
        slots[position] = slot
      }
    }
    return nil
  }

  /// The first slot to probe for a pair.
  @inline(__always)
  private static func start(_ first: UInt64, _ second: UInt64, mask: Int) -> Int {
    let mixed = (first ^ second &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
    return Int(truncatingIfNeeded: mixed >> 32) & mask
  }
}
