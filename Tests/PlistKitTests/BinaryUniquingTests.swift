import Foundation
import Testing

@testable import PlistKit

/// Objects of a binary plist are shared only when they are the same value exactly: a real by
/// its bit pattern, never an integer with a real or a boolean, a string by its exact scalars.
@Suite("Binary writers share only identical objects")
struct BinaryUniquingTests {
  /// The edges: signed zeros, 1 as integer, real and boolean, canonically equivalent strings,
  /// and a date and a real of the same bits.
  static let edges: PropertyList = [
    .real(0.0), .real(-0.0), .integer(1), .real(1.0), .boolean(true), .string("\u{E9}"), .string("e\u{301}"),
    .date(PropertyListDate(secondsSinceReferenceDate: 0)), .real(-0.0), .string("e\u{301}"), .integer(1),
  ]

  /// The XML text of ``edges``, for the stream writer.
  static let edgesXML = XML.document(
    """
    <array>
    <real>0</real><real>-0</real><integer>1</integer><real>1</real><true/><string>\u{E9}</string>
    <string>e\u{301}</string><date>2001-01-01T00:00:00Z</date><real>-0</real><string>e\u{301}</string><integer>1</integer>
    </array>

    """)

  /// Checks that `bytes` hold ``edges`` exactly, and that Foundation reads the signs back.
  static func expectEdges(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let elements = try #require(try PropertyList(bytes: bytes, format: .binary).arrayValue)
    let expected = try #require(edges.arrayValue)
    #expect(elements.count == expected.count, sourceLocation: sourceLocation)
    for (element, wanted) in zip(elements, expected) {
      switch (element, wanted) {
      case (.real(let a), .real(let b)): #expect(a.bitPattern == b.bitPattern, sourceLocation: sourceLocation)
      case (.string(let a), .string(let b)):
        #expect(Array(a.unicodeScalars) == Array(b.unicodeScalars), sourceLocation: sourceLocation)
      default: #expect(element == wanted, sourceLocation: sourceLocation)
      }
    }
    // Distinct objects: the array, and 0.0, -0.0, 1, 1.0, true, two strings, the date.
    let trailer = bytes.suffix(32)
    let objectCount = trailer.dropFirst(8).prefix(8).reduce(0) { $0 << 8 | Int($1) }
    #expect(objectCount == 9, sourceLocation: sourceLocation)
    let theirs = try #require(try FoundationPeer.read(bytes).arrayValue)
    #expect(theirs[1].realValue?.sign == .minus, sourceLocation: sourceLocation)
    #expect(theirs[8].realValue?.sign == .minus, sourceLocation: sourceLocation)
    #expect(theirs[0].realValue?.sign == .plus, sourceLocation: sourceLocation)
  }

  @Test("the value writer keeps -0.0, 1 and 1.0, and NFC and NFD apart")
  func valueWriter() throws {
    try Self.expectEdges(try BinaryPropertyListWriter().write(Self.edges))
  }

  @Test("the stream writer keeps -0.0, 1 and 1.0, and NFC and NFD apart")
  func streamWriter() throws {
    let (streamed, chunks) = try PropertyListConverter(to: .binary, from: .xml).convertInChunks(
      Array(Self.edgesXML.utf8))
    #expect(streamed)
    try Self.expectEdges(chunks.joined)
  }
}
