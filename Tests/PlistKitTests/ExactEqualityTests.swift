import Testing

@testable import PlistKit

@Suite("Exact string equality and dictionaries built from readers' arrays")
struct ExactEqualityTests {
  @Test(
    "Strings are equal only with the same scalars",
    arguments: [
      ("abc", "abc", true), ("abc", "abd", false), ("", "", true), ("", "a", false),
      ("é", "e\u{301}", false), ("é", "é", true), ("Å", "A\u{30A}", false),
      (String(repeating: "long key ", count: 9), String(repeating: "long key ", count: 9), true),
      (String(repeating: "long key ", count: 9) + "é", String(repeating: "long key ", count: 9) + "e\u{301}", false),
      (String(repeating: "x", count: 40) + "a", String(repeating: "x", count: 40) + "b", false),
    ])
  func exactEquality(lhs: String, rhs: String, equal: Bool) {
    #expect(lhs.exactlyEquals(rhs) == equal)
    #expect(rhs.exactlyEquals(lhs) == equal)
    #expect((ExactKey(lhs) == ExactKey(rhs)) == equal)
  }

  @Test("Byte comparison looks at every byte, also past the last full word")
  func byteComparison() {
    for length in 0..<20 {
      let bytes = (0..<length).map { UInt8($0) }
      for changed in 0..<length {
        var other = bytes
        other[changed] ^= 0x80
        let same = bytes.withUnsafeBufferPointer { a in bytes.withUnsafeBufferPointer { a.hasSameBytes(as: $0) } }
        let different = bytes.withUnsafeBufferPointer { a in other.withUnsafeBufferPointer { a.hasSameBytes(as: $0) } }
        #expect(same)
        #expect(!different)
      }
    }
    let short: [UInt8] = [1, 2]
    let long: [UInt8] = [1, 2, 3]
    #expect(!short.withUnsafeBufferPointer { a in long.withUnsafeBufferPointer { a.hasSameBytes(as: $0) } })
  }

  @Test("A dictionary built from keys and values keeps the first position and the last value of a repeated key")
  func fromArrays() {
    for size in [3, 20] {
      var keys = (0..<size).map { "k\($0)" }
      var values = (0..<size).map { PropertyList.integer($0) }
      let plain = PropertyListDictionary(keys: keys, values: values)
      #expect(plain.keys == keys)
      #expect(plain["k2"] == .integer(2))
      keys.append("k1")
      values.append(.integer(99))
      keys.append("e\u{301}")
      values.append("decomposed")
      keys.append("é")
      values.append("precomposed")
      let repeated = PropertyListDictionary(keys: keys, values: values)
      #expect(repeated.keys == Array(keys.prefix(size)) + ["e\u{301}", "é"])
      #expect(repeated["k1"] == .integer(99))
      #expect(repeated["é"] == "precomposed")
      #expect(repeated["e\u{301}"] == "decomposed")
      #expect(repeated.count == size + 2)
    }
  }
}
