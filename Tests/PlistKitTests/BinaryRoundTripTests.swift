import Testing

@testable import PlistKit

/// Random values through the binary writer and reader, and through the peers.
@Suite("Binary round trips")
struct BinaryRoundTripTests {
  @Test("1,000 random plists: write, read, identical")
  func randomRoundTrips() throws {
    var kinds = [PropertyList.Kind: Int]()
    for (index, value) in RandomPropertyList.values(count: 1_000, seed: 0xB1_0A_27).enumerated() {
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

  // The peers start a Python process per call: each call carries 100 random plists in one array.

  @Test("Random plists read by plistlib as identical values", .enabled(if: PythonPeer.isAvailable))
  func randomThroughPlistlib() throws {
    let values = RandomPropertyList.values(count: 100, seed: 77)
    let back = try #require(try PythonPeer.read(try writeBinary(.array(values))).arrayValue)
    #expect(back.count == values.count)
    for (index, (value, read)) in zip(values, back).enumerated() {
      #expect(read.isIdentical(to: value), "value \(index)")
    }
  }

  @Test("Random plists written by plistlib read as identical values", .enabled(if: PythonPeer.isAvailable))
  func randomFromPlistlib() throws {
    let values = RandomPropertyList.values(count: 100, seed: 78)
    let back = try #require(try readBinary(try PythonPeer.write(.array(values), format: "binary")).arrayValue)
    #expect(back.count == values.count)
    for (index, (value, read)) in zip(values, back).enumerated() {
      #expect(read.isIdentical(to: value), "value \(index)")
    }
  }

  @Test("Random plists without UIDs and with unique keys read by Foundation as equal values")
  func randomThroughFoundation() throws {
    var configuration = RandomPropertyList.Configuration.all
    configuration.kinds.remove(.uid)
    for (index, value) in RandomPropertyList.values(count: 50, seed: 79, configuration: configuration).enumerated() {
      // Foundation keys dictionaries by canonical equivalence and loses one of "é" and "e\u{301}".
      guard !hasCanonicallyEqualKeys(value) else { continue }
      #expect(try FoundationPeer.read(try writeBinary(value)) == value, "value \(index)")
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
