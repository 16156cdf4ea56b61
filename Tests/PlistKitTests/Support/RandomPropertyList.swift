import PlistKit

/// A deterministic generator (SplitMix64) for property-style round-trip tests: the same seed
/// gives the same values on every machine, so a failure can be replayed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Random property lists biased toward the values that break formats: edge integers and
/// reals, odd strings (escapes, quotes, non-ASCII, canonically equivalent pairs), tag-like
/// dictionaries, empty containers.
struct RandomPropertyList {
  /// The kinds of leaf values to make.
  var kinds: Set<PropertyList.Kind>
  var maximumDepth = 4
  var maximumCount = 6
  /// Also make strings from private-use, astral, noncharacter and combining ranges, and
  /// more edge integers, reals and dates (off by default so that existing seeds keep
  /// making the same values).
  var extendedValues = false
  /// When set, about one value in `deepNestingOdds` is wrapped in a chain of arrays and
  /// single-entry dictionaries this many levels deep: deep, but within every reader's limit.
  var deepNesting: ClosedRange<Int>? = nil
  var deepNestingOdds = 16

  /// Every kind of value.
  static let allKinds = RandomPropertyList(kinds: Set(PropertyList.Kind.allCases))
  /// Every kind, extended values and deep nesting: the differential tests' generator. Up to
  /// 150 levels: the JSON that carries values from plistlib nests three levels for each
  /// dictionary, and Foundation's `JSONSerialization` reads at most 512.
  static let differential = RandomPropertyList(
    kinds: Set(PropertyList.Kind.allCases), extendedValues: true, deepNesting: 40...150)
  /// What the OpenStep form can hold: strings, data, arrays and dictionaries.
  static let openStepKinds = RandomPropertyList(kinds: [.string, .data, .array, .dictionary])

  private static let strings = [
    "", "a", "hello world", "quote\"d", "back\\slash", "line\nbreak", "tab\there", "\u{0}nul", "\u{7F}",
    "caf\u{E9}", "cafe\u{301}", "\u{1F600}", "日本語", "$real", "$dict", "$date", "$data", "$uid", "CF$UID",
    "/* not a comment */", "// nor this", "a = b;", "(x, y)", "{}", "<data>", "123", "-1.5", "YES", "true",
    "null", "NaN", "path/to/file.swift", "with space", "\u{2028}", "\r\n", "\u{FEFF}bom", "ʼn",
  ]

  private static let integers: [PropertyList] = [
    .integer(0), .integer(1), .integer(-1), .integer(Int64.max), .integer(Int64.min), .integer(UInt64.max),
    .integer(UInt64(Int64.max) + 1), .integer(255), .integer(-256), .integer(65_536), .integer(1 << 53),
  ]

  private static let reals: [Double] = [
    0.0, -0.0, 1.0, -1.0, 0.1, 1e-300, Double(bitPattern: 1), 1.7976931348623157e308, .pi, 1e16, 123_456.789, .nan,
    .infinity, -.infinity, Double(bitPattern: 0xFFF8_0000_0000_0000), 2.5e-8, 1e22, 9_007_199_254_740_992,
  ]

  private static let dates: [Double] = [
    0, -0.0, 1.5, -1.25, 1e9, -63_113_904_000, -63_145_526_400, 252_423_993_599, 252_423_993_600, 1e15, 0.001,
    .nan,
  ]

  private static let extendedStrings = [
    "\u{E000}", "\u{F8FF}", "\u{F0000}", "\u{FFFFD}", "\u{100000}", "\u{10FFFD}", "\u{10FFFF}", "\u{FFFE}",
    "\u{FFFF}", String(Unicode.Scalar(0xFDD0)!), "\u{FFFD}", "\u{1D11E}", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",
    "\u{1F1EB}\u{1F1F7}",
    "A\u{30A}", "\u{C5}", "\u{212B}", "e\u{301}\u{302}", "\u{1100}\u{1161}\u{11A8}", "\u{AC01}", "\u{0}", "\r",
    "a\rb", "\u{85}", "\u{2029}", "]]>", "&amp;", "\u{D7FF}\u{E000}",
  ]

  private static let extendedIntegers: [PropertyList] = [
    .integer(Int64.min + 1), .integer(Int64.max - 1), .integer(Int64(Int32.min)), .integer(Int64(Int32.max)),
    .integer(UInt64(UInt32.max)), .integer(UInt64(UInt32.max) + 1), .integer(UInt64.max - 1), .integer(-128),
    .integer(127), .integer(128), .integer(-32_769), .integer(1 << 62), .integer(-(1 << 53) - 1),
  ]

  private static let extendedReals: [Double] = [
    .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, -.greatestFiniteMagnitude,
    .ulpOfOne, 1 + .ulpOfOne, 0.1 + 0.2, 1.0 / 3.0, Double(Float.greatestFiniteMagnitude), Double(Float.pi),
    Double(bitPattern: 0x7FF0_0000_0000_0001), Double(bitPattern: 0x7FF8_0000_0000_0000),
    Double(bitPattern: 0x000F_FFFF_FFFF_FFFF), 4_294_967_296.5, -9.5e-10, 1e300,
  ]

  private static let extendedDates: [Double] = [
    -63_114_076_800, 63_113_904_000, 1e14, -1e14, 0.5, -0.5, 59.999_999, 86_399.999_999, 1e-6, -1e-6,
    .infinity, -.infinity, 978_307_200, -978_307_200,
  ]

  func make(using generator: inout SeededGenerator, depth: Int = 0) -> PropertyList {
    if depth == 0, let deepNesting, Int.random(in: 0..<deepNestingOdds, using: &generator) == 0 {
      var value = make(using: &generator, depth: maximumDepth)
      for _ in 0..<Int.random(in: deepNesting, using: &generator) {
        if Bool.random(using: &generator) {
          value = .array([value])
        } else {
          var dictionary = PropertyListDictionary()
          dictionary[makeString(using: &generator)] = value
          value = .dictionary(dictionary)
        }
      }
      return value
    }
    if extendedValues, let extended = makeExtended(using: &generator) { return extended }
    var choices = Array(kinds).sorted { $0.rawValue < $1.rawValue }
    if depth >= maximumDepth { choices.removeAll { $0 == .array || $0 == .dictionary } }
    switch choices.randomElement(using: &generator)! {
    case .string: return .string(makeString(using: &generator))
    case .integer:
      if Bool.random(using: &generator) { return Self.integers.randomElement(using: &generator)! }
      return .integer(Int64.random(in: -1_000_000...1_000_000, using: &generator))
    case .real:
      if Bool.random(using: &generator) { return .real(Self.reals.randomElement(using: &generator)!) }
      return .real(Double(bitPattern: generator.next()))
    case .boolean: return .boolean(Bool.random(using: &generator))
    case .date:
      if Bool.random(using: &generator) {
        return .date(PropertyListDate(secondsSinceReferenceDate: Self.dates.randomElement(using: &generator)!))
      }
      let seconds = Double(Int64.random(in: -2_000_000_000...2_000_000_000, using: &generator))
      return .date(PropertyListDate(secondsSinceReferenceDate: seconds / (Bool.random(using: &generator) ? 1 : 8)))
    case .data:
      return .data(
        (0..<Int.random(in: 0...9, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) })
    case .uid: return .uid(Bool.random(using: &generator) ? UInt64.random(in: 0...100, using: &generator) : UInt64.max)
    case .array:
      return .array(
        (0..<Int.random(in: 0...maximumCount, using: &generator)).map { _ in make(using: &generator, depth: depth + 1) }
      )
    case .dictionary:
      var dictionary = PropertyListDictionary()
      for _ in 0..<Int.random(in: 0...maximumCount, using: &generator) {
        dictionary[makeString(using: &generator)] = make(using: &generator, depth: depth + 1)
      }
      return .dictionary(dictionary)
    }
  }

  /// One time in four, an extended edge value of a kind this generator makes.
  private func makeExtended(using generator: inout SeededGenerator) -> PropertyList? {
    guard Int.random(in: 0..<4, using: &generator) == 0 else { return nil }
    switch Int.random(in: 0..<4, using: &generator) {
    case 0 where kinds.contains(.integer): return Self.extendedIntegers.randomElement(using: &generator)!
    case 1 where kinds.contains(.real): return .real(Self.extendedReals.randomElement(using: &generator)!)
    case 2 where kinds.contains(.date):
      if Bool.random(using: &generator) {
        return .date(PropertyListDate(secondsSinceReferenceDate: Self.extendedDates.randomElement(using: &generator)!))
      }
      // Whole microseconds, as far as `datetime` keeps them.
      let microseconds = Double(Int64.random(in: -4_000_000_000_000_000...4_000_000_000_000_000, using: &generator))
      return .date(PropertyListDate(secondsSinceReferenceDate: microseconds / 1e6))
    case 3 where kinds.contains(.string): return .string(makeExtendedString(using: &generator))
    default: return nil
    }
  }

  private func makeExtendedString(using generator: inout SeededGenerator) -> String {
    if Bool.random(using: &generator) { return Self.extendedStrings.randomElement(using: &generator)! }
    let ranges: [ClosedRange<UInt32>] = [
      0xE000...0xF8FF, 0xF0000...0xFFFFD, 0x100000...0x10FFFD, 0x10000...0x1FFFF, 0x20000...0x2FFFF,
      0x300...0x36F, 0xFFF0...0xFFFF, 0xFDD0...0xFDEF, 0xD700...0xD7FF, 0x20...0x7E,
    ]
    var scalars = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: 1...10, using: &generator) {
      scalars.append(Unicode.Scalar(UInt32.random(in: ranges.randomElement(using: &generator)!, using: &generator))!)
    }
    return String(scalars)
  }

  private func makeString(using generator: inout SeededGenerator) -> String {
    if extendedValues, Int.random(in: 0..<4, using: &generator) == 0 { return makeExtendedString(using: &generator) }
    if Int.random(in: 0..<3, using: &generator) > 0 { return Self.strings.randomElement(using: &generator)! }
    let scalars = (0..<Int.random(in: 1...8, using: &generator)).map { _ -> Character in
      let ranges: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0x20...0x7E, 0x0...0x1F, 0xA0...0x2FF, 0x4E00...0x4E40, 0x1F300...0x1F3FF,
      ]
      let range = ranges.randomElement(using: &generator)!
      return Character(Unicode.Scalar(UInt32.random(in: range, using: &generator))!)
    }
    return String(scalars)
  }
}
