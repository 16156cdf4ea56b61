import Foundation
import PlistKit
import PropertyListRoutes
import Testing

/// Every route gives the same result: random values with the edges (±0.0, NaN and ±∞ reals,
/// dates with fractions and NaN, 0 and `UInt64.max`, UIDs, empty containers, canonically
/// equivalent keys side by side, control characters, look-alikes of `CF$UID` and of typed JSON's
/// tags, containers and strings shared between places) through every writer, stream writer,
/// conversion between two formats, the Codable coders and the document layer
/// (``RouteAgreement``): the same value back where the format holds it, the documented value
/// where it holds it otherwise, the documented refusal where it cannot.
///
/// Seeded: `PLISTKIT_ROUTES_SEED` explores another seed, `PLISTKIT_ROUTES_CASES` runs more
/// cases, `PLISTKIT_ROUTES_CASE` replays one; a failure prints the seed, the case and the
/// smallest value that still fails. `Fuzz/run.sh routes` runs the same routes on values that
/// libFuzzer's bytes make or that a reader reads from them.
@Suite("Every route gives the same result")
struct RouteAgreementPropertyTests {
  /// The seed `swift test` runs.
  static let defaultSeed: UInt64 = 0x2_0075
  static let seed = ProcessInfo.processInfo.environment["PLISTKIT_ROUTES_SEED"].flatMap { UInt64($0) } ?? defaultSeed
  static let cases = ProcessInfo.processInfo.environment["PLISTKIT_ROUTES_CASES"].flatMap { Int($0) } ?? 240

  /// The cases to run: all of them, or the one to replay.
  static var indices: [Int] {
    if let index = ProcessInfo.processInfo.environment["PLISTKIT_ROUTES_CASE"].flatMap({ Int($0) }) { return [index] }
    return Array(0..<cases)
  }

  /// Case `index` of the run with `seed`: its value, and whether the text forms are indented.
  static func value(_ index: Int, seed: UInt64 = seed) -> (value: PropertyList, pretty: Bool) {
    // One generator per case, so that a failing case replays alone.
    var generator = SeededGenerator(seed: seed ^ (UInt64(index) &* 0xA24B_AED4_963E_E407))
    let value = RandomPropertyList.routes.make(using: &generator)
    return (value, Bool.random(using: &generator))
  }

  @Test("random values with the edges agree on every route")
  func randomValues() {
    var tally = RouteTally()
    var failed = 0
    for index in Self.indices {
      let (value, pretty) = Self.value(index)
      let routes = RouteAgreement(pretty: pretty)
      let failures = routes.failures(for: value, tally: &tally)
      guard let first = failures.first else { continue }
      failed += 1
      guard failed <= 3 else { continue }
      let smallest = RouteShrinking.smallest(value) { candidate in
        routes.failures(for: candidate).contains { $0.route == first.route }
      }
      let others = failures.dropFirst().prefix(4).map { "\n  also \($0)" }.joined()
      Issue.record(
        """
        PLISTKIT_ROUTES_SEED=\(Self.seed) PLISTKIT_ROUTES_CASE=\(index): \(first)\(others)
          smallest value that fails \(first.route): \(RouteText.describe(smallest))
            \(routes.failures(for: smallest).first.map(String.init(describing:)) ?? "")
        """)
    }
    #expect(failed == 0, "\(failed) of \(Self.indices.count) cases failed (seed \(Self.seed))")
    // A run that took no route would prove nothing.
    if Self.indices.count == Self.cases, Self.cases >= 100 {
      #expect(tally.writes > 20 * Self.cases && tally.refusals > Self.cases, "\(tally)")
      #expect(tally.streamedConversions > 5 * Self.cases && tally.valueConversions > Self.cases, "\(tally)")
      #expect(tally.decodings > 2 * Self.cases && tally.encodings > 2 * Self.cases, "\(tally)")
      #expect(tally.documents > 5 * Self.cases, "\(tally)")
    }
  }

  /// The edges the issue names, each alone and all together: every route holds them as the
  /// random run does, whatever the seed makes.
  static let edges: [PropertyList] = [
    .real(0.0), .real(-0.0), .real(.nan), .real(-.nan), .real(Double(bitPattern: 0x7FF4_0000_0000_0001)),
    .real(.infinity),
    .real(-.infinity), .date(PropertyListDate(secondsSinceReferenceDate: 0.5)),
    .date(PropertyListDate(secondsSinceReferenceDate: -0.25)), .date(PropertyListDate(secondsSinceReferenceDate: -0.0)),
    .date(PropertyListDate(secondsSinceReferenceDate: .nan)),
    .date(PropertyListDate(secondsSinceReferenceDate: .infinity)),
    .integer(0), .integer(UInt64.max), .integer(Int64.min), .uid(0), .uid(UInt64.max), [], [:] as PropertyList,
    ["\u{E9}": 1, "e\u{301}": 2], ["\u{212B}": [], "\u{C5}": [:], "A\u{30A}": ""], "\u{1}", "a\u{1F}b", "\u{FFFE}",
    "\r\n", "$null", ["$null": "$null"], ["CF$UID": 3], ["CF$UID": -3], ["$uid": 3], ["$date": 1.5], [1, 1.0, true],
  ]

  @Test("each edge agrees on every route", arguments: edges.indices)
  func edge(index: Int) {
    let value = Self.edges[index]
    for pretty in [true, false] {
      let failures = RouteAgreement(pretty: pretty).failures(for: value)
      #expect(failures.isEmpty, "\(RouteText.describe(value)): \(failures.map(\.description).joined(separator: "\n"))")
    }
  }

  @Test("one container and one long string at several places agree on every route, and binary keeps them shared")
  func sharedValues() throws {
    let long = PropertyList.string("a string long enough to be stored apart from its value")
    let inner: PropertyList = ["x": [long, 1.5], "e\u{301}": long]
    let array: PropertyList = [inner, inner, ["again": inner], long]
    #expect(RouteAgreement().failures(for: array).map(\.description) == [])
    let read = try PropertyList(bytes: try array.serialized(as: .binary), format: .binary)
    guard case .array(let elements) = read, case .dictionary(let again) = elements[2],
      case .dictionary(let first) = elements[0], case .dictionary(let third) = again.values[0]
    else {
      Issue.record("read back as \(read)")
      return
    }
    #expect(
      first.values.withUnsafeBufferPointer { $0.baseAddress } == third.values.withUnsafeBufferPointer { $0.baseAddress }
    )
  }

  @Test("the generator makes the edges the routes are about")
  func generatorMakesTheEdges() {
    var seen: Set<String> = []
    // The first 240 cases of the seed `swift test` runs, whichever seed or case is explored.
    for index in 0..<240 {
      Self.visit(Self.value(index, seed: Self.defaultSeed).value) { name in seen.insert(name) }
    }
    let wanted: Set<String> = [
      "-0.0", "NaN", "+inf", "-inf", "fractional date", "NaN date", "0", "UInt64.max", "UID", "empty array",
      "empty dictionary", "equivalent keys", "control character", "$null", "CF$UID look-alike", "shared container",
    ]
    #expect(wanted.subtracting(seen).isEmpty, "never made: \(wanted.subtracting(seen).sorted())")
  }

  /// Names the edges `value` holds.
  static func visit(_ value: PropertyList, _ note: (String) -> Void) {
    var storages: Set<[Int]> = []
    func walk(_ value: PropertyList) {
      switch value {
      case .real(let real):
        if real == 0 && real.sign == .minus { note("-0.0") }
        if real.isNaN { note("NaN") }
        if real == .infinity { note("+inf") }
        if real == -.infinity { note("-inf") }
      case .date(let date):
        let seconds = date.secondsSinceReferenceDate
        if seconds.isNaN {
          note("NaN date")
        } else if seconds.isFinite && seconds != seconds.rounded(.down) {
          note("fractional date")
        }
      case .integer(let integer):
        if integer == 0 { note("0") }
        if integer.uint64Value == UInt64.max { note("UInt64.max") }
      case .uid: note("UID")
      case .string(let string):
        if string == "$null" { note("$null") }
        if !RouteWriter.xmlHolds(string) { note("control character") }
      case .array(let elements):
        if elements.isEmpty { note("empty array") }
        let address = elements.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        if !elements.isEmpty, !storages.insert([address]).inserted { note("shared container") }
        elements.forEach(walk)
      case .dictionary(let dictionary):
        if dictionary.isEmpty { note("empty dictionary") }
        if dictionary.count == 1, dictionary.keys[0] == "CF$UID" { note("CF$UID look-alike") }
        for (index, key) in dictionary.keys.enumerated()
        where dictionary.keys[..<index].contains(where: {
          $0 == key && !$0.unicodeScalars.elementsEqual(key.unicodeScalars)
        }) {
          note("equivalent keys")
        }
        let address = dictionary.values.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        if !dictionary.isEmpty, !storages.insert([address]).inserted { note("shared container") }
        dictionary.values.forEach(walk)
      default: break
      }
    }
    walk(value)
  }
}
