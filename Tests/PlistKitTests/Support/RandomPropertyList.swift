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

  /// Every kind of value.
  static let allKinds = RandomPropertyList(kinds: Set(PropertyList.Kind.allCases))
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

  func make(using generator: inout SeededGenerator, depth: Int = 0) -> PropertyList {
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

  private func makeString(using generator: inout SeededGenerator) -> String {
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
