import Testing

@testable import PlistKit

/// `Base64.decodeLikeCoreFoundation` decodes whole groups in one step; these tests hold it to
/// CoreFoundation's rule taken one byte at a time, on texts made to hit every branch.
@Suite("base64 as CoreFoundation reads it")
struct Base64CoreFoundationTests {
  @Test("irregular texts decode as CoreFoundation does")
  func knownTexts() throws {
    #expect(try decode("TWFu\n\tTWE=") == (Array("ManMa".utf8), false))
    #expect(try decode("TW*Fu") == (Array("Man".utf8), true))
    #expect(try decode("TQ==TWFu") == (Array("MMan".utf8), true))
    #expect(try decode("TWFuTQ") == (Array("Man".utf8), true))
    #expect(try decode("") == ([], false))
    #expect(throws: Base64.DecodingFailure.invalidCharacter(offset: 5, byte: 0xC3)) {
      try decode("TWFuT\u{E9}")
    }
  }

  @Test("random texts decode as the byte-by-byte rule does", arguments: 0..<4)
  func randomTexts(seed: UInt64) throws {
    var generator = SeededGenerator(seed: 0xB64 &+ seed)
    let pieces: [[UInt8]] = [
      Array("TWFu".utf8), Array("QUJD".utf8), Array("+/09".utf8), Array("=".utf8), Array("==".utf8), [0x0A],
      [0x09], [0x20], Array("*".utf8), Array("-".utf8), Array("Zg".utf8), Array("a".utf8), [0x0D],
    ]
    for _ in 0..<500 {
      var text: [UInt8] = []
      for _ in 0..<Int.random(in: 0...40, using: &generator) {
        text += pieces.randomElement(using: &generator)!
      }
      if Int.random(in: 0..<10, using: &generator) == 0 {
        text.insert(
          UInt8.random(in: 0x80...0xFF, using: &generator), at: Int.random(in: 0...text.count, using: &generator))
      }
      let expected = Self.reference(text)
      let found = Result { () throws(Base64.DecodingFailure) in
        try text.withUnsafeBufferPointer { (text) throws(Base64.DecodingFailure) in
          try Base64.decodeLikeCoreFoundation(text)
        }
      }
      switch (found, expected) {
      case (.success(let found), .success(let expected)):
        #expect(found == expected, "\(String(decoding: text, as: UTF8.self).debugDescription)")
      case (.failure(let found), .failure(let expected)):
        #expect(found == expected)
      default:
        Issue.record("\(text): \(found) instead of \(expected)")
      }
    }
  }

  private func decode(_ text: String) throws(Base64.DecodingFailure) -> ([UInt8], Bool) {
    try Array(text.utf8).withUnsafeBufferPointer { (text) throws(Base64.DecodingFailure) in
      try Base64.decodeLikeCoreFoundation(text)
    }
  }

  /// CoreFoundation's rule, one byte at a time.
  private static func reference(_ text: [UInt8]) -> Result<([UInt8], Bool), Base64.DecodingFailure> {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    let spaces: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C]
    var output: [UInt8] = []
    var accumulator: UInt32 = 0
    var digits = 0
    var equalSigns = 0
    var isIrregular = false
    for (offset, byte) in text.enumerated() {
      guard byte < 0x80 else { return .failure(.invalidCharacter(offset: offset, byte: byte)) }
      let digit = alphabet.firstIndex(of: byte)
      if byte == UInt8(ascii: "=") {
        equalSigns += 1
      } else if !spaces.contains(byte) {
        if equalSigns > 0 { isIrregular = true }
        equalSigns = 0
      }
      guard digit != nil || byte == UInt8(ascii: "=") else {
        if !spaces.contains(byte) { isIrregular = true }
        continue
      }
      accumulator = accumulator << 6 | UInt32(digit ?? 0)
      digits += 1
      guard digits == 4 else { continue }
      output.append(UInt8(truncatingIfNeeded: accumulator >> 16))
      if equalSigns < 2 { output.append(UInt8(truncatingIfNeeded: accumulator >> 8)) }
      if equalSigns < 1 { output.append(UInt8(truncatingIfNeeded: accumulator)) }
      accumulator = 0
      digits = 0
    }
    return .success((output, isIrregular || digits != 0))
  }
}
