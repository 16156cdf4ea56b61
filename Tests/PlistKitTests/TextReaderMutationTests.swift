import Testing

@testable import PlistKit

/// Hostile input: valid JSON and OpenStep documents with random bytes changed, inserted,
/// removed or cut must read or fail with a located error, never crash (the tests run in
/// debug builds, where every out-of-bounds access traps).
@Suite("JSON and OpenStep readers on mutated input")
struct TextReaderMutationTests {
  static let alphabet: [UInt8] =
    Array("{}[]()<>\"'\\/*,;:=$ \n\tu0123456789abcdefUxD8é".utf8) + [0x00, 0x80, 0xC3, 0xED, 0xFF]

  static func mutations(of bytes: [UInt8], count: Int, seed: UInt64) -> [[UInt8]] {
    var generator = SeededGenerator(seed: seed)
    return (0..<count).map { _ in
      var mutated = bytes
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        guard !mutated.isEmpty else { break }
        edit(&mutated, with: alphabet.randomElement(using: &generator)!, using: &generator)
      }
      return mutated
    }
  }

  /// One random edit of `bytes`, not empty: `byte` put in place of one, or inserted, or one
  /// byte removed, or the end cut off from a random place.
  static func edit(_ bytes: inout [UInt8], with byte: UInt8, using generator: inout SeededGenerator) {
    let position = Int.random(in: 0..<bytes.count, using: &generator)
    switch Int.random(in: 0..<4, using: &generator) {
    case 0: bytes[position] = byte
    case 1: bytes.insert(byte, at: position)
    case 2: bytes.remove(at: position)
    default: bytes.removeSubrange(position...)
    }
  }

  static func check(_ bytes: [UInt8], format: PropertyListFormat, style: JSONStyle = .plain) -> Bool {
    StreamedCheck.expectSameOutcome(bytes, format: format, options: .init(jsonStyle: style))
    StreamedCheck.expectSameOutcome(bytes, format: nil, options: .init(jsonStyle: style))
    do {
      _ = try PropertyList(bytes: bytes, format: format, options: .init(jsonStyle: style))
      return true
    } catch {
      guard case .text(let line, let column) = error.location, line >= 1, column >= 1, !error.message.isEmpty else {
        Issue.record("an error without a text location: \(error)")
        return false
      }
      return false
    }
  }

  @Test("mutated typed JSON")
  func json() throws {
    let source = try JSONWriterTests.everyKind.serialized(as: .json, options: .init(jsonStyle: .typed))
    var failures = 0
    for (index, mutated) in Self.mutations(of: source, count: 3_000, seed: 11).enumerated() {
      if !Self.check(mutated, format: .json, style: index % 2 == 0 ? .typed : .plain) { failures += 1 }
    }
    #expect(failures > 1_000)  // most mutations break the document; the point is that none crashed
  }

  @Test("mutated OpenStep and .strings text")
  func openStep() throws {
    var sample = OpenStepWriterTests.sample
    sample["escapes"] = "\u{1}\u{1F600}é\"\\"
    let source = try sample.serialized(as: .openStep)
    let strings = Array("/* c */\n\"a\" = \"\\U00e9\\012\";\nb;\n// end\n".utf8)
    var failures = 0
    for mutated in Self.mutations(of: source, count: 2_000, seed: 12)
      + Self.mutations(of: strings, count: 1_000, seed: 13)
    {
      if !Self.check(mutated, format: .openStep) { failures += 1 }
    }
    #expect(failures > 1_000)
  }
}
