import Sectioning
import Testing

/// The index down the side: the search marker, titles, and where each title leads.
@Suite struct SectionIndexTests {
  static let list = SectionedList(sectionsByTitle: [("B", ["Bob", "Bea"]), ("A", ["Ann"]), ("C", ["Cy"])])

  @Test func titlesAreTheSortedKeysWithTheSearchMarkerFirst() {
    #expect(SectionIndex.searchMarker == "{search}")
    #expect(Self.list.sectionIndex.titles == ["{search}", "A", "B", "C"])
  }

  @Test func noTitlesWhileSearching() {
    #expect(Self.list.sectionIndex.titles(isSearching: true) == nil)
    #expect(Self.list.sectionIndex.titles(isSearching: false) == ["{search}", "A", "B", "C"])
  }

  @Test func theMarkerGoesToTheTopAndTitlesToTheirSections() {
    let index = Self.list.sectionIndex
    #expect(index.target(forTitleAt: 0) == .top)
    #expect(index.target(forTitleAt: 1) == .section(0))
    #expect(index.target(forTitleAt: 3) == .section(2))
    #expect(index.target(forTitleAt: 4) == nil)
    #expect(index.target(forTitle: "{search}") == .top)
    #expect(index.target(forTitle: "B") == .section(1))
    #expect(index.target(forTitle: "Z") == nil)
  }

  @Test func aResultsIndexHasOnlyItsVisibleSections() {
    let result = Self.list.filtered(by: "b")
    #expect(result.titles == ["B"])
    #expect(result.sectionIndex.titles == ["{search}", "B"])
    #expect(result.sectionIndex.target(forTitle: "B") == .section(0))
    #expect(result.count(inSection: 0) == 2)
    #expect(result.itemPositions(inSection: 0) == [1, 2])
  }
}
