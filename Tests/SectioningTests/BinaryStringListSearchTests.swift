import PlistKit
import Sectioning
import Testing

/// The search over a binary list of names finds what searching the list read from the file
/// finds, and steps aside where that search would do something else.
@Suite("Search over a binary list of names")
struct BinaryStringListSearchTests {
  /// What searching the sectioned list of the value finds, in the search's terms.
  static func expected(_ value: PropertyList, _ term: String, _ options: SearchOptions) throws -> [[String]] {
    let list = try SectionedList(propertyList: value, source: SectioningSource())
    let result = list.filtered(by: term, options: options)
    return (0..<result.sectionCount).map { section in
      [value.dictionaryValue == nil ? "" : result.list.titles[result.sectionIndices[section]]]
        + result.items(inSection: section).compactMap(\.stringValue)
    }
  }

  @Test("the book's names, flat and sectioned, for terms of every kind")
  func sortedNames() throws {
    let names = try Samples.sortedNamesValue()
    let flat = PropertyList.array(names.dictionaryValue!.values.flatMap { $0.arrayValue! })
    for value in [names, flat] {
      let bytes = try value.serialized(as: .binary)
      for term in ["abi", "ANN", "e\u{301}", "zz", "a b", "é"] {
        for options in [SearchOptions(), SearchOptions(mode: .prefix), SearchOptions(ignoresDiacritics: true)] {
          let found = try #require(
            bytes.withUnsafeBytes { BinaryStringListSearch(term: term, options: options).matches(in: $0) })
          #expect(found.isTitled == (value.dictionaryValue != nil))
          #expect(found.sections.map { [$0.title] + $0.items } == (try Self.expected(value, term, options)), "\(term)")
        }
      }
    }
  }

  @Test("other shapes, other formats and an empty term step aside")
  func stepsAside() throws {
    let search = BinaryStringListSearch(term: "a", options: SearchOptions())
    for value: PropertyList in [["a", 1], ["A": "a"], [["a"]]] {
      let bytes = try value.serialized(as: .binary)
      #expect(bytes.withUnsafeBytes { search.matches(in: $0) } == nil)
    }
    let xml = try PropertyList.array(["a"]).serialized(as: .xml)
    #expect(xml.withUnsafeBytes { search.matches(in: $0) } == nil)
    let binary = try PropertyList.array(["a"]).serialized(as: .binary)
    #expect(
      binary.withUnsafeBytes { BinaryStringListSearch(term: "", options: SearchOptions()).matches(in: $0) } == nil)
  }
}
