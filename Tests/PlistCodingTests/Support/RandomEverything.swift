import Foundation
import PropertyListRoutes

/// The seeded generator shared with the other targets' seeded tests.
typealias SeededGenerator = PropertyListRoutes.SeededGenerator

/// Random values of ``Everything``, biased toward edges: the extreme integers of each width,
/// reals from their bit patterns (subnormals, huge values, `-0.0`), strings with XML's special
/// characters, non-ASCII and astral characters, empty containers and absent optionals.
///
/// What every coder and format carries exactly, so that a value written and read back must be
/// equal: dates in whole seconds (XML writes no fractions) between the years 1900 and 2100, no
/// NaN (it equals nothing), strings without carriage returns or the characters XML 1.0 cannot
/// hold (Foundation writes both raw, and neither reads back), keys without combining marks
/// (Foundation merges canonically equivalent keys), and no key `$null` (Foundation's decoder
/// cannot decode a `[String: V]` holding it: it reads the key as `nil`).
struct RandomEverything {
  var generator: SeededGenerator

  init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

  private mutating func chance(_ odds: Int) -> Bool { Int.random(in: 0..<odds, using: &generator) == 0 }

  mutating func integer<T: FixedWidthInteger>(_ type: T.Type) -> T {
    switch Int.random(in: 0..<6, using: &generator) {
    case 0: return .max
    case 1: return .min
    case 2: return 0
    case 3: return T(truncatingIfNeeded: Int8.random(in: -100...100, using: &generator))
    default: return T(truncatingIfNeeded: generator.next())
    }
  }

  mutating func double() -> Double {
    if chance(4) {
      return [0.0, -0.0, 1.0, 0.1, -2.5, 1e16, 1e-7, .pi, .greatestFiniteMagnitude].randomElement(using: &generator)!
    }
    while true {
      let value = Double(bitPattern: generator.next())
      if value.isFinite { return value }
    }
  }

  mutating func float() -> Float {
    if chance(4) { return [0, -0.0, 1, 0.1, 3.4e38, .leastNonzeroMagnitude].randomElement(using: &generator)! }
    while true {
      let value = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
      if value.isFinite { return value }
    }
  }

  private static let pieces = [
    "a", "Z", "0", " ", "<", ">", "&", "\"", "'", "\n", "\t", "é", "ß", "日本", "😀", "\u{10FFFF}", "$", "=", ";", "\\",
    "ｶ", "🇫🇷", "Ω", "-", ".", "/",
  ]

  mutating func string(maximumLength: Int = 12) -> String {
    if chance(10) { return "" }
    var text = ""
    for _ in 0..<Int.random(in: 1...maximumLength, using: &generator) {
      text += Self.pieces.randomElement(using: &generator)!
    }
    return text
  }

  /// A dictionary key: any string but one with combining marks.
  mutating func key() -> String {
    chance(3) ? ["a", "name", "Z", "é", "key.with.dots", "1", "$class"].randomElement(using: &generator)! : string()
  }

  mutating func date() -> Date {
    Date(timeIntervalSinceReferenceDate: Double(Int64.random(in: -3_155_760_000...3_155_760_000, using: &generator)))
  }

  mutating func data() -> Data {
    Data(
      (0..<Int.random(in: 0...(chance(8) ? 200 : 12), using: &generator)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      })
  }

  mutating func url() -> URL {
    let paths = [
      "https://example.com/", "file:///tmp/a%20b", "https://example.com/a?b=c&d=%C3%A9#frag", "relative/path",
    ]
    let relative = URL(string: paths.randomElement(using: &generator)!)!
    return chance(3) ? URL(string: "page.html", relativeTo: relative)! : relative
  }

  mutating func uuid() -> UUID {
    var bytes = [UInt8](repeating: 0, count: 16)
    for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9], bytes[10],
        bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }

  mutating func optional<T>(_ make: (inout Self) -> T) -> T? { chance(3) ? nil : make(&self) }

  mutating func array<T>(_ maximumCount: Int = 5, _ make: (inout Self) -> T) -> [T] {
    (0..<Int.random(in: 0...maximumCount, using: &generator)).map { _ in make(&self) }
  }

  mutating func shape() -> Shape {
    switch Int.random(in: 0..<4, using: &generator) {
    case 0: return .circle(radius: double())
    case 1: return .rectangle(width: integer(Int.self), height: integer(Int.self))
    case 2: return .labelled(string(), integer(Int.self))
    default: return .point
    }
  }

  mutating func inner() -> Inner {
    Inner(
      name: string(), count: optional { $0.integer(Int.self) }, when: optional { $0.date() },
      blob: optional { $0.data() })
  }

  mutating func everything() -> Everything {
    Everything(
      int: integer(Int.self), int8: integer(Int8.self), int16: integer(Int16.self), int32: integer(Int32.self),
      int64: integer(Int64.self), uint: integer(UInt.self), uint8: integer(UInt8.self), uint16: integer(UInt16.self),
      uint32: integer(UInt32.self), uint64: integer(UInt64.self), float: float(), double: double(),
      bool: chance(2), string: string(maximumLength: 40), date: date(), data: data(), url: url(), uuid: uuid(),
      color: Color.allCases.randomElement(using: &generator)!, level: Level.allCases.randomElement(using: &generator)!,
      shape: shape(), inner: inner(), optionalInner: optional { $0.inner() }, optionalString: optional { $0.string() },
      optionalInt: optional { $0.integer(Int.self) }, strings: array { $0.string() },
      optionals: array { $0.optional { $0.integer(Int.self) } },
      byName: Dictionary(array { ($0.key(), $0.integer(Int.self)) }, uniquingKeysWith: { first, _ in first }),
      byNumber: Dictionary(array { ($0.integer(Int.self), $0.string()) }, uniquingKeysWith: { first, _ in first }),
      matrix: array(3) { $0.array(3) { $0.double() } }, tags: Set(array { $0.string() }),
      shapes: array(3) { $0.shape() },
      animal: Dog(name: string(), barks: integer(Int.self)))
  }
}
