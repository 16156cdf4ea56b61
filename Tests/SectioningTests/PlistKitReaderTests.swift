import BookModels
import PlistKit
import Sectioning
import Testing

/// The samples read by PlistKit's own reader give the same models as read by Foundation.
@Suite
struct PlistKitReaderTests {
  @Test(arguments: ["sortednames.plist", "computers.plist", "koreanmenu.plist"])
  func theSameListEitherWay(name: String) throws {
    let ours = try #require(Samples.plistKitValue(name))
    let theirs = try Samples.value(name)
    let listOurs = try SectionedList(propertyList: ours)
    let listTheirs = try SectionedList(propertyList: theirs)
    #expect(listOurs.titles == listTheirs.titles)
    #expect(listOurs.texts == listTheirs.texts)
  }

  @Test func theBooksSearchOnTheFileAsRead() throws {
    var names = try SortedNames(propertyList: try #require(Samples.plistKitValue("sortednames.plist")))
    names.handleSearch(forTerm: "ell")
    let expected = BookCompatibilityTests.reference(try Samples.sortedNames(), term: "ell")
    #expect(names.keys == expected.map(\.0))
    #expect(names.keys.indices.map { names.names(inSection: $0) } == expected.map(\.1))
  }
}
