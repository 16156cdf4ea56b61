import Foundation
import KeyedArchive
import PlistKit

/// A node of a random object graph. It is a class so that a node placed in two containers is
/// one object, a shared reference, once it is made into Foundation objects.
final class ArchiveNode {
  enum Content {
    case string(String)
    case integer(PropertyListInteger)
    case real(Double)
    case boolean(Bool)
    case data([UInt8])
    case date(Double)
    case null
    case uuid([UInt8])
    case url(relative: String, base: String?)
    case array([ArchiveNode], mutable: Bool)
    case dictionary([(key: String, value: ArchiveNode)], mutable: Bool)
    /// Strings and integers only: Foundation's sets hash their elements, and containers as
    /// elements would compare by value, not by the structure checked here.
    case set([ArchiveNode])
  }

  let content: Content

  init(_ content: Content) { self.content = content }

  var isContainer: Bool {
    switch content {
    case .array, .dictionary, .set: true
    default: false
    }
  }
}

/// Seeded random object graphs of Foundation's built-in classes, nested and with shared
/// references (a finished container is sometimes placed again elsewhere; never inside itself,
/// so there are no cycles, which Foundation on Linux cannot decode through its collections).
struct RandomObjectGraph {
  private var state: UInt64
  private var finished: [ArchiveNode] = []
  var maximumDepth = 5
  var maximumCount = 5

  init(seed: UInt64) { state = seed }

  /// SplitMix64, as the plist tests' generator: the same seed makes the same graph anywhere.
  private mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  private mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  private mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

  static let strings = [
    "", "a", "NS.objects", "$null", "$class", "café", "cafe\u{301}", "\u{1F600}", "日本語", "\u{E000}", "\u{F8FF}",
    "\u{F0000}", "\u{10FFFD}", "\u{10FFFF}", "\u{1D11E}", "\u{FFFD}", "line\nbreak", "tab\t", "\u{0}nul", "a\rb",
    "\u{FEFF}bom", "<&>", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "Å", "\u{212B}", "CF$UID",
  ]

  static let integers: [PropertyListInteger] = [
    0, 1, -1, 127, 128, 255, 256, -129, 65_535, 65_536, PropertyListInteger(Int64.max), PropertyListInteger(Int64.min),
    PropertyListInteger(Int64(Int32.max)), PropertyListInteger(Int64(Int32.min)),
    PropertyListInteger(UInt64(UInt32.max)),
    PropertyListInteger(UInt64.max), PropertyListInteger(UInt64(Int64.max) + 1),
  ]

  static let reals: [Double] = [
    0, -0.0, 1, -1, 0.1, 1.0 / 3.0, .pi, 1e300, -1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
    .infinity, -.infinity, .nan, 1e16, 0.5,
  ]

  static let dates: [Double] = [0, -0.0, 1.5, -1.25, 1e9, -63_113_904_000, 252_423_993_599, 1e15, 0.001, -978_307_200]

  static let urls: [(relative: String, base: String?)] = [
    ("https://example.com/a/b?q=1#top", nil), ("page.html", "https://example.com/a/"), ("../up", "file:///tmp/x/"),
    ("file:///tmp/a%20b", nil), ("mailto:someone@example.com", nil), ("sub/dir/", "http://h:8080/"),
    ("%E2%82%AC", "https://example.com/"),
  ]

  /// A graph's root.
  mutating func make() -> ArchiveNode {
    finished = []
    return make(depth: 0)
  }

  private mutating func make(depth: Int) -> ArchiveNode {
    if depth > 0, !finished.isEmpty, below(3) == 0 { return pick(finished) }
    let kind = depth >= maximumDepth ? below(9) : below(13)
    let node: ArchiveNode
    switch kind {
    case 0: node = ArchiveNode(.string(makeString()))
    case 1: node = ArchiveNode(.integer(makeInteger()))
    case 2: node = ArchiveNode(.real(below(2) == 0 ? pick(Self.reals) : Double(bitPattern: next())))
    case 3: node = ArchiveNode(.boolean(below(2) == 0))
    case 4: node = ArchiveNode(.data((0..<below(20)).map { _ in UInt8(truncatingIfNeeded: next()) }))
    case 5:
      node = ArchiveNode(.date(below(2) == 0 ? pick(Self.dates) : Double(Int64(bitPattern: next()) >> 30) / 8))
    case 6: node = ArchiveNode(.null)
    case 7: node = ArchiveNode(.uuid((0..<16).map { _ in UInt8(truncatingIfNeeded: next()) }))
    case 8:
      let url = pick(Self.urls)
      node = ArchiveNode(.url(relative: url.relative, base: url.base))
    case 9, 10:
      node = ArchiveNode(
        .array((0..<below(maximumCount + 1)).map { _ in make(depth: depth + 1) }, mutable: below(2) == 0))
    case 11:
      // Keys unique by Swift's `==` (canonical equivalence): Foundation on Linux keeps only one
      // of "é" and "e\u{301}" in a dictionary (see DESIGN.md, "Known traps").
      var keys = Set<String>()
      var entries: [(key: String, value: ArchiveNode)] = []
      for _ in 0..<below(maximumCount + 1) {
        let key = makeString()
        if keys.insert(key).inserted { entries.append((key, make(depth: depth + 1))) }
      }
      node = ArchiveNode(.dictionary(entries, mutable: below(2) == 0))
    default:
      var strings = Set<String>()
      var integers = Set<PropertyListInteger>()
      var elements: [ArchiveNode] = []
      for _ in 0..<below(maximumCount + 1) {
        if below(2) == 0 {
          let string = makeString()
          if strings.insert(string).inserted { elements.append(ArchiveNode(.string(string))) }
        } else {
          let integer = makeInteger()
          if integers.insert(integer).inserted { elements.append(ArchiveNode(.integer(integer))) }
        }
      }
      node = ArchiveNode(.set(elements))
    }
    if node.isContainer { finished.append(node) }
    return node
  }

  private mutating func makeString() -> String {
    if below(2) == 0 { return pick(Self.strings) }
    let ranges: [ClosedRange<UInt32>] = [
      0x20...0x7E, 0xA0...0x2FF, 0x300...0x36F, 0x4E00...0x4E40, 0xE000...0xF8FF, 0x1F300...0x1F3FF,
      0xF0000...0xFFFFD, 0x100000...0x10FFFD,
    ]
    var scalars = String.UnicodeScalarView()
    for _ in 0..<(1 + below(8)) {
      let range = pick(ranges)
      scalars.append(Unicode.Scalar(range.lowerBound + UInt32(below(Int(range.upperBound - range.lowerBound) + 1)))!)
    }
    return String(scalars)
  }

  private mutating func makeInteger() -> PropertyListInteger {
    below(2) == 0 ? pick(Self.integers) : PropertyListInteger(Int64(bitPattern: next()) >> Int64(below(64)))
  }
}

/// What Foundation's NSKeyedArchiver and NSKeyedUnarchiver on Linux can carry of a graph.
/// Their limits, each left out of graphs sent through them (sharing kept: a shared container
/// stays one node):
/// - the archiver uniques strings by `isEqual`, which is canonical equivalence, so of two
///   strings such as "\u{C5}" and "\u{212B}" anywhere in one archive it may write only the
///   first and refer to it for both (whether it does depends on hashing; DESIGN.md, "Known
///   traps"): when Foundation archives, a string canonically equivalent to an earlier,
///   different one is left out;
/// - it uniques numbers by `isEqual` too, which compares numeric values, so `true`, `1` and
///   `1.0` (or `0` and `-0.0`, or `UInt64.max` and `-1`) in one archive may become one object
///   of the first one's type (or trap its table, where `isEqual` and `hash` disagree):
///   when Foundation archives, a number equal in value to an earlier one of another type or
///   bits is left out; so is a date equal in value to an earlier one with other bits (`0.0`
///   and `-0.0`): NSDate's `isEqual` and `hash` disagree there, and the archiver's table can
///   trap on such pairs;
/// - the unarchiver decodes every string object `$null` as nil, not only the reference to
///   object 0, and then pairs an NSDictionary's remaining keys with the wrong objects: when
///   Foundation unarchives, the string `$null` is left out (as an element, a key or a value);
/// - in XML, its reader drops a U+FEFF at the start of a string, as if it were a byte order
///   mark: such a U+FEFF is removed;
/// - in XML, the characters XML 1.0 cannot hold (U+0000–U+001F but tab, line feed and
///   carriage return; U+FFFE, U+FFFF) are removed: that is the format's limit, PlistKit's
///   writer refuses them;
/// - a key or set element that becomes a duplicate of another through this is left out.
struct FoundationLimits {
  let format: PropertyListFormat
  let foundationArchives: Bool
  let foundationUnarchives: Bool
  private var restricted: [ObjectIdentifier: ArchiveNode?] = [:]
  /// Canonical-equivalence class → the exact string first kept.
  private var firstEquivalent: [String: String] = [:]
  /// Numeric value → the text of the number first kept.
  private var firstNumber: [String: String] = [:]
  /// Seconds → the text of the date first kept.
  private var firstDate: [Double: String] = [:]

  init(format: PropertyListFormat, foundationArchives: Bool, foundationUnarchives: Bool) {
    self.format = format
    self.foundationArchives = foundationArchives
    self.foundationUnarchives = foundationUnarchives
  }

  mutating func restrict(_ node: ArchiveNode) -> ArchiveNode? {
    if let known = restricted[ObjectIdentifier(node)] { return known }
    let result: ArchiveNode?
    switch node.content {
    case .integer, .real, .boolean, .date:
      result = foundationArchives && !isFirstOfItsValue(node) ? nil : node
    case .string(let string):
      result = text(string).map {
        $0.unicodeScalars.elementsEqual(string.unicodeScalars) ? node : ArchiveNode(.string($0))
      }
    case .array(let elements, let mutable):
      result = ArchiveNode(.array(elements.compactMap { restrict($0) }, mutable: mutable))
    case .dictionary(let entries, let mutable):
      var keys = Set<String>()
      var kept: [(key: String, value: ArchiveNode)] = []
      for (key, value) in entries {
        guard let key = text(key), let value = restrict(value), keys.insert(key).inserted else { continue }
        kept.append((key, value))
      }
      result = ArchiveNode(.dictionary(kept, mutable: mutable))
    case .set(let elements):
      var strings = Set<String>()
      result = ArchiveNode(
        .set(
          elements.compactMap { element in
            guard let kept = restrict(element) else { return nil }
            if case .string(let string) = kept.content, !strings.insert(string).inserted { return nil }
            return kept
          }))
    default: result = node
    }
    restricted[ObjectIdentifier(node)] = .some(result)
    return result
  }

  /// True unless an earlier number has the same numeric value but another kind or bits.
  private mutating func isFirstOfItsValue(_ node: ArchiveNode) -> Bool {
    let value: Double
    switch node.content {
    case .integer(let integer): value = integer.doubleValue
    case .real(let real): value = real
    case .boolean(let bool): value = bool ? 1 : 0
    case .date(let seconds):
      let text = ArchiveValueText.of(node)
      if let first = firstDate[seconds] { return first == text }
      firstDate[seconds] = text
      return true
    default: return true
    }
    let text = ArchiveValueText.of(node)
    // Every NaN is one value here: NSNumber's `isEqual` holds between NaNs whose hashes differ.
    var keys = [value.isNaN ? "nan" : String(value + 0)]
    // An unsigned integer above Int64.max has the bits of a negative one, which NSNumber may
    // take for equal.
    if case .integer(let integer) = node.content { keys.append("bits \(integer.bitPattern)") }
    for key in keys {
      if let first = firstNumber[key], first != text { return false }
    }
    for key in keys { firstNumber[key] = text }
    return true
  }

  /// The string as sent, or nil when it is left out.
  private mutating func text(_ string: String) -> String? {
    var scalars = String.UnicodeScalarView()
    for scalar in string.unicodeScalars {
      guard format == .xml else {
        scalars.append(scalar)
        continue
      }
      switch scalar.value {
      case 0xFEFF where scalars.isEmpty: continue
      case 0x9, 0xA, 0xD, 0x20...0xFFFD, 0x10000...: scalars.append(scalar)
      default: continue
      }
    }
    let text = String(scalars)
    if foundationUnarchives, text.unicodeScalars.elementsEqual("$null".unicodeScalars) { return nil }
    if foundationArchives {
      // `String`'s dictionary keys are canonical-equivalence classes.
      if let first = firstEquivalent[text] {
        return first.unicodeScalars.elementsEqual(text.unicodeScalars) ? text : nil
      }
      firstEquivalent[text] = text
    }
    return text
  }
}
