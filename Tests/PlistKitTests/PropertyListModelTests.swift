import Testing

@testable import PlistKit

@Suite("Value model")
struct PropertyListModelTests {
  @Test("strings compare by scalars, not canonical equivalence")
  func exactStrings() {
    let composed: PropertyList = "\u{E9}"
    let decomposed: PropertyList = "e\u{301}"
    #expect(composed != decomposed)
    #expect(Set([composed, decomposed]).count == 2)
  }

  @Test("a dictionary keeps two canonically equivalent keys apart")
  func exactKeys() {
    var dictionary = PropertyListDictionary()
    dictionary["\u{E9}"] = 1
    dictionary["e\u{301}"] = 2
    #expect(dictionary.count == 2)
    #expect(dictionary["\u{E9}"] == 1)
    #expect(dictionary["e\u{301}"] == 2)
  }

  @Test("a repeated key keeps its first position and its last value")
  func repeatedKeys() {
    let dictionary = PropertyListDictionary([("a", 1), ("b", 2), ("a", 3)])
    #expect(dictionary.keys == ["a", "b"])
    #expect(dictionary["a"] == 3)
  }

  @Test("large dictionaries look keys up through their index, and removal keeps it right")
  func indexedLookup() {
    var dictionary = PropertyListDictionary()
    for number in 0..<100 { dictionary["key\(number)"] = .integer(number) }
    #expect(dictionary["key57"] == 57)
    dictionary.removeValue(forKey: "key10")
    #expect(dictionary["key11"] == 11)
    #expect(dictionary.position(of: "key11") == 10)
    #expect(dictionary["key10"] == nil)
    #expect(dictionary.count == 99)
  }

  @Test("dictionary equality ignores order, identity does not")
  func dictionaryOrder() {
    let first: PropertyList = ["a": 1, "b": 2]
    let second: PropertyList = ["b": 2, "a": 1]
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(!first.isIdentical(to: second))
    #expect(first.isIdentical(to: ["a": 1, "b": 2]))
  }

  @Test("integers and reals are different values; reals compare by bits")
  func numbers() {
    #expect(PropertyList.integer(1) != PropertyList.real(1))
    #expect(PropertyList.real(0.0) != PropertyList.real(-0.0))
    #expect(PropertyList.real(.nan) == PropertyList.real(.nan))
  }

  @Test("integers cover Int64 and UInt64 with one normalized form")
  func integerRange() {
    #expect(PropertyListInteger(5 as UInt64) == PropertyListInteger(5 as Int64))
    #expect(PropertyListInteger(UInt64.max).int64Value == nil)
    #expect(PropertyListInteger(UInt64.max).uint64Value == UInt64.max)
    #expect(PropertyListInteger(-1).uint64Value == nil)
    #expect(PropertyListInteger(Int64.min) < PropertyListInteger(UInt64.max))
    #expect(PropertyListInteger(parsing: "18446744073709551615") == PropertyListInteger(UInt64.max))
    #expect(PropertyListInteger(parsing: "18446744073709551616") == nil)
    #expect(PropertyListInteger(parsing: "-9223372036854775808") == PropertyListInteger(Int64.min))
    #expect(PropertyListInteger(parsing: "-9223372036854775809") == nil)
    #expect(PropertyListInteger(parsing: "0x1F") == PropertyListInteger(31))
    #expect(PropertyListInteger(parsing: "12a") == nil)
    #expect(PropertyListInteger(parsing: "-") == nil)
  }

  @Test("the index subscript sets and removes elements, through optional chaining too")
  func indexSubscriptSets() {
    var value: PropertyList = ["Rows": ["a", "b", "c"], "Name": "x"]
    value["Rows"]?[0] = "first"
    value["Rows"]?[2] = nil
    value["Rows"]?[5] = "outside"  // out of range: nothing
    value["Name"]?[0] = "not an array"  // not an array: nothing
    #expect(value == ["Rows": ["first", "b"], "Name": "x"])
    var array: PropertyList = [1, 2]
    array[1] = ["nested": true]
    #expect(array == [1, ["nested": true]])
  }

  @Test("PropertyList(path:) reads a file in whichever format it is, and names the path when it cannot")
  func initFromPath() throws {
    let computers = Fixtures.samples + "/computers.plist"
    #expect(try PropertyList(path: computers) == PropertyList.read(path: computers).value)
    let missing = Fixtures.samples + "/no such file.plist"
    let error = #expect(throws: PropertyListError.self) { try PropertyList(path: missing) }
    #expect(error?.kind == .io)
    #expect(error?.file == missing)
  }

  @Test("a copy is independent at any depth")
  func deepCopy() {
    let original: PropertyList = ["A": ["Aaron", "Abby"], "B": [["x": 1]]]
    var copy = original
    try? copy.setValue("Zed", at: "A.0")
    try? copy.setValue(2, at: "B.0.x")
    #expect(original["A"]?[0] == "Aaron")
    #expect(original["B"]?[0]?["x"] == 1)
    #expect(copy["A"]?[0] == "Zed")
    #expect(copy["B"]?[0]?["x"] == 2)
  }
}

@Suite("PropertyList describes itself")
struct PropertyListDescriptionTests {
  static let sample: PropertyList = [
    "Name": "Litzy \"L\"\n", "Year": 1861, "Ratio": 1.0, "Ok": true,
    "When": .date(.init(secondsSinceReferenceDate: 0.5)),
    "Bytes": .data([0, 1, 0xFF]), "Ref": .uid(5), "List": ["a", [], [:]], "Odd": [.real(.nan), .real(-.infinity)],
  ]

  @Test("description reads like a literal, with the types text alone would hide")
  func description() {
    #expect(
      Self.sample.description
        == #"["Name": "Litzy \"L\"\n", "Year": 1861, "Ratio": 1.0, "Ok": true, "When": 2001-01-01T00:00:00Z, "#
        + #""Bytes": <3 bytes 0x0001ff>, "Ref": <uid 5>, "List": ["a", [], [:]], "Odd": [nan, -inf]]"#)
    #expect(PropertyList.string("Litzy").description == "\"Litzy\"")
    #expect("\(PropertyList.integer(UInt64.max))" == "18446744073709551615")
    #expect(
      PropertyList.data(Array(repeating: 0xAB, count: 20)).description == "<20 bytes 0x"
        + String(repeating: "ab", count: 16) + "…>")
    #expect(PropertyList.string("tab\there\u{1}").description == #""tab\there\u{1}""#)
  }

  @Test("debugDescription names every case, as Swift code that makes the value")
  func debugDescription() {
    #expect(
      Self.sample.debugDescription
        == #"["Name": .string("Litzy \"L\"\n"), "Year": .integer(1861), "Ratio": .real(1.0), "Ok": .boolean(true), "#
        + #""When": .date(.init(secondsSinceReferenceDate: 0.5)), "Bytes": .data([0x00, 0x01, 0xFF]), "Ref": .uid(5), "#
        + #""List": [.string("a"), [], [:]], "Odd": [.real(.nan), .real(-.infinity)]]"#)
    #expect(String(reflecting: PropertyList.string("Litzy")) == #".string("Litzy")"#)
  }

  @Test("a value nested 20,000 deep describes itself without recursion")
  func deepValue() {
    var value: PropertyList = 1
    for _ in 0..<20_000 { value = [value] }
    #expect(value.description == String(repeating: "[", count: 20_000) + "1" + String(repeating: "]", count: 20_000))
    #expect(value.debugDescription.hasSuffix(".integer(1)" + String(repeating: "]", count: 20_000)))
  }

  @Test("any collection of bytes reads: a slice in place, a sequence that is not contiguous by copy")
  func byteCollections() throws {
    let bytes = Array("<plist><array><string>a</string><integer>1</integer></array></plist>".utf8)
    let expected: PropertyList = ["a", 1]
    let framed = [0xFF] + bytes + [0xFF]
    #expect(try PropertyList(bytes: framed[1..<framed.count - 1]) == expected)
    #expect(try PropertyList(bytes: bytes.lazy.map { $0 }) == expected)
    #expect(try PropertyList(bytes: "(a, \"1\")".utf8) == ["a", "1"])
    // The typed error of the reader, whichever way the bytes came.
    let inPlace = #expect(throws: PropertyListError.self) { try PropertyList(bytes: "bplist00".utf8) }
    let copied = #expect(throws: PropertyListError.self) { try PropertyList(bytes: "bplist00".utf8.lazy.map { $0 }) }
    #expect(inPlace?.kind == .unexpectedEnd)
    #expect(copied?.description == inPlace?.description)
  }
}
