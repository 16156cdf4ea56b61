import Foundation
import PlistKit
import Sectioning
import Testing

/// The default search must give exactly the book's result on its own data.
@Suite struct BookCompatibilityTests {
  /// The book's `handleSearchForTerm:` written plainly with Foundation: sorted keys, names
  /// kept when `rangeOfString:options:NSCaseInsensitiveSearch` finds the term, empty
  /// sections dropped; an empty term resets to everything.
  static func reference(_ names: [String: [String]], term: String) -> [(String, [String])] {
    let keys = names.keys.sorted()
    if term.isEmpty { return keys.map { ($0, names[$0]!) } }
    return keys.compactMap { key in
      let kept = names[key]!.filter { $0.range(of: term, options: .caseInsensitive) != nil }
      return kept.isEmpty ? nil : (key, kept)
    }
  }

  static let terms = [
    "", "a", "A", "an", "AN", "ann", "Anna", "e", "ee", "jo", "JOHN", "mar", "Mar", "ia", "ck",
    "xyz", "q", "zz", "Zz", "y", "el", "lee", " ", "-", "'", "é", "ß", "Ä", "ñ", "김", "aaliyah",
    "AALIYAH", "Zyaire", "abcdefghijklmnop",
  ]

  @Test(arguments: terms)
  func equalsTheReference(term: String) throws {
    let names = try Samples.sortedNames()
    let list = SectionedList(sectionsByTitle: names.map { ($0.key, $0.value) })
    let result = list.filtered(by: term)
    let expected = Self.reference(names, term: term)
    #expect(result.titles == expected.map(\.0))
    #expect(result.sections.map(\.items) == expected.map(\.1))
  }

  @Test func theDataHas2000NamesInSectionsAToZ() throws {
    let list = SectionedList(sectionsByTitle: try Samples.sortedNames().map { ($0.key, $0.value) })
    #expect(list.count == 2000)
    #expect(list.titles == (0..<26).map { String(UnicodeScalar(UInt8(65 + $0))) })
  }

  @Test func aTermThatMatchesNothingLeavesNoSections() throws {
    let list = SectionedList(sectionsByTitle: try Samples.sortedNames().map { ($0.key, $0.value) })
    let result = list.filtered(by: "qqq")
    #expect(result.isEmpty)
    #expect(result.sectionCount == 0)
    #expect(result.titles == [])
  }

  @Test func anEmptyTermKeepsEmptySectionsLikeResetSearch() {
    let list = SectionedList(sectionsByTitle: [("B", ["Bob"]), ("A", []), ("C", ["Cy"])])
    #expect(list.filtered(by: "").titles == ["A", "B", "C"])
    #expect(list.filtered(by: "o").titles == ["B"])
  }

  @Test func searchingNeverChangesTheOriginal() throws {
    let value = try Samples.sortedNamesValue()
    let before = value
    let list = try SectionedList(propertyList: value)
    var search = IncrementalSearch(list: list)
    for term in ["j", "jo", "joh", "x", "", "an", "ANN", "z"] {
      let result = search.search(for: term)
      _ = list.filtered(by: term)
      #expect(value.isIdentical(to: before))
      #expect(list.count == 2000)
      #expect(result.count <= 2000)
    }
    #expect(
      list.items.map { $0.stringValue! } == (try Samples.sortedNames()).sorted { $0.key < $1.key }.flatMap(\.value))
  }

  @Test(arguments: ["a", "An", "ell", "MAR", "ia", "xyz", "é"])
  func incrementalSearchEqualsTheReferenceWhileTyping(word: String) throws {
    let names = try Samples.sortedNames()
    var search = IncrementalSearch(list: SectionedList(sectionsByTitle: names.map { ($0.key, $0.value) }))
    var typed = ""
    for character in word {
      typed.append(character)
      let result = search.search(for: typed)
      let expected = Self.reference(names, term: typed)
      #expect(result.titles == expected.map(\.0), "term \(typed)")
      #expect(result.sections.map(\.items) == expected.map(\.1), "term \(typed)")
    }
  }
}
