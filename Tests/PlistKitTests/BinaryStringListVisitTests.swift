import Sectioning
import Testing

@testable import PlistKit

/// Visiting the strings of a name list straight from the file must hand over exactly the
/// strings the general traversal decodes, and fail at the first string it would reject.
@Suite("Binary reader: visiting string lists")
struct BinaryStringListVisitTests {
  /// What a visit of every section found.
  enum Visit: Equatable {
    /// The scan stepped aside: not a list of names, or a broken key or array.
    case notAList
    /// The visit of this section failed.
    case broken(section: Int)
    /// Every string, by section, and the keys.
    case read(titles: [String]?, sections: [[String]])
  }

  static func visit(_ bytes: [UInt8], options: PropertyListReadingOptions = .default) -> Visit {
    bytes.withUnsafeBytes { buffer in
      guard var lists = BinaryPropertyListStringLists(scanning: buffer, options: options) else { return .notAList }
      var sections: [[String]] = []
      for section in 0..<lists.sectionCount {
        var items: [String] = []
        var positions: [Int] = []
        let complete = lists.forEachString(inSection: section) { position, string in
          positions.append(position)
          items.append(string.string)
        }
        guard complete else { return .broken(section: section) }
        #expect(positions == Array(0..<lists.itemCount(inSection: section)))
        sections.append(items)
      }
      return .read(titles: lists.titles, sections: sections)
    }
  }

  /// The general traversal's value in the visit's terms (keys in file order, as written).
  static func expected(_ value: PropertyList) -> Visit {
    func texts(_ items: PropertyList?) -> [String] { items?.arrayValue?.compactMap(\.stringValue) ?? [] }
    if let dictionary = value.dictionaryValue {
      return .read(titles: Array(dictionary.keys), sections: dictionary.keys.map { texts(dictionary[$0]) })
    }
    return .read(titles: nil, sections: [texts(value)])
  }

  @Test("random lists, flat and sectioned, with long, empty and non-ASCII names", arguments: [1, 2, 3])
  func randomLists(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    // Names of every length around the visitor's short form (up to 14 bytes) and past it.
    let long = (0..<40).map { PropertyList.string(String(repeating: "Ab", count: $0 / 2) + ($0 % 2 == 0 ? "" : "c")) }
    let flat = PropertyList.array(BinaryStringListTests.randomNames(300, using: &generator) + long)
    #expect(Self.visit(try BinaryStringListTests.binary(flat)) == Self.expected(flat))
    var sections = PropertyListDictionary()
    for title in ["B", "A", "É", "E\u{301}", "김", "Z", ""] {
      sections[title] = .array(BinaryStringListTests.randomNames(Int(generator.next() % 40), using: &generator) + long)
    }
    let sectioned = PropertyList.dictionary(sections)
    #expect(Self.visit(try BinaryStringListTests.binary(sectioned)) == Self.expected(sectioned))
  }

  @Test("Latin-1 and UTF-16 strings, and one string object shared by several places")
  func encodings() {
    // ["caf\u{E9}" as Latin-1, "é" as UTF-16, the Latin-1 string again]
    let bytes = BinaryPlistBuilder([[0xA3, 1, 2, 1], [0x54, 0x63, 0x61, 0x66, 0xE9], [0x61, 0x00, 0xE9]]).bytes
    #expect(Self.visit(bytes) == .read(titles: nil, sections: [["caf\u{E9}", "\u{E9}", "caf\u{E9}"]]))
  }

  @Test("the first string the general traversal rejects fails the visit of its section")
  func brokenStrings() throws {
    // {"A": ["x"], "B": [ELEMENT]}: objects 0 dict, 1-2 keys, 3-4 arrays, 5 "x", 6 the element.
    func sectioned(_ element: [UInt8], reference: UInt8 = 6) -> [UInt8] {
      BinaryPlistBuilder([
        [0xD2, 1, 2, 3, 4], [0x51, 0x41], [0x51, 0x42], [0xA1, 5], [0xA1, reference], [0x51, 0x78], element,
      ]).bytes
    }
    let cases: [(name: String, bytes: [UInt8], message: String)] = [
      (
        "a reference past the last object", sectioned([0x51, 0x79], reference: 9),
        "object 4 refers to object 9, but there are only 7 objects"
      ),
      ("a lone surrogate", sectioned([0x61, 0xD8, 0x00]), "object 6: UTF-16 string has an unpaired surrogate 0xD800"),
      ("a UTF-8 string marker", sectioned([0x71, 0x79]), "object 6: unknown object marker 0x71"),
      (
        "a short string past the object area", sectioned([0x5E, 0x79]),
        "object 6: string of 14 bytes does not fit in the 1 byte left before the offset table"
      ),
      (
        "a long string past the object area", sectioned([0x5F, 0x10, 0x40, 0x79]),
        "object 6: string of 64 bytes does not fit in the 1 byte left before the offset table"
      ),
    ]
    for (name, bytes, message) in cases {
      #expect(Self.visit(bytes) == .broken(section: 1), "\(name)")
      #expect(binaryReadError(bytes)?.message == message, "\(name)")
    }
    // Not a string at all: a list, but not of names; the general traversal reads it.
    let integer = sectioned([0x10, 0x05])
    #expect(Self.visit(integer) == .broken(section: 1))
    #expect(try readBinary(integer) == ["A": ["x"], "B": [5]])
    // An offset outside the object area.
    var outside = BinaryPlistBuilder([[0xA2, 1, 2], [0x51, 0x78], [0x51, 0x79]])
    outside.offsetOverrides[2] = 4
    #expect(Self.visit(outside.bytes) == .broken(section: 0))
    #expect(binaryReadError(outside.bytes)?.message == "object 2 is at byte 4, outside the object area 8…14")
  }

  @Test("the decoded-size limit counts every string, keys included, as the general traversal does")
  func decodedSizeLimit() throws {
    // {"AB": ["abcd", "efgh"]}: 2 + 4 + 4 = 10 bytes.
    let bytes = BinaryPlistBuilder([
      [0xD1, 1, 2], [0x52, 0x41, 0x42], [0xA2, 3, 4], [0x54, 0x61, 0x62, 0x63, 0x64], [0x54, 0x65, 0x66, 0x67, 0x68],
    ]).bytes
    var options = PropertyListReadingOptions.default
    options.limits.maximumDecodedSize = 10
    #expect(Self.visit(bytes, options: options) == .read(titles: ["AB"], sections: [["abcd", "efgh"]]))
    options.limits.maximumDecodedSize = 9
    #expect(Self.visit(bytes, options: options) == .broken(section: 0))
    #expect(binaryReadError(bytes, options: options)?.kind == .limitExceeded)
  }
}
