import PlistKit

/// Pairs the removed and added elements of one hunk of an array alignment that are versions
/// of each other, so that a record whose one field changed is reported as that field's
/// change, not as a removed record and an added one.
///
/// Elements pair when they are of the same kind and alike: dictionaries that share keys
/// (the more equal values, the better), any two non-empty arrays (the more shared elements,
/// the better), any two scalars of one kind. Small hunks are paired by a weighted longest
/// common subsequence (the pairs keep their order and add up to the greatest likeness); large
/// ones by position.
struct HunkPairing {
  /// Hunks with more candidate pairs than this are paired by position.
  static let searchLimit = 4096
  /// Entries or elements looked at to judge two containers alike, so that judging is cheap
  /// however large they are.
  static let sampleSize = 64

  let old: [PropertyList]
  let new: [PropertyList]
  let oldPrints: ValueFingerprints
  let newPrints: ValueFingerprints

  /// The pairs `(oldIndex, newIndex)` inside `oldRange` × `newRange`, in increasing order.
  func pairs(_ oldRange: Range<Int>, _ newRange: Range<Int>) -> [(Int, Int)] {
    Self.pairs(oldRange, newRange) { likeness(old[$0], new[$1]) }
  }

  /// The pairs inside `oldRange` × `newRange` with a positive `likeness`, in increasing order,
  /// chosen to add up to the greatest likeness (by position for large hunks).
  static func pairs(_ oldRange: Range<Int>, _ newRange: Range<Int>, likeness: (Int, Int) -> Double) -> [(Int, Int)] {
    guard !oldRange.isEmpty, !newRange.isEmpty else { return [] }
    if oldRange.count * newRange.count > Self.searchLimit {
      return zip(oldRange, newRange).filter { likeness($0.0, $0.1) > 0 }
    }
    let rows = oldRange.count
    let columns = newRange.count
    // best[i][j]: the greatest likeness pairing old[..<i] with new[..<j] (offsets in the hunk).
    var best = [Double](repeating: 0, count: (rows + 1) * (columns + 1))
    func at(_ i: Int, _ j: Int) -> Int { i * (columns + 1) + j }
    for i in 0..<rows {
      for j in 0..<columns {
        let score = likeness(oldRange.lowerBound + i, newRange.lowerBound + j)
        var value = max(best[at(i, j + 1)], best[at(i + 1, j)])
        if score > 0 { value = max(value, best[at(i, j)] + score) }
        best[at(i + 1, j + 1)] = value
      }
    }
    var result: [(Int, Int)] = []
    var i = rows
    var j = columns
    while i > 0 && j > 0 {
      // Of equally good pairings, the one that pairs the earliest elements: skip from the
      // end while that loses nothing.
      if best[at(i, j)] == best[at(i - 1, j)] {
        i -= 1
      } else if best[at(i, j)] == best[at(i, j - 1)] {
        j -= 1
      } else {
        result.append((oldRange.lowerBound + i - 1, newRange.lowerBound + j - 1))
        i -= 1
        j -= 1
      }
    }
    return result.reversed()
  }

  /// How alike two different values are, from 0 (not versions of each other) to 1.
  func likeness(_ x: PropertyList, _ y: PropertyList) -> Double {
    Self.likeness(x, y, oldPrint: oldPrints.lookup, newPrint: newPrints.lookup)
  }

  /// How alike two values are, with the fingerprints of their elements from the closures.
  static func likeness(
    _ x: PropertyList, _ y: PropertyList, oldPrint: (PropertyList) -> UInt64, newPrint: (PropertyList) -> UInt64
  ) -> Double {
    switch (x, y) {
    case (.dictionary(let a), .dictionary(let b)):
      guard !a.isEmpty, !b.isEmpty else { return 0 }
      var shared = 0
      var equal = 0
      for (key, value) in a.prefix(Self.sampleSize) {
        guard let other = b[key] else { continue }
        shared += 1
        if oldPrint(value) == newPrint(other) { equal += 1 }
      }
      guard shared > 0 else { return 0 }
      let examined = Double(min(max(a.count, b.count), Self.sampleSize))
      return min(1, (Double(equal) + 0.25 * Double(shared - equal)) / examined)
    case (.array(let a), .array(let b)):
      guard !a.isEmpty, !b.isEmpty else { return 0 }
      var counts: [UInt64: Int] = [:]
      for element in b.prefix(Self.sampleSize) { counts[newPrint(element), default: 0] += 1 }
      var common = 0
      for element in a.prefix(Self.sampleSize) {
        let print = oldPrint(element)
        if let count = counts[print], count > 0 {
          counts[print] = count - 1
          common += 1
        }
      }
      // Two lists are versions of each other even with no element in common (a list of one
      // value that changed), only less alike than lists that share elements.
      return max(0.1, Double(common) / Double(min(max(a.count, b.count), Self.sampleSize)))
    case (.array, _), (_, .array), (.dictionary, _), (_, .dictionary):
      return 0
    case (.string(let a), .string(let b)):
      return stringLikeness(a, b)
    default:
      return x.kind == y.kind ? 0.5 : 0
    }
  }

  /// Strings are more alike the more of the shorter one starts or ends the longer one
  /// ("Apple I" is more like "Apple I (1976)" than like "Apple Lisa"), looking at the first
  /// and last ``sampleSize`` scalars.
  static func stringLikeness(_ a: String, _ b: String) -> Double {
    let x = Array(a.unicodeScalars.prefix(sampleSize))
    let y = Array(b.unicodeScalars.prefix(sampleSize))
    let shorter = min(x.count, y.count)
    guard shorter > 0 else { return 0.2 }
    var prefix = 0
    while prefix < shorter && x[prefix] == y[prefix] { prefix += 1 }
    let xTail = Array(a.unicodeScalars.suffix(sampleSize))
    let yTail = Array(b.unicodeScalars.suffix(sampleSize))
    var suffix = 0
    while suffix < shorter - prefix && xTail[xTail.count - 1 - suffix] == yTail[yTail.count - 1 - suffix] {
      suffix += 1
    }
    return 0.2 + 0.6 * Double(prefix + suffix) / Double(shorter)
  }
}
