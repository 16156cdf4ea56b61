import PlistKit
import Sectioning
import Testing

/// Building lists from the property-list shapes the book uses, and refusing others.
@Suite struct PropertyListSourceTests {
  @Test func aDictionaryOfArraysIsSectionedBySortedKey() throws {
    let value: PropertyList = ["B": ["Bob"], "A": ["Ann", "Al"]]
    let list = try SectionedList(propertyList: value)
    #expect(list.titles == ["A", "B"])
    #expect(list.texts == ["Ann", "Al", "Bob"])
  }

  @Test func aListOfStringsHasStringItems() throws {
    let value: PropertyList = ["B": ["Bob"], "A": ["Ann", "Al"]]
    let names = try SectionedList<String>(propertyList: value)
    #expect(names.titles == ["A", "B"])
    #expect(Array(names.items(inSection: 0)) == ["Ann", "Al"])
    #expect(names.items == ["Ann", "Al", "Bob"])
    #expect(names.filtered(by: "a").sections.map(\.items) == [["Ann", "Al"]])
    // Items with a text key give their texts; what fails as values fails as strings.
    let computers: PropertyList = [["Name": "iMac"], ["Name": "Apple II"]]
    let sectioned = try SectionedList<String>(propertyList: computers, source: SectioningSource(collation: .en))
    #expect(sectioned.sections.map(\.title) == ["A", "I"])
    #expect(sectioned.items == ["Apple II", "iMac"])
    #expect(throws: PropertyListError.self) { try SectionedList<String>(propertyList: ["A": 1]) }
    // Where the item type is not said, the items stay values.
    let values = try SectionedList(propertyList: value)
    #expect(values.items == ["Ann", "Al", "Bob"] as [PropertyList])
  }

  @Test func anArrayOfStringsIsSectionedByTheCollation() throws {
    let value: PropertyList = ["iMac", "Apple II", "2nd"]
    let flat = try SectionedList(propertyList: value)
    #expect(flat.titles == [""])
    let sectioned = try SectionedList(propertyList: value, source: SectioningSource(collation: .en))
    #expect(sectioned.titles == ["A", "I", "#"])
    #expect(sectioned.texts == ["Apple II", "iMac", "2nd"])
  }

  @Test func anArrayOfDictionariesUsesTheTextKey() throws {
    let value: PropertyList = [["Name": "MacBook", "Color": "White"], ["Name": "iMac", "Color": "Blue"]]
    let list = try SectionedList(propertyList: value, source: SectioningSource(collation: .en))
    #expect(list.titles == ["I", "M"])
    #expect(list.items.map { $0["Color"]?.stringValue } == ["Blue", "White"])
    let byColor = try SectionedList(propertyList: value, source: SectioningSource(textKey: "Color"))
    #expect(byColor.filtered(by: "blu").items.map { $0["Name"]?.stringValue } == ["iMac"])
  }

  @Test func menuGroupsBecomeSectionsInOrder() throws {
    let value: PropertyList = [
      ["title": "밥", "menu": ["비빔밥", "김밥"]],
      ["title": "국", "menu": ["된장찌개"]],
    ]
    let list = try SectionedList(propertyList: value)
    #expect(list.titles == ["밥", "국"])
    #expect(list.filtered(by: "ㄷㅈ").titles == ["국"])
  }

  @Test func menusAreRecognisedByTheirShape() {
    #expect(
      SectioningSource.menuItemKeys(of: [["title": "", "menu": ["a"]], ["Title": "b", "items": []]]) == [
        "menu", "items",
      ])
    #expect(SectioningSource.menuItemKeys(of: [["title": "a", "menu": ["x"]], ["title": "b"]]) == nil)
    #expect(SectioningSource.menuItemKeys(of: [["Name": "iMac"]]) == nil)
    #expect(SectioningSource.menuItemKeys(of: ["a"]) == nil)
    #expect(SectioningSource.menuItemKeys(of: []) == nil)
    #expect(SectioningSource.menuItemKeys(of: ["A": ["a"]]) == nil)
  }

  @Test func aMissingTextIsReportedWithItsKeyPath() {
    let value: PropertyList = ["A": ["Ann", 3]]
    #expect(
      throws: PropertyListError(.keyPath, at: .keyPath("A.1"), "expected a string or a dictionary, found integer")
    ) {
      try SectionedList(propertyList: value)
    }
    let records: PropertyList = [["Name": "a"], ["Color": "b"]]
    #expect(throws: PropertyListError(.keyPath, at: .keyPath("1"), "expected a dictionary with a string under 'Name'"))
    {
      try SectionedList(propertyList: records)
    }
    #expect(throws: PropertyListError(.keyPath, at: .keyPath("A"), "expected an array of items, found string")) {
      try SectionedList(propertyList: ["A": "x"])
    }
    #expect(
      throws: PropertyListError(
        .keyPath, at: .keyPath(""), "expected a dictionary of sections or an array of items, found boolean")
    ) {
      try SectionedList(propertyList: true)
    }
  }
}
