import PlistKit

/// A deterministic xorshift64* generator: the same seed makes the same values and edits, so a
/// failing seed can be replayed.
struct Xorshift: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed == 0 ? 0x2545_F491_4F6C_DD1D : seed }

  mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 0x2545_F491_4F6C_DD1D
  }
}

/// Random values and random edits of them, for the diff and merge properties.
struct RandomEdits {
  var random: Xorshift

  init(seed: UInt64) { random = Xorshift(seed: seed) }

  private static let words = ["a", "b", "Name", "é", "e\u{301}", "x.y", "", "Gerald Ford", "42", "$null"]

  mutating func scalar() -> PropertyList {
    switch Int.random(in: 0..<8, using: &random) {
    case 0: return .string(Self.words.randomElement(using: &random)!)
    case 1: return .integer(Int.random(in: -3...3, using: &random))
    case 2: return .real([0.5, -0.0, 0.0, 1].randomElement(using: &random)!)
    case 3: return .boolean(Bool.random(using: &random))
    case 4: return .date(PropertyListDate(secondsSinceReferenceDate: Double(Int.random(in: 0...3, using: &random))))
    case 5:
      return .data((0..<Int.random(in: 0...3, using: &random)).map { _ in UInt8.random(in: 0...2, using: &random) })
    case 6: return .uid(UInt64.random(in: 0...3, using: &random))
    default: return .string("s\(Int.random(in: 0...20, using: &random))")
    }
  }

  mutating func value(depth: Int = 3) -> PropertyList {
    guard depth > 0, Int.random(in: 0..<3, using: &random) > 0 else { return scalar() }
    let count = Int.random(in: 0...5, using: &random)
    if Bool.random(using: &random) {
      return .array((0..<count).map { _ in value(depth: depth - 1) })
    }
    var dictionary = PropertyListDictionary()
    for _ in 0..<count { dictionary["k\(Int.random(in: 0...9, using: &random))"] = value(depth: depth - 1) }
    return .dictionary(dictionary)
  }

  /// `value` with a few random edits anywhere in it: values replaced, keys added and
  /// removed, elements inserted and removed, keys reordered.
  mutating func edited(_ value: PropertyList, edits: Int = 3) -> PropertyList {
    var result = value
    for _ in 0..<edits { result = edit(result, depth: 0) }
    return result
  }

  private mutating func edit(_ value: PropertyList, depth: Int) -> PropertyList {
    switch value {
    case .dictionary(var dictionary) where !dictionary.isEmpty && Int.random(in: 0..<3, using: &random) > 0:
      let position = Int.random(in: 0..<dictionary.count, using: &random)
      switch Int.random(in: 0..<5, using: &random) {
      case 0:
        dictionary.removeValue(forKey: dictionary.keys[position])
      case 1:
        dictionary["n\(Int.random(in: 0...99, using: &random))"] = self.value(depth: 2)
      case 2:
        dictionary.sortKeys { _, _ in Bool.random(using: &random) }
      default:
        dictionary.setValue(edit(dictionary.values[position], depth: depth + 1), atPosition: position)
      }
      return .dictionary(dictionary)
    case .array(var elements) where Int.random(in: 0..<3, using: &random) > 0:
      switch (Int.random(in: 0..<4, using: &random), elements.isEmpty) {
      case (0, false): elements.remove(at: Int.random(in: 0..<elements.count, using: &random))
      case (1, _), (_, true):
        elements.insert(self.value(depth: 2), at: Int.random(in: 0...elements.count, using: &random))
      default:
        let index = Int.random(in: 0..<elements.count, using: &random)
        elements[index] = edit(elements[index], depth: depth + 1)
      }
      return .array(elements)
    default:
      return Bool.random(using: &random) ? scalar() : self.value(depth: 2)
    }
  }
}
