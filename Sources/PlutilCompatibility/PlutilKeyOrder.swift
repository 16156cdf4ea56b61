/// The order in which the toolchain's `plutil` writes dictionary keys in its Swift and
/// Objective-C literals (and in `-p`): Foundation's `compare(_:options:)` with `.numeric`,
/// `.caseInsensitive` and `.forcedOrdering` in the root locale.
///
/// That comparison walks both strings as CoreFoundation does (ASCII digit runs compare by
/// value, a shorter run of leading zeros first; the first other difference hands the rest of
/// both strings to the root collation) and never calls two different keys equal. The collation
/// step is ``RootCollationKey``: exact for ASCII, and an approximation of the Unicode root
/// collation outside it (see its documentation), so keys outside ASCII can sort differently
/// from `plutil`.
package enum PlutilKeyOrder {
  /// Whether `first` comes before `second`.
  package static func areInIncreasingOrder(_ first: String, _ second: String) -> Bool {
    compare(Array(first.utf16), Array(second.utf16)) < 0
  }

  /// The keys in `plutil`'s order.
  package static func sorted<S: Sequence>(_ keys: S) -> [String] where S.Element == String {
    keys.map { (key: $0, units: Array($0.utf16)) }.sorted { compare($0.units, $1.units) < 0 }.map(\.key)
  }

  /// -1, 0 or 1, over UTF-16 code units as CoreFoundation walks them. `shortcut` false always
  /// collates at the first difference (the tests compare the two ways).
  package static func compare(_ first: [UInt16], _ second: [UInt16], shortcut: Bool = true) -> Int {
    var index1 = 0
    var index2 = 0
    var localized1 = 0
    var localized2 = 0
    var forced1 = 0
    var forced2 = 0
    var result = 0
    var numericEquivalence = false
    while index1 < first.count && index2 < second.count {
      // Case folds only once a forced (exact) difference has been recorded.
      var unit1 = first[index1]
      var unit2 = second[index2]
      if result != 0 {
        unit1 = lowercasedASCII(unit1)
        unit2 = lowercasedASCII(unit2)
      }
      if isDigit(unit1) && isDigit(unit2) {
        let start1 = index1
        let start2 = index2
        let value1 = numberValue(first, from: &index1)
        let value2 = numberValue(second, from: &index2)
        if value1 != value2 { return value1 < value2 ? -1 : 1 }
        let length1 = index1 - start1
        let length2 = index2 - start2
        if result == 0 && length1 != length2 {
          result = length1 < length2 ? -1 : 1
          numericEquivalence = true
          forced1 = start1
          forced2 = start2
        }
        continue
      }
      if unit1 != unit2 {
        if unit1 < 0x80 && unit2 < 0x80 {
          // A digit after a digit beyond ASCII (which the loop above does not read as a run)
          // continues that number in the collation: no shortcut then.
          let afterWideCharacter = index1 > 0 && first[index1 - 1] >= 0x80
          if shortcut, let order = primaryOrder(unit1, unit2, digitsDecide: !afterWideCharacter) { return order }
          return collate(first, from: index1, second, from: index2)
        }
        // Outside ASCII CoreFoundation folds character clusters before it collates; the
        // collation below sees the whole clusters either way.
        if shortcut, let order = primaryOrder(scalar: unit1, unit2) { return order }
        return collate(first, from: localized1, second, from: localized2)
      }
      index1 += 1
      index2 += 1
      localized1 = index1
      localized2 = index2
    }
    if !numericEquivalence && result != 0 && index1 == first.count && index2 == second.count {
      result = collate(first, from: forced1, second, from: forced2)
    }
    return index1 < first.count ? 1 : index2 < second.count ? -1 : result
  }

  /// The collation step on the rest of both strings, from one character before the
  /// difference (and further back over punctuation and combining marks, as CoreFoundation
  /// extends the range for context).
  private static func collate(_ first: [UInt16], from start1: Int, _ second: [UInt16], from start2: Int) -> Int {
    let part1 = first[contextStart(first, start1)...]
    let part2 = second[contextStart(second, start2)...]
    let order = RootCollationKey(part1).compare(to: RootCollationKey(part2))
    if order != 0 { return order }
    if let difference = zip(part1, part2).first(where: { $0 != $1 }) { return difference.0 < difference.1 ? -1 : 1 }
    return part1.count == part2.count ? 0 : part1.count < part2.count ? -1 : 1
  }

  private static func contextStart(_ units: [UInt16], _ index: Int) -> Int {
    guard index > 0 else { return 0 }
    var location = index - 1
    while location > 0 {
      let unit = units[location]
      guard let scalar = Unicode.Scalar(unit), !(0x2E80..<0xAC00).contains(unit) else { break }
      let category = scalar.properties.generalCategory
      guard RootCollationKey.isPunctuation(category) || RootCollationKey.isNonBase(category) else { break }
      location -= 1
    }
    return location
  }

  /// The order of two different ASCII characters met at the first difference, when their primary
  /// weights alone decide it: two letters that differ beyond case, or a digit and a letter (digits
  /// first). What comes before them is the same in both strings (equal characters, or digit runs
  /// of equal value), so the collation would find its first primary difference here; nil when it
  /// must look further (the same letter in two cases, punctuation, controls, a digit where
  /// `digitsDecide` is false). A sort of thousands
  /// of keys then builds no collation key for most comparisons.
  private static func primaryOrder(_ unit1: UInt16, _ unit2: UInt16, digitsDecide: Bool) -> Int? {
    let letter1 = lowercasedASCII(unit1)
    let letter2 = lowercasedASCII(unit2)
    let isLetter1 = letter1 >= 0x61 && letter1 <= 0x7A
    let isLetter2 = letter2 >= 0x61 && letter2 <= 0x7A
    if isLetter1 && isLetter2 { return letter1 == letter2 ? nil : letter1 < letter2 ? -1 : 1 }
    guard digitsDecide else { return nil }
    if isLetter1 && isDigit(unit2) { return 1 }
    if isDigit(unit1) && isLetter2 { return -1 }
    return nil
  }

  /// ``primaryOrder(_:_:)`` for characters beyond ASCII: two characters of the Basic
  /// Multilingual Plane (no surrogate halves) whose primary weights alone differ (`é` and `o`,
  /// `ф` and `a`); nil when a weight is missing or shared, or for a digit.
  private static func primaryOrder(scalar unit1: UInt16, _ unit2: UInt16) -> Int? {
    guard let scalar1 = Unicode.Scalar(unit1), let scalar2 = Unicode.Scalar(unit2),
      let primary1 = RootCollationKey.leadingPrimary(of: scalar1),
      let primary2 = RootCollationKey.leadingPrimary(of: scalar2), primary1 != primary2
    else { return nil }
    return primary1 < primary2 ? -1 : 1
  }

  private static func isDigit(_ unit: UInt16) -> Bool { unit >= 0x30 && unit <= 0x39 }

  private static func lowercasedASCII(_ unit: UInt16) -> UInt16 { unit >= 0x41 && unit <= 0x5A ? unit + 0x20 : unit }

  /// The value of the ASCII digit run at `index` (wrapping past `UInt64.max`, as
  /// CoreFoundation's does), leaving `index` after it.
  private static func numberValue(_ units: [UInt16], from index: inout Int) -> UInt64 {
    var value: UInt64 = 0
    while index < units.count && isDigit(units[index]) {
      value = value &* 10 &+ UInt64(units[index] - 0x30)
      index += 1
    }
    return value
  }
}
