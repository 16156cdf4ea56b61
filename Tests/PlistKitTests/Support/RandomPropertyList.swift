import PlistKit

/// A deterministic generator of random property lists for round-trip tests of every format.
///
/// The same seed gives the same values on every platform (SplitMix64, no system randomness).
/// Values cover every kind, nesting, edge numbers (`Int64.min`, `UInt64.max`, `-0.0`, NaN,
/// infinities, subnormals), and Unicode that trips up naive code: astral characters,
/// precomposed and decomposed "é" (equal under Swift's `==`, distinct in a plist), NUL and
/// other control characters, and dictionary keys that differ only that way.
///
/// Formats that cannot hold everything narrow the ``Configuration``.
struct RandomPropertyList {
  /// What the generated values may contain.
  struct Configuration {
    /// The kinds of values generated; arrays and dictionaries nest when present.
    var kinds: Set<PropertyList.Kind> = Set(PropertyList.Kind.allCases)
    /// Allow NaN and the infinities as reals (and dates).
    var nonFiniteReals = true
    /// Allow C0 control characters (other than tab, newline and carriage return) and NUL in strings.
    var controlCharacters = true
    /// Allow integers above `Int64.max`.
    var unsignedIntegers = true
    /// The deepest nesting of containers.
    var maximumDepth = 4
    /// The most elements in one container.
    var maximumCount = 6

    /// Everything.
    static let all = Configuration()
  }

  /// SplitMix64: tiny, fast and the same everywhere.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  var configuration: Configuration
  var generator: Generator

  init(seed: UInt64, configuration: Configuration = .all) {
    self.configuration = configuration
    generator = Generator(state: seed)
  }

  /// `count` values from consecutive draws of one generator.
  static func values(count: Int, seed: UInt64, configuration: Configuration = .all) -> [PropertyList] {
    var random = RandomPropertyList(seed: seed, configuration: configuration)
    return (0..<count).map { _ in random.value() }
  }

  /// One value; the top is a container when the configuration has one, as most files are.
  mutating func value() -> PropertyList {
    let containers = configuration.kinds.intersection([.array, .dictionary]).sorted { $0.rawValue < $1.rawValue }
    guard let kind = containers.randomElement(using: &generator) else { return scalar() }
    return container(kind, depth: 1)
  }

  private mutating func anyValue(depth: Int) -> PropertyList {
    var kinds = configuration.kinds
    if depth >= configuration.maximumDepth { kinds.subtract([.array, .dictionary]) }
    // Scalars three times as often as containers, so trees stay small.
    let choices = kinds.sorted { $0.rawValue < $1.rawValue }.flatMap { kind in
      [.array, .dictionary].contains(kind) ? [kind] : [kind, kind, kind]
    }
    guard let kind = choices.randomElement(using: &generator) else { return .string("") }
    switch kind {
    case .array, .dictionary: return container(kind, depth: depth + 1)
    default: return scalar(kind)
    }
  }

  private mutating func container(_ kind: PropertyList.Kind, depth: Int) -> PropertyList {
    let count = Int.random(in: 0...configuration.maximumCount, using: &generator)
    if kind == .array {
      return .array((0..<count).map { _ in anyValue(depth: depth) })
    }
    var dictionary = PropertyListDictionary()
    for _ in 0..<count { dictionary[string()] = anyValue(depth: depth) }
    return .dictionary(dictionary)
  }

  /// A scalar of a random allowed kind (a string when no scalar kind is allowed).
  private mutating func scalar() -> PropertyList {
    let scalars = configuration.kinds.subtracting([.array, .dictionary]).sorted { $0.rawValue < $1.rawValue }
    return scalar(scalars.randomElement(using: &generator) ?? .string)
  }

  private mutating func scalar(_ kind: PropertyList.Kind) -> PropertyList {
    switch kind {
    case .string: return .string(string())
    case .integer: return .integer(integer())
    case .real: return .real(real())
    case .boolean: return .boolean(Bool.random(using: &generator))
    case .date: return .date(PropertyListDate(secondsSinceReferenceDate: date()))
    case .data:
      let count = [0, 1, 3, 14, 15, 16, 40, 300].randomElement(using: &generator)!
      return .data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    case .uid:
      return .uid(
        [0, 1, 255, 256, 65_535, 65_536, UInt64(UInt32.max), UInt64.random(in: 0...1000, using: &generator)]
          .randomElement(using: &generator)!)
    case .array, .dictionary: return .string(string())
    }
  }

  private mutating func integer() -> PropertyListInteger {
    var edges: [PropertyListInteger] = [
      0, 1, -1, 14, 15, 16, 127, 128, 255, 256, 65_535, 65_536, -65_536,
      PropertyListInteger(Int64(UInt32.max)), PropertyListInteger(Int64(UInt32.max) + 1),
      PropertyListInteger(Int64.max), PropertyListInteger(Int64.min), PropertyListInteger(Int64.min + 1),
    ]
    if configuration.unsignedIntegers {
      edges += [PropertyListInteger(UInt64.max), PropertyListInteger(UInt64(Int64.max) + 1)]
    }
    switch Int.random(in: 0..<3, using: &generator) {
    case 0: return edges.randomElement(using: &generator)!
    case 1: return PropertyListInteger(Int64.random(in: -1000...1000, using: &generator))
    default: return PropertyListInteger(Int64(bitPattern: generator.next()))
    }
  }

  private mutating func real() -> Double {
    var edges: [Double] = [
      0, -0.0, 1, -1, 0.1, 1.5, 1e300, -1e-300, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
      Double(Int64.max), 123_456_789.125,
    ]
    if configuration.nonFiniteReals { edges += [.infinity, -.infinity, .nan] }
    switch Int.random(in: 0..<3, using: &generator) {
    case 0: return edges.randomElement(using: &generator)!
    case 1: return Double(Int.random(in: -100_000...100_000, using: &generator)) / 64
    default:
      let value = Double(bitPattern: generator.next())
      return value.isFinite || configuration.nonFiniteReals ? value : 2.5
    }
  }

  /// Dates stay within years 1…9999 (Python's `datetime` range, and ISO 8601's four digits).
  private mutating func date() -> Double {
    let seconds: [Double] = [
      0, -1, 1.5, 978_307_200, -978_307_200, 700_000_000.25, -63_113_904_000, 252_423_993_599, 3_000_000_000,
    ]
    if Bool.random(using: &generator) { return seconds.randomElement(using: &generator)! }
    return Double(Int.random(in: -4_000_000_000...4_000_000_000, using: &generator))
  }

  /// A string from tricky pieces and random scalars of every plane.
  mutating func string() -> String {
    var pieces = [
      "", "a", "key", "hello world", "é", "e\u{301}", "\u{1F600}", "日本語", "Ω≈ç√", "<&>\"'", " lead", "trail ",
      "line\nbreak", "tab\there", "$null", "NS.objects", "1", "true", "\u{FEFF}bom", "\u{10FFFF}",
      String(repeating: "x", count: 15), String(repeating: "ü", count: 20),
    ]
    if configuration.controlCharacters { pieces += ["\0", "nul\0inside", "\u{1}\u{1F}", "\u{7F}"] }
    var result = ""
    for _ in 0..<Int.random(in: 1...3, using: &generator) {
      if Int.random(in: 0..<4, using: &generator) == 0 {
        result.unicodeScalars.append(randomScalar())
      } else {
        result += pieces.randomElement(using: &generator)!
      }
    }
    return result
  }

  private mutating func randomScalar() -> Unicode.Scalar {
    let ranges: [ClosedRange<UInt32>] =
      configuration.controlCharacters
      ? [0x0...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF]
      : [0x20...0x7E, 0xA0...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFD]
    let range = ranges.randomElement(using: &generator)!
    while true {
      let value = UInt32.random(in: range, using: &generator)
      if let scalar = Unicode.Scalar(value), configuration.controlCharacters || !(0xFDD0...0xFDEF).contains(value) {
        return scalar
      }
    }
  }
}
