import PlistKit

/// The values a diff of two binary property lists needs, made from their object tables: what
/// differs in full, and in place of each subtree that the diff would find equal to its
/// counterpart, one string, the same on both sides, that stands for it.
///
/// A stand-in is equal only to itself, and ``ValueFingerprints`` gives it the fingerprint of
/// the subtree it stands for (see ``StandIns``), so the diff aligns the arrays of these
/// values exactly as it aligns the whole ones and pairs the same elements: a stand-in is only
/// ever compared with its twin, and the differences are those of the whole values. Memory is
/// then the two files and a fingerprint per object, not two trees of values.
struct BinaryDiffValues {
  /// The old and new values, with stand-ins.
  private(set) var old: PropertyList = .boolean(false)
  private(set) var new: PropertyList = .boolean(false)
  /// The stand-ins' form.
  let standIns = StandIns()
  /// The number of values of the whole old and new values, for the alignment budget.
  let valueCount: Int

  private var oldPrints: BinaryObjectPrints
  private var newPrints: BinaryObjectPrints
  /// Steps left for aligning arrays here, as the diff spends them.
  private var alignmentBudget: Int

  /// The values of two binary files; nil when either is not a plain tree (see
  /// ``BinaryObjectPrints``) or cannot be read.
  init?(old: UnsafeRawBufferPointer, new: UnsafeRawBufferPointer, limits: PropertyListLimits) {
    // Values are made by recursion, one level per level of nesting.
    guard limits.maximumDepth <= 1024 else { return nil }
    guard let oldObjects = try? BinaryPropertyListObjects(old, limits: limits),
      let newObjects = try? BinaryPropertyListObjects(new, limits: limits),
      let oldPrints = BinaryObjectPrints(oldObjects, maximumDepth: limits.maximumDepth),
      let newPrints = BinaryObjectPrints(newObjects, maximumDepth: limits.maximumDepth)
    else { return nil }
    self.oldPrints = oldPrints
    self.newPrints = newPrints
    valueCount = oldPrints.valueCount + newPrints.valueCount
    alignmentBudget = SequenceAlignment.defaultBudget(valueCount)
    do throws(PropertyListError) {
      (self.old, self.new) = try pair(oldObjects.topObject, newObjects.topObject)
    } catch {
      return nil
    }
  }

  /// True when `value` is or holds a stand-in.
  func holdsStandIn(_ value: PropertyList?) -> Bool {
    guard let value else { return false }
    var pending = [value]
    while let next = pending.popLast() {
      switch next {
      case .string(let string): if standIns.print(of: string) != nil { return true }
      case .array(let elements): pending += elements
      case .dictionary(let dictionary): pending += dictionary.values
      default: break
      }
    }
    return false
  }

  // MARK: - Making the values

  /// The values of objects `a` (old) and `b` (new), which sit at the same place.
  private mutating func pair(_ a: Int, _ b: Int) throws(PropertyListError) -> (PropertyList, PropertyList) {
    let print = oldPrints.prints[a]
    if print == newPrints.prints[b] {
      let standIn = standIns.standIn(for: print)
      return (.string(standIn), .string(standIn))
    }
    switch (try oldPrints.objects.object(a), try newPrints.objects.object(b)) {
    case (.dictionary(let oldCount, let oldStart), .dictionary(let newCount, let newStart)):
      let (oldKeys, oldValues) = try Self.entries(a, count: oldCount, references: oldStart, in: &oldPrints)
      let (newKeys, newValues) = try Self.entries(b, count: newCount, references: newStart, in: &newPrints)
      // By UTF-8, as dictionaries tell keys apart (not by canonical equivalence).
      var newPosition: [[UInt8]: Int] = [:]
      for (position, key) in newKeys.enumerated() { newPosition[Array(key.utf8)] = position }
      var oldDictionary = PropertyListDictionary()
      var newMade = [PropertyList?](repeating: nil, count: newCount)
      for (key, value) in zip(oldKeys, oldValues) {
        guard let position = newPosition[Array(key.utf8)] else {
          oldDictionary[key] = try Self.whole(value, in: &oldPrints)
          continue
        }
        let (oldValue, newValue) = try pair(value, newValues[position])
        oldDictionary[key] = oldValue
        newMade[position] = newValue
      }
      var newDictionary = PropertyListDictionary()
      for (position, key) in newKeys.enumerated() {
        if let made = newMade[position] {
          newDictionary[key] = made
        } else {
          newDictionary[key] = try Self.whole(newValues[position], in: &newPrints)
        }
      }
      return (.dictionary(oldDictionary), .dictionary(newDictionary))
    case (.array(let oldCount, let oldStart), .array(let newCount, let newStart)):
      var oldElements: [UInt32] = []
      var newElements: [UInt32] = []
      try oldPrints.objects.appendReferences(0..<oldCount, of: a, references: oldStart, to: &oldElements)
      try newPrints.objects.appendReferences(0..<newCount, of: b, references: newStart, to: &newElements)
      // Aligned as the diff aligns them: the elements it matches are equal, the others
      // (removed, added or compared inside) are made whole.
      let matches = SequenceAlignment.matches(
        oldElements.map { oldPrints.prints[Int($0)] }, newElements.map { newPrints.prints[Int($0)] },
        budget: &alignmentBudget)
      var oldMade = [PropertyList?](repeating: nil, count: oldCount)
      var newMade = [PropertyList?](repeating: nil, count: newCount)
      for (oldIndex, newIndex) in matches {
        (oldMade[oldIndex], newMade[newIndex]) = try pair(Int(oldElements[oldIndex]), Int(newElements[newIndex]))
      }
      return (
        .array(try Self.elements(oldElements, made: oldMade, in: &oldPrints)),
        .array(try Self.elements(newElements, made: newMade, in: &newPrints))
      )
    default:
      return (try Self.whole(a, in: &oldPrints), try Self.whole(b, in: &newPrints))
    }
  }

  /// An array's elements: those made by pairing, the others whole.
  private static func elements(
    _ objects: [UInt32], made: [PropertyList?], in side: inout BinaryObjectPrints
  ) throws(PropertyListError) -> [PropertyList] {
    var elements: [PropertyList] = []
    elements.reserveCapacity(objects.count)
    for (index, object) in objects.enumerated() {
      if let element = made[index] {
        elements.append(element)
      } else {
        elements.append(try whole(Int(object), in: &side))
      }
    }
    return elements
  }

  /// A dictionary's keys and its values' objects.
  private static func entries(
    _ object: Int, count: Int, references: Int, in side: inout BinaryObjectPrints
  ) throws(PropertyListError) -> ([String], [Int]) {
    var keyObjects: [UInt32] = []
    var valueObjects: [UInt32] = []
    try side.objects.appendReferences(0..<count, of: object, references: references, to: &keyObjects)
    try side.objects.appendReferences(count..<(2 * count), of: object, references: references, to: &valueObjects)
    var keys: [String] = []
    keys.reserveCapacity(count)
    for key in keyObjects {
      // Strings: the fingerprints checked that.
      guard case .scalar(.string(let string)) = try side.objects.object(Int(key)) else { continue }
      keys.append(string)
    }
    return (keys, valueObjects.map { Int($0) })
  }

  /// The whole value of `object`.
  private static func whole(_ object: Int, in side: inout BinaryObjectPrints) throws(PropertyListError) -> PropertyList
  {
    switch try side.objects.object(object) {
    case .scalar(let value): return value
    case .data(let bytes): return .data(Array(bytes))
    case .array(let count, let references):
      var elements: [UInt32] = []
      try side.objects.appendReferences(0..<count, of: object, references: references, to: &elements)
      var array: [PropertyList] = []
      array.reserveCapacity(count)
      for element in elements { array.append(try whole(Int(element), in: &side)) }
      return .array(array)
    case .dictionary(let count, let references):
      let (keys, values) = try Self.entries(object, count: count, references: references, in: &side)
      var dictionary = PropertyListDictionary()
      for (key, value) in zip(keys, values) { dictionary[key] = try whole(value, in: &side) }
      return .dictionary(dictionary)
    }
  }
}
