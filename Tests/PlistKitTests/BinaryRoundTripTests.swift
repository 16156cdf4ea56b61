import Testing

@testable import PlistKit

/// Random values through the binary writer and reader, and through the peers.
@Suite("Binary round trips")
struct BinaryRoundTripTests {
  /// `count` random values of `kinds` from one seeded generator.
  static func randomValues(
    _ count: Int, seed: UInt64, kinds: Set<PropertyList.Kind> = Set(PropertyList.Kind.allCases)
  ) -> [PropertyList] {
    var generator = SeededGenerator(seed: seed)
    var random = RandomPropertyList.allKinds
    random.kinds = kinds
    return (0..<count).map { _ in random.make(using: &generator) }
  }

  @Test("1,000 random plists: write, read, identical")
  func randomRoundTrips() throws {
    var kinds = [PropertyList.Kind: Int]()
    for (index, value) in Self.randomValues(1_000, seed: 0xB1_0A_27).enumerated() {
      let bytes = try writeBinary(value)
      let back = try readBinary(bytes)
      #expect(back.isIdentical(to: value), "value \(index)")
      // Written again, the bytes are the same: writing is deterministic and reading loses nothing.
      #expect(try writeBinary(back) == bytes, "value \(index)")
      count(value, into: &kinds)
    }
    // The generator really covers every kind.
    #expect(Set(kinds.keys) == Set(PropertyList.Kind.allCases))
  }

  // The peers start a Python process per call: each call carries the random plists in one array.

  @Test(
    "Random plists read by plistlib as identical values",
    .enabled(if: PythonPeer.isAvailable, "needs python3 with plistlib (.ci/run installs it)"))
  func randomThroughPlistlib() throws {
    let values = Self.randomValues(200, seed: 77).filter(isPythonRepresentable)
    #expect(values.count >= 100)
    let back = try #require(try PythonPeer.read(try writeBinary(.array(values))).arrayValue)
    #expect(back.count == values.count)
    for (index, (value, read)) in zip(values, back).enumerated() {
      #expect(canonicalNaNs(read).isIdentical(to: canonicalNaNs(value)), "value \(index)")
    }
  }

  @Test(
    "Random plists written by plistlib read as identical values",
    .enabled(if: PythonPeer.isAvailable, "needs python3 with plistlib (.ci/run installs it)"))
  func randomFromPlistlib() throws {
    let values = Self.randomValues(200, seed: 78).filter(isPythonRepresentable)
    #expect(values.count >= 100)
    let back = try #require(try readBinary(try PythonPeer.write(.array(values), format: "binary")).arrayValue)
    #expect(back.count == values.count)
    for (index, (value, read)) in zip(values, back).enumerated() {
      #expect(canonicalNaNs(read).isIdentical(to: canonicalNaNs(value)), "value \(index)")
    }
  }

  @Test("Random plists without UIDs and with unique keys read by Foundation as equal values")
  func randomThroughFoundation() throws {
    let kinds = Set(PropertyList.Kind.allCases).subtracting([.uid])
    for (index, value) in Self.randomValues(100, seed: 79, kinds: kinds).enumerated() {
      // Foundation keys dictionaries by canonical equivalence and loses one of "é" and "e\u{301}".
      guard !hasCanonicallyEqualKeys(value) else { continue }
      #expect(canonicalNaNs(try FoundationPeer.read(try writeBinary(value))) == canonicalNaNs(value), "value \(index)")
    }
  }

  /// `value` with every NaN real or date replaced by `Double.nan`: the peers keep neither a
  /// NaN's sign nor its payload (this writer and reader do, as the 1,000 round trips check).
  private func canonicalNaNs(_ value: PropertyList) -> PropertyList {
    switch value {
    case .real(let real) where real.isNaN: return .real(.nan)
    case .date(let date) where date.secondsSinceReferenceDate.isNaN:
      return .date(PropertyListDate(secondsSinceReferenceDate: .nan))
    case .array(let elements): return .array(elements.map(canonicalNaNs))
    case .dictionary(var dictionary):
      for position in dictionary.indices {
        dictionary.setValue(canonicalNaNs(dictionary.values[position]), atPosition: position)
      }
      return .dictionary(dictionary)
    default: return value
    }
  }

  /// False for dates Python's `datetime` cannot hold exactly: outside years 1…9999, not
  /// finite, or -0.0 (which comes back as 0.0).
  private func isPythonRepresentable(_ value: PropertyList) -> Bool {
    switch value {
    case .array(let elements): return elements.allSatisfy(isPythonRepresentable)
    case .dictionary(let dictionary): return dictionary.values.allSatisfy(isPythonRepresentable)
    case .date(let date):
      let seconds = date.secondsSinceReferenceDate
      return (-63_113_904_000...252_423_993_599).contains(seconds) && !(seconds == 0 && seconds.sign == .minus)
    default: return true
    }
  }

  private func hasCanonicallyEqualKeys(_ value: PropertyList) -> Bool {
    switch value {
    case .array(let elements): return elements.contains(where: hasCanonicallyEqualKeys)
    case .dictionary(let dictionary):
      return Set(dictionary.keys).count != dictionary.count
        || dictionary.values.contains(where: hasCanonicallyEqualKeys)
    default: return false
    }
  }

  private func count(_ value: PropertyList, into kinds: inout [PropertyList.Kind: Int]) {
    kinds[value.kind, default: 0] += 1
    switch value {
    case .array(let elements): for element in elements { count(element, into: &kinds) }
    case .dictionary(let dictionary): for element in dictionary.values { count(element, into: &kinds) }
    default: break
    }
  }
}
