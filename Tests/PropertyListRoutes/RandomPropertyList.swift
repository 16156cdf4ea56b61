import PlistKit

/// Random property lists biased toward the values that break formats: edge integers and
/// reals, odd strings (escapes, quotes, non-ASCII, canonically equivalent pairs), tag-like
/// dictionaries, empty containers.
///
/// Every choice comes from the generator it is given, so a seed replays a value exactly on
/// every machine (and a fuzzer's bytes can make the choices).
public struct RandomPropertyList: Sendable {
  /// The kinds of leaf values to make.
  public var kinds: Set<PropertyList.Kind>
  public var maximumDepth = 4
  public var maximumCount = 6
  /// Also make strings from private-use, astral, noncharacter and combining ranges, and
  /// more edge integers, reals and dates (off by default so that existing seeds keep
  /// making the same values).
  public var extendedValues = false
  /// When set, about one value in `deepNestingOdds` is wrapped in a chain of arrays and
  /// single-entry dictionaries this many levels deep: deep, but within every reader's limit.
  public var deepNesting: ClosedRange<Int>? = nil
  public var deepNestingOdds = 16
  /// Also make the values where routes through the formats part ways (off by default, so that
  /// existing seeds keep making the same values): strings and keys with the characters XML 1.0
  /// cannot carry and the `$null` that Codable reads as nil, dictionaries holding canonically
  /// equivalent keys side by side, dictionaries that look like a `CF$UID` reference or a typed
  /// JSON tag; and, once the value is made, the same container or long string at further
  /// places (one storage, as a binary plist's shared objects read back).
  public var routeEdges = false

  /// Makes settings for leaves of `kinds`.
  public init(
    kinds: Set<PropertyList.Kind>, maximumDepth: Int = 4, maximumCount: Int = 6, extendedValues: Bool = false,
    deepNesting: ClosedRange<Int>? = nil, deepNestingOdds: Int = 16, routeEdges: Bool = false
  ) {
    self.kinds = kinds
    self.maximumDepth = maximumDepth
    self.maximumCount = maximumCount
    self.extendedValues = extendedValues
    self.deepNesting = deepNesting
    self.deepNestingOdds = deepNestingOdds
    self.routeEdges = routeEdges
  }

  /// Every kind of value.
  public static let allKinds = RandomPropertyList(kinds: Set(PropertyList.Kind.allCases))
  /// Every kind, extended values and deep nesting: the differential tests' generator. Up to
  /// 150 levels: the JSON that carries values from plistlib nests three levels for each
  /// dictionary, and Foundation's `JSONSerialization` reads at most 512.
  public static let differential = RandomPropertyList(
    kinds: Set(PropertyList.Kind.allCases), extendedValues: true, deepNesting: 40...150)
  /// What the OpenStep form can hold: strings, data, arrays and dictionaries.
  public static let openStepKinds = RandomPropertyList(kinds: [.string, .data, .array, .dictionary])
  /// Every kind, extended values and the route edges, small enough that a few hundred values
  /// take every route in seconds: the route tests' generator.
  public static let routes = RandomPropertyList(
    kinds: Set(PropertyList.Kind.allCases), maximumDepth: 3, maximumCount: 5, extendedValues: true, routeEdges: true)

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

  /// A random value; `depth` is how deep it will sit (containers stop at ``maximumDepth``).
  public func make<Generator: RandomNumberGenerator>(using generator: inout Generator, depth: Int = 0) -> PropertyList {
    if depth == 0, routeEdges {
      // Mostly a container at the root: a document of one scalar takes few of the routes.
      var root: PropertyList
      if Int.random(in: 0..<5, using: &generator) == 0 {
        root = makeValue(using: &generator, depth: 0)
      } else {
        let count = Int.random(in: 1...maximumCount, using: &generator)
        if Bool.random(using: &generator) {
          root = .array((0..<count).map { _ in makeValue(using: &generator, depth: 1) })
        } else {
          var dictionary = PropertyListDictionary()
          for _ in 0..<count { dictionary[makeString(using: &generator)] = makeValue(using: &generator, depth: 1) }
          root = .dictionary(dictionary)
        }
      }
      var pool: [PropertyList] = []
      return sharing(root, pool: &pool, using: &generator)
    }
    return makeValue(using: &generator, depth: depth)
  }

  private func makeValue<Generator: RandomNumberGenerator>(using generator: inout Generator, depth: Int) -> PropertyList
  {
    if depth == 0, let deepNesting, Int.random(in: 0..<deepNestingOdds, using: &generator) == 0 {
      var value = makeValue(using: &generator, depth: maximumDepth)
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
    if routeEdges, let edge = makeRouteEdge(using: &generator, depth: depth) { return edge }
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
        (0..<Int.random(in: 0...maximumCount, using: &generator)).map { _ in
          makeValue(using: &generator, depth: depth + 1)
        }
      )
    case .dictionary:
      var dictionary = PropertyListDictionary()
      for _ in 0..<Int.random(in: 0...maximumCount, using: &generator) {
        dictionary[makeString(using: &generator)] = makeValue(using: &generator, depth: depth + 1)
      }
      return .dictionary(dictionary)
    }
  }

  /// One time in four, an extended edge value of a kind this generator makes.
  private func makeExtended<Generator: RandomNumberGenerator>(using generator: inout Generator) -> PropertyList? {
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

  private func makeExtendedString<Generator: RandomNumberGenerator>(using generator: inout Generator) -> String {
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

  private func makeString<Generator: RandomNumberGenerator>(using generator: inout Generator) -> String {
    if routeEdges, Int.random(in: 0..<8, using: &generator) == 0 {
      return Self.routeStrings.randomElement(using: &generator)!
    }
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

// MARK: - Route edges

extension RandomPropertyList {
  /// Strings that some route refuses or reads otherwise: C0 controls and U+FFFE/U+FFFF (XML 1.0
  /// has no form for them), carriage returns (XML readers normalize a raw one), `$null` (the
  /// Codable coders' nil), and strings long enough to be stored apart (shared by storage).
  static let routeStrings = [
    "\u{1}", "a\u{8}b", "\u{B}\u{C}", "\u{1F}", "x\u{7F}", "\u{FFFE}", "a\u{FFFF}", "\u{0}", "$null", "\r", "a\r\nb",
    "a string long enough to be stored apart", "cafe\u{301} au lait, long enough to be stored apart",
  ]

  /// Keys that Swift's `==` takes for one and a property list keeps apart: precomposed and
  /// decomposed forms (NFC, NFD and the Ångström sign).
  static let equivalentKeys = [
    ["\u{E9}", "e\u{301}"], ["\u{C5}", "A\u{30A}", "\u{212B}"], ["\u{1E69}", "s\u{323}\u{307}", "s\u{307}\u{323}"],
    ["\u{AC01}", "\u{1100}\u{1161}\u{11A8}"],
  ]

  /// Dictionaries that a text form may read as something else: the `CF$UID` reference that XML
  /// and plain JSON read as a UID (with a non-negative integer only), and the one-member objects
  /// that typed JSON reads as its tags.
  static let lookalikes: [PropertyList] = [
    ["CF$UID": 7], ["CF$UID": .integer(UInt64.max)], ["CF$UID": 0], ["CF$UID": -1], ["CF$UID": "7"], ["CF$UID": 1.0],
    ["CF$UID": 7, "more": 1], ["$uid": 3], ["$date": "2001-01-01T00:00:00Z"], ["$date": 1.5], ["$real": "NaN"],
    ["$data": "AAEC"], ["$dict": [:]], ["$dict": ["$uid": 1]], ["$null": "x"], ["$uid": "x"],
  ]

  /// Reals and dates whose bits a text form may not keep: signed zeros, infinities, NaNs with
  /// other signs and payloads, fractions of a second.
  static let routeReals: [Double] = [
    -0.0, .infinity, -.infinity, .nan, -.nan, Double(bitPattern: 0x7FF4_0000_0000_0001),
    Double(bitPattern: 0xFFF8_0000_0000_0005), 0.5, -0.5, 1e-9, -1e-9, 0.999_999,
  ]

  /// One time in six, a route edge: a string or a dictionary of the ones above, a dictionary
  /// holding canonically equivalent keys, or a real or date of the ones above.
  fileprivate func makeRouteEdge<Generator: RandomNumberGenerator>(
    using generator: inout Generator, depth: Int
  ) -> PropertyList? {
    guard Int.random(in: 0..<6, using: &generator) == 0 else { return nil }
    switch Int.random(in: 0..<5, using: &generator) {
    case 0 where kinds.contains(.string): return .string(Self.routeStrings.randomElement(using: &generator)!)
    case 3 where kinds.contains(.real): return .real(Self.routeReals.randomElement(using: &generator)!)
    case 4 where kinds.contains(.date):
      return .date(PropertyListDate(secondsSinceReferenceDate: Self.routeReals.randomElement(using: &generator)!))
    case 1 where kinds.contains(.dictionary): return Self.lookalikes.randomElement(using: &generator)!
    case 2 where kinds.contains(.dictionary) && depth < maximumDepth:
      var dictionary = PropertyListDictionary()
      for key in Self.equivalentKeys.randomElement(using: &generator)!.shuffled(using: &generator) {
        dictionary[key] = makeValue(using: &generator, depth: depth + 1)
      }
      return .dictionary(dictionary)
    default: return nil
    }
  }

  /// `value` with some of its containers and long strings replaced by one met before it in a
  /// depth-first walk (never one that holds it): one storage at several places, as a binary
  /// plist that references one object from several places reads back.
  fileprivate func sharing<Generator: RandomNumberGenerator>(
    _ value: PropertyList, pool: inout [PropertyList], using generator: inout Generator
  ) -> PropertyList {
    if !pool.isEmpty, Int.random(in: 0..<5, using: &generator) == 0 {
      return pool[Int.random(in: 0..<pool.count, using: &generator)]
    }
    let result: PropertyList
    switch value {
    case .array(let elements) where !elements.isEmpty:
      var shared: [PropertyList] = []
      for element in elements { shared.append(sharing(element, pool: &pool, using: &generator)) }
      result = .array(shared)
    case .dictionary(let dictionary) where !dictionary.isEmpty:
      var values: [PropertyList] = []
      for element in dictionary.values { values.append(sharing(element, pool: &pool, using: &generator)) }
      result = .dictionary(PropertyListDictionary(keys: dictionary.keys, values: values))
    case .string(let string) where string.utf8.count > 15:
      result = value
    default:
      return value
    }
    pool.append(result)
    return result
  }
}
