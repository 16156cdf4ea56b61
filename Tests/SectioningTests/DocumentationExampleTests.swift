import BookModels
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

  /// The examples of `BookModels.docc`.
  @Test func theBookModelsExamples() throws {
    let presidents = [
      President(number: 1, name: "George Washington", fromYear: "1789", toYear: "1797", party: "None")
    ]
    let bytes = try President.archive(presidents).archivedBytes(format: .binary)
    #expect(try President.decodeList(from: bytes) == presidents)
    var names = SortedNames(namesByKey: [("A", ["Ann", "Abe"]), ("B", ["Bob"])])
    #expect(names.keys == ["A", "B"])
    names.handleSearch(forTerm: "b")
    #expect(names.keys == ["A", "B"])
    names.handleSearch(forTerm: "bo")
    #expect(names.names(inSection: 0) == ["Bob"])
  }
}
