import Sectioning
import Testing

/// The examples of the module's documentation, run.
@Suite struct DocumentationExampleTests {
  @Test func theOverviewExamples() {
    let list = SectionedList(sectionsByTitle: [("B", ["Bob", "Bea"]), ("A", ["Ann"])])
    #expect(list.titles == ["A", "B"])
    #expect(list.sectionIndex.titles == ["{search}", "A", "B"])
    let menu = SectionedList(items: ["김밥", "까치", "된장찌개", "Apple"], collation: .ko)
    #expect(menu.titles == ["ㄱ", "ㄷ", "A"])
    var search = IncrementalSearch(list: list)
    #expect(search.search(for: "b").titles == ["B"])
    #expect(search.search(for: "be").items == ["Bea"])
    #expect(search.reset().count == 3)
  }
}
