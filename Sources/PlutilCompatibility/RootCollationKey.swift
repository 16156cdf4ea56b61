/// A string's collation elements under the rules `plutil`'s key order hands to ICU's root
/// collation: numeric collation on, variable characters not ignorable, compared at the primary
/// level, then the secondary, then case, then the tertiary.
///
/// For ASCII the weights are the root collation's order (control characters ignorable; white
/// space, punctuation and symbols as `\t \n \v \f \r space _ - , ; : ! ? . ' " ( ) [ ] { } @ * /
/// \ & # % ` ^ + < = > | ~ $`; digit runs by value; letters alphabetically, lowercase first).
/// Outside ASCII this is an approximation without the collation tables: Latin letters with
/// marks sort with their base letter (the mark a secondary difference), a few Latin letters
/// expand (`ß` as `ss`, `æ` as `ae`), decimal digits of any script join the digit runs,
/// combining marks are secondary weights, format characters are ignorable, and other
/// characters sort after the Latin letters by the code point of their lowercase form (symbols
/// and punctuation before the digits).
struct RootCollationKey {
  private struct Element {
    var primary: UInt32
    var secondary: UInt32
    var isUppercase = false
    var tertiary: UInt8 = 0
  }

  private var elements: [Element] = []

  private static let common: UInt32 = 5
  /// The ASCII characters that have a primary weight and are neither digits nor letters, in
  /// the root collation's order.
  private static let variableOrder = Array("\t\n\u{0B}\u{0C}\r _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$".unicodeScalars)
  private static let otherSymbolBase: UInt32 = 0x1_0000
  /// Punctuation and symbols outside ASCII that the root collation sorts among the ASCII ones,
  /// each as the ASCII character it follows and its rank after it: dashes after `-`, quotation
  /// marks after `'` and `"`, the middle dot after `.`, the bullet after `%`, `©` and `®`
  /// after `^`. Without them `–`, `·` or `©` sorted after every ASCII symbol, where Xcode's
  /// String Catalogs, sorted by the same comparison, do not have them.
  private static let punctuationBesideASCII: [UInt32: (anchor: Unicode.Scalar, rank: UInt32)] = [
    0x2010: ("-", 1), 0x2011: ("-", 2), 0x2012: ("-", 3), 0x2013: ("-", 4), 0x2014: ("-", 5), 0x2015: ("-", 6),
    0x00A1: ("!", 1), 0x00BF: ("?", 1), 0x00B7: (".", 1),
    0x2018: ("'", 1), 0x2019: ("'", 2), 0x201A: ("'", 3), 0x2039: ("'", 4), 0x203A: ("'", 5),
    0x201C: ("\"", 1), 0x201D: ("\"", 2), 0x201E: ("\"", 3), 0x00AB: ("\"", 4), 0x00BB: ("\"", 5),
    0x00A7: ("}", 1), 0x00B6: ("}", 2), 0x2020: ("%", 1), 0x2021: ("%", 2), 0x2022: ("%", 3),
    0x00B0: ("^", 1), 0x00A9: ("^", 2), 0x00AE: ("^", 3), 0x00B1: ("+", 1), 0x00D7: ("+", 2), 0x00F7: ("+", 3),
  ]

  /// The primary weight of an ASCII punctuation or symbol character of ``variableOrder``: room
  /// after each for the characters of ``punctuationBesideASCII``.
  private static func variablePrimary(_ scalar: Unicode.Scalar) -> UInt32 {
    UInt32(variableOrder.firstIndex(of: scalar)! + 1) << 8
  }
  private static let currencyBase: UInt32 = 0x20_0000
  private static let digitBase: UInt32 = 0x40_0000
  private static let letterBase: UInt32 = 0x50_0000
  private static let otherBase: UInt32 = 0x60_0000

  init(_ units: ArraySlice<UInt16>) {
    var scalars = Array(String(decoding: units, as: UTF16.self).unicodeScalars)[...]
    while let scalar = scalars.first {
      if let digit = Self.decimalDigit(scalar) {
        var digits = [digit]
        scalars.removeFirst()
        while let next = scalars.first, let value = Self.decimalDigit(next) {
          digits.append(value)
          scalars.removeFirst()
        }
        appendNumber(digits)
        continue
      }
      append(scalar)
      scalars.removeFirst()
    }
  }

  /// ICU numeric collation: a run of digits as its value, leading zeros dropped.
  private mutating func appendNumber(_ digits: [UInt32]) {
    let significant = digits.drop { $0 == 0 }
    let value = significant.isEmpty ? [0] : Array(significant)
    elements.append(Element(primary: Self.digitBase, secondary: Self.common))
    elements.append(Element(primary: Self.digitBase + UInt32(value.count), secondary: Self.common))
    for digit in value { elements.append(Element(primary: Self.digitBase + digit, secondary: Self.common)) }
  }

  private mutating func append(_ scalar: Unicode.Scalar) {
    let value = scalar.value
    if value < 0x80 {
      appendASCII(scalar)
      return
    }
    let properties = scalar.properties
    let category = properties.generalCategory
    if category == .format || category == .control { return }
    if Self.isNonBase(category) {
      elements.append(Element(primary: 0, secondary: 0x100 + value))
      return
    }
    if let expansion = Self.latinExpansions[value] {
      for letter in expansion.unicodeScalars { appendASCII(letter, tertiary: 1) }
      if properties.isUppercase { elements[elements.count - expansion.count].isUppercase = true }
      return
    }
    if let (base, marks) = Self.latinLetter(properties) {
      appendASCII(base)
      elements[elements.count - 1].isUppercase = properties.isUppercase
      for mark in marks { elements.append(Element(primary: 0, secondary: 0x100 + mark)) }
      return
    }
    let primary: UInt32
    if let (anchor, rank) = Self.punctuationBesideASCII[value] {
      // Just after the ASCII character the root collation sorts it beside.
      primary = Self.variablePrimary(anchor) + rank
    } else if category == .currencySymbol {
      primary = Self.currencyBase + value
    } else if Self.isPunctuation(category) || [.mathSymbol, .modifierSymbol, .otherSymbol].contains(category)
      || properties.isWhitespace
    {
      primary = Self.otherSymbolBase + value
    } else {
      // Case is a tertiary difference: both cases of a letter share the lowercase weight.
      primary = Self.otherBase + (properties.lowercaseMapping.unicodeScalars.first?.value ?? value)
    }
    elements.append(Element(primary: primary, secondary: Self.common, isUppercase: properties.isUppercase))
  }

  private mutating func appendASCII(_ scalar: Unicode.Scalar, tertiary: UInt8 = 0) {
    let value = scalar.value
    switch value {
    case 0x41...0x5A:
      elements.append(
        Element(primary: Self.letterBase + value - 0x41, secondary: Self.common, isUppercase: true, tertiary: tertiary))
    case 0x61...0x7A:
      elements.append(Element(primary: Self.letterBase + value - 0x61, secondary: Self.common, tertiary: tertiary))
    default:
      guard let rank = Self.variableOrder.firstIndex(of: scalar) else { return }  // control: ignorable
      // `$` is a currency sign: after the other symbols, as in the root collation.
      let primary = scalar == "$" ? Self.currencyBase + value : UInt32(rank + 1) << 8
      elements.append(Element(primary: primary, secondary: Self.common, tertiary: tertiary))
    }
  }

  /// The primary weight of one character alone, when it has one and is not a digit (a digit's
  /// weight depends on the digits around it): what the collation of two strings that agree up to
  /// a character compares first there.
  static func leadingPrimary(of scalar: Unicode.Scalar) -> UInt32? {
    guard decimalDigit(scalar) == nil else { return nil }
    var key = RootCollationKey()
    key.append(scalar)
    guard let primary = key.elements.first?.primary, primary != 0 else { return nil }
    return primary
  }

  private init() {}

  /// -1, 0 or 1: primary weights, then secondary, then case, then tertiary.
  func compare(to other: RootCollationKey) -> Int {
    let levels: [(Element) -> UInt32?] = [
      { $0.primary == 0 ? nil : $0.primary },
      { $0.secondary == 0 ? nil : $0.secondary },
      { $0.primary == 0 ? nil : ($0.isUppercase ? 1 : 0) },
      { $0.primary == 0 && $0.secondary == 0 ? nil : UInt32($0.tertiary) },
    ]
    for weight in levels {
      let order = Self.compare(elements.compactMap(weight), other.elements.compactMap(weight))
      if order != 0 { return order }
    }
    return 0
  }

  private static func compare(_ first: [UInt32], _ second: [UInt32]) -> Int {
    if let difference = zip(first, second).first(where: { $0 != $1 }) { return difference.0 < difference.1 ? -1 : 1 }
    return first.count == second.count ? 0 : first.count < second.count ? -1 : 1
  }

  /// Punctuation in CoreFoundation's sense (the Unicode P categories).
  static func isPunctuation(_ category: Unicode.GeneralCategory) -> Bool {
    switch category {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
      .finalPunctuation, .otherPunctuation:
      true
    default: false
    }
  }

  /// A combining mark.
  static func isNonBase(_ category: Unicode.GeneralCategory) -> Bool {
    category == .nonspacingMark || category == .spacingMark || category == .enclosingMark
  }

  private static func decimalDigit(_ scalar: Unicode.Scalar) -> UInt32? {
    if scalar.value >= 0x30 && scalar.value <= 0x39 { return scalar.value - 0x30 }
    guard scalar.value >= 0x80, scalar.properties.numericType == .decimal,
      let value = scalar.properties.numericValue
    else { return nil }
    return UInt32(value)
  }

  /// Latin letters that the root collation sorts as two letters.
  private static let latinExpansions: [UInt32: String] = [
    0xDF: "ss", 0x1E9E: "ss", 0xE6: "ae", 0xC6: "ae", 0x153: "oe", 0x152: "oe", 0x133: "ij", 0x132: "ij",
  ]

  /// The combining marks named by `… WITH …` in a letter's name, as the code points whose
  /// secondary weights the root collation gives them (in its order of those weights).
  private static let markNames: [(String, UInt32)] = [
    ("ACUTE", 0x01), ("GRAVE", 0x02), ("BREVE", 0x03), ("CIRCUMFLEX", 0x04), ("CARON", 0x05), ("RING ABOVE", 0x06),
    ("DIAERESIS", 0x07), ("DOUBLE ACUTE", 0x08), ("TILDE", 0x09), ("DOT ABOVE", 0x0A), ("STROKE", 0x0B),
    ("CEDILLA", 0x0C), ("OGONEK", 0x0D), ("MACRON", 0x0E), ("DOT BELOW", 0x0F),
  ]

  /// `LATIN SMALL LETTER E WITH ACUTE` → `e` and its marks: the name stands in for the
  /// decomposition the standard library does not publish.
  private static func latinLetter(_ properties: Unicode.Scalar.Properties) -> (Unicode.Scalar, [UInt32])? {
    guard let name = properties.name else { return nil }
    let prefixes = ["LATIN SMALL LETTER ", "LATIN CAPITAL LETTER "]
    guard let prefix = prefixes.first(where: name.hasPrefix) else { return nil }
    let rest = name.dropFirst(prefix.count)
    guard let letter = rest.first, letter.isASCII, letter.isLetter,
      rest.count == 1 || rest.dropFirst().hasPrefix(" WITH ")
    else { return nil }
    let base = Unicode.Scalar(letter.lowercased())!
    var marks: [UInt32] = []
    var description = String(rest.dropFirst(min(rest.count, 7)))
    while !description.isEmpty {
      guard
        let (markName, weight) = markNames.filter({ description.hasPrefix($0.0) }).max(by: { $0.0.count < $1.0.count })
      else {
        marks.append(0xFF)
        break
      }
      marks.append(weight)
      description = String(description.dropFirst(markName.count))
      if description.hasPrefix(" AND ") { description = String(description.dropFirst(5)) }
    }
    return (base, marks)
  }
}
