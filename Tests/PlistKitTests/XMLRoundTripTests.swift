import Testing

@testable import PlistKit

/// Property-style round trips of the XML form: for 1,000 seeded random plists, what the writer
/// accepts reads back as the same value, with exactly the changes the form documents, and
/// what it refuses is refused as not representable, never written wrong.
@Suite("XML round trips")
struct XMLRoundTripTests {
  @Test("1,000 random plists survive XML write and read, up to the form's documented limits")
  func randomRoundTrips() throws {
    var generator = SeededGenerator(seed: 0x0058_4D4C)
    var written = 0
    for index in 0..<1_000 {
      let value = RandomPropertyList.allKinds.make(using: &generator)
      let bytes: [UInt8]
      do {
        bytes = try value.serialized(as: .xml)
      } catch {
        #expect(error.kind == .notRepresentable, "value \(index): \(error)")
        continue
      }
      written += 1
      let again = try PropertyList(bytes: bytes, format: .xml)
      #expect(again.isIdentical(to: Self.asXMLKeepsIt(value)), "value \(index)")
      // Written again, the bytes are the same: the writer is deterministic.
      #expect(try again.serialized(as: .xml) == bytes, "value \(index)")
    }
    // Most values are representable; a run that refused them all would prove nothing.
    #expect(written > 600)
  }

  /// The value as the XML form gives it back: dates in whole seconds (as Apple writes them;
  /// so a date of -0.0 seconds comes back as 0), and every NaN as the standard NaN
  /// (`<real>nan</real>` has no payload).
  static func asXMLKeepsIt(_ value: PropertyList) -> PropertyList {
    switch value {
    case .date(let date):
      let whole = date.secondsSinceReferenceDate.rounded(.down)
      return .date(PropertyListDate(secondsSinceReferenceDate: whole == 0 ? 0 : whole))
    case .real(let real) where real.isNaN:
      return .real(.nan)
    case .array(let array):
      return .array(array.map(asXMLKeepsIt))
    case .dictionary(let dictionary):
      return .dictionary(PropertyListDictionary(dictionary.map { ($0.key, asXMLKeepsIt($0.value)) }))
    default:
      return value
    }
  }
}
