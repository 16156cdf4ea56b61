import Sectioning
import Testing

@testable import PlistKit

/// The view of string lists (an array of strings, a dictionary of such arrays) must give
/// exactly the value the binary reader reads, and step aside for anything else.
@Suite("Binary reader: string lists")
struct BinaryStringListTests {
  /// The value the view finds (nil when it steps aside, or a string breaks), built as the
  /// reader builds a dictionary (a repeated key keeps its place and takes the last value).
  static func listsOnly(
    _ bytes: [UInt8], limits: PropertyListLimits = PropertyListReadingOptions.default.limits
  ) -> PropertyList? {
    bytes.withUnsafeBytes { buffer -> PropertyList? in
      guard var lists = BinaryPropertyListStringLists(scanning: buffer, options: .init(limits: limits)) else {
        return nil
      }
      var sections: [PropertyList] = []
      for section in 0..<lists.sectionCount {
        var items: [PropertyList] = []
        guard lists.forEachString(inSection: section, { _, string in items.append(.string(string.string)) }) else {
          return nil
        }
        sections.append(.array(items))
      }
      guard let titles = lists.titles else { return sections.first ?? [] }
      var dictionary = PropertyListDictionary()
      for (key, items) in zip(titles, sections) { dictionary[key] = items }
      return .dictionary(dictionary)
    }
  }

  /// The value the view finds, and the value the binary reader reads.
  static func bothPaths(
    _ bytes: [UInt8], limits: PropertyListLimits = PropertyListReadingOptions.default.limits
  ) throws -> (lists: PropertyList?, general: PropertyList) {
    let general = try bytes.withRawBytes { (buffer) throws(PropertyListError) in
      try BinaryPropertyListReader(options: .init(limits: limits)).read(buffer)
    }
    return (listsOnly(bytes, limits: limits), general)
  }

  static func binary(_ value: PropertyList) throws -> [UInt8] { try BinaryPropertyListWriter().write(value) }

  /// Names that exercise every string encoding: ASCII, UTF-16 (precomposed and decomposed
  /// accents, Hangul, an emoji outside the BMP), empty, and repeats (shared objects).
  static let namePool = [
    "Abigail", "abigail", "Zoë", "Zoe\u{308}", "김밥", "ㄱㅂ", "Beyonce\u{301}", "", "Ann", "Anne-Marie", "\u{1F600}x",
    "O'Brien", "ÅSA", "日本語", "Ann",
  ]

  static func randomNames(_ count: Int, using generator: inout SeededGenerator) -> [PropertyList] {
    (0..<count).map { _ in
      let name = namePool[Int(generator.next() % UInt64(namePool.count))]
      return .string(name + String(generator.next() % 7))
    }
  }

  @Test("the book's sortednames.plist in binary: same value, same key order")
  func sortedNames() throws {
    let value = try PropertyList(bytes: try PropertyListFile.read(path: Fixtures.samples + "/sortednames.plist"))
    let (lists, general) = try Self.bothPaths(try Self.binary(value))
    let decoded = try #require(lists)
    #expect(decoded == general)
    #expect(decoded == value)
    #expect(decoded.dictionaryValue?.keys == general.dictionaryValue?.keys)
    #expect(decoded.dictionaryValue?.keys.count == 26)
  }

  @Test("random name lists, flat and sectioned, decode as the general traversal does", arguments: [1, 2, 3, 4])
  func randomLists(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    let flat = PropertyList.array(Self.randomNames(500, using: &generator))
    let (flatLists, flatGeneral) = try Self.bothPaths(try Self.binary(flat))
    #expect(try #require(flatLists) == flatGeneral)
    #expect(flatGeneral == flat)
    var sections = PropertyListDictionary()
    for title in ["B", "A", "É", "E\u{301}", "김", "Z", ""] {
      sections[title] = .array(Self.randomNames(Int(generator.next() % 40), using: &generator))
    }
    let (lists, general) = try Self.bothPaths(try Self.binary(.dictionary(sections)))
    let decoded = try #require(lists)
    #expect(decoded == general)
    #expect(decoded == .dictionary(sections))
    #expect(decoded.dictionaryValue?.keys == ["B", "A", "É", "E\u{301}", "김", "Z", ""])
  }

  @Test("empty array and empty dictionary")
  func empty() throws {
    for value: PropertyList in [[], .dictionary(PropertyListDictionary()), ["A": []]] {
      let (lists, general) = try Self.bothPaths(try Self.binary(value))
      #expect(lists == general)
      #expect(lists == value)
    }
  }

  @Test("Latin-1 ASCII strings and a repeated key, hand-built")
  func handBuilt() throws {
    // {"A": ["caf\u{E9}" as Latin-1], "A": ["x"]}: objects 0 dict, 1 key, 2 array, 3 string, 4 array, 5 string.
    let bytes = BinaryPlistBuilder([
      [0xD2, 1, 1, 2, 4], [0x51, 0x41], [0xA1, 3], [0x54, 0x63, 0x61, 0x66, 0xE9], [0xA1, 5], [0x51, 0x78],
    ]).bytes
    let (lists, general) = try Self.bothPaths(bytes)
    #expect(try #require(lists) == general)
    #expect(general == ["A": ["x"]])
    let latin = BinaryPlistBuilder([[0xA1, 1], [0x54, 0x63, 0x61, 0x66, 0xE9]]).bytes
    let (latinLists, latinGeneral) = try Self.bothPaths(latin)
    #expect(latinLists == ["caf\u{E9}"])
    #expect(latinGeneral == ["caf\u{E9}"])
  }

  @Test("other shapes step aside, and reading them is unchanged")
  func otherShapes() throws {
    let values: [PropertyList] = [
      "just a string", ["a", 1], ["A": ["a"], "B": "b"], ["A": ["a", ["nested"]]], [["a"]], ["A": ["x": "y"]],
    ]
    for value in values {
      let bytes = try Self.binary(value)
      let (lists, general) = try Self.bothPaths(bytes)
      #expect(lists == nil)
      #expect(general == value)
      #expect(try readBinary(bytes) == value)
    }
  }

  @Test("hostile files step aside, so the general traversal reports them")
  func hostile() throws {
    // An array that contains itself.
    let cycle = BinaryPlistBuilder([[0xA1, 0]]).bytes
    #expect(Self.listsOnly(cycle) == nil)
    let cycleError = try #require(binaryReadError(cycle))
    #expect(cycleError.message == "array (object 0) contains itself")
    // A reference past the last object.
    let dangling = BinaryPlistBuilder([[0xA1, 7]]).bytes
    #expect(Self.listsOnly(dangling) == nil)
    let danglingError = try #require(binaryReadError(dangling))
    #expect(danglingError.message == "object 0 refers to object 7, but there is only 1 object")
  }

  @Test("a shared string within the decoded-size limit reads, though decoding it per reference would not")
  func sharedStringLimit() throws {
    // ["abcd", "abcd", "abcd"] with one string object: 4 bytes decoded once, 12 if per reference.
    let bytes = BinaryPlistBuilder([[0xA3, 1, 1, 1], [0x54, 0x61, 0x62, 0x63, 0x64]]).bytes
    var limits = PropertyListReadingOptions.default.limits
    limits.maximumDecodedSize = 8
    let (lists, general) = try Self.bothPaths(bytes, limits: limits)
    #expect(lists == nil)
    #expect(general == ["abcd", "abcd", "abcd"])
    var options = PropertyListReadingOptions.default
    options.limits = limits
    #expect(try readBinary(bytes, options: options) == ["abcd", "abcd", "abcd"])
  }
}
