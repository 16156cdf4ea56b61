/// The binary writer's table of shared scalars: for each string, number, date and data value
/// written so far, its object index.
///
/// Values are equal when their ``BinaryPropertyListUniqueKey``s are. The table keeps only
/// hashes and object indices, and compares a candidate with the value already in the object
/// table, so a document's strings are not held twice. Open addressing with the hashes kept
/// makes growing cheap: nothing is hashed again. The hashes are Swift's seeded `Hasher`, so a
/// document cannot be made to collide on purpose.
struct BinaryPropertyListUniqueTable {
  private struct Slot {
    var hash = 0
    /// The object index, or -1 for an empty slot.
    var index = -1
  }

  private var slots = [Slot](repeating: Slot(), count: 1024)
  private var count = 0

  /// The index of the object equal to `value` if there is one; otherwise records `value` as
  /// object `newIndex` and returns nil. `objects` holds every object recorded so far.
  mutating func existingIndex(
    of value: PropertyList, orInsertingAs newIndex: Int, in objects: [BinaryPropertyListObjectTable.Object]
  ) -> Int? {
    guard let key = BinaryPropertyListUniqueKey(value) else { preconditionFailure("\(value.kind) is not shared") }
    let hash = key.hashValue
    let mask = slots.count - 1
    var position = hash & mask
    while slots[position].index >= 0 {
      if slots[position].hash == hash, case .scalar(let candidate) = objects[slots[position].index],
        BinaryPropertyListUniqueKey(candidate) == key
      {
        return slots[position].index
      }
      position = (position + 1) & mask
    }
    slots[position] = Slot(hash: hash, index: newIndex)
    count += 1
    if count * 2 > slots.count { grow() }
    return nil
  }

  private mutating func grow() {
    var larger = [Slot](repeating: Slot(), count: slots.count * 2)
    let mask = larger.count - 1
    for slot in slots where slot.index >= 0 {
      var position = slot.hash & mask
      while larger[position].index >= 0 { position = (position + 1) & mask }
      larger[position] = slot
    }
    slots = larger
  }
}
