import BookModels
import PlistKit
import Sectioning
import Testing

/// The book's view-controller state for the names table, and the computers and menu models.
@Suite struct SortedNamesTests {
  @Test func startsWithEverythingAndTheFullIndex() throws {
    let names = try SortedNames(propertyList: Samples.value("sortednames.plist"))
    #expect(names.keys.count == 26)
    #expect(names.sectionIndexTitles == ["{search}"] + names.keys)
    #expect(names.names(inSection: 0).prefix(3) == ["Aaliyah", "Aaron", "Abagail"])
    #expect(names.result.count == 2000)
  }

  @Test func searchFiltersAndHidesTheIndexWhileTyping() throws {
    var names = try SortedNames(propertyList: Samples.value("sortednames.plist"))
    names.beginSearching()
    names.handleSearch(forTerm: "zy")
    #expect(names.sectionIndexTitles == nil)
    let expected = BookCompatibilityTests.reference(try Samples.sortedNames(), term: "zy")
    #expect(names.keys == expected.map(\.0))
    #expect(names.keys.indices.map { names.names(inSection: $0) } == expected.map(\.1))
    names.handleSearch(forTerm: "")
    #expect(names.result.count == 2000)
    names.handleSearch(forTerm: "zy")
    names.cancelSearch()
    #expect(names.term == "")
    #expect(names.sectionIndexTitles?.count == 27)
  }

  @Test func pickingAnIndexTitle() throws {
    let names = try SortedNames(propertyList: Samples.value("sortednames.plist"))
    #expect(names.section(forSectionIndexTitle: "{search}", at: 0) == .top)
    #expect(names.section(forSectionIndexTitle: "A", at: 1) == .section(0))
    #expect(names.section(forSectionIndexTitle: "Z", at: 26) == .section(25))
    #expect(names.section(forSectionIndexTitle: "C", at: 99) == .section(2))
    #expect(names.section(forSectionIndexTitle: "?", at: 99) == nil)
  }

  @Test func aValueThatIsNotANameIsReported() {
    #expect(throws: PropertyListError(.keyPath, at: .keyPath("B.1"), "expected a string, found integer")) {
      try SortedNames(propertyList: ["A": ["Ann"], "B": ["Bob", 7]])
    }
    #expect(throws: PropertyListError(.keyPath, at: .keyPath(""), "expected a dictionary of names, found array")) {
      try SortedNames(propertyList: ["Ann"])
    }
  }
}

@Suite struct ComputersTests {
  @Test func theBooksFlatListKeepsItsOrder() throws {
    let computers = try Computers(propertyList: Samples.value("computers.plist"))
    #expect(computers.computers.count == 227)
    #expect(computers.computers.first == Computer(name: "Apple I"))
    #expect(computers.sectioned().titles == [""])
    #expect(computers.filtered(by: "cube").map(\.name) == ["Power Mac G4 Cube"])
    #expect(computers.filtered(by: "IMAC").map(\.name) == ["iMac"])
  }

  @Test func nameAndColorDictionaries() throws {
    let computers = try Computers(propertyList: [
      ["Name": "MacBook", "Color": "White"], ["Name": "MacBook Pro", "Color": "Silver"], ["Name": "iMac"],
    ])
    #expect(computers.computers[1] == Computer(name: "MacBook Pro", color: "Silver"))
    #expect(computers.computers[2].color == nil)
    let sections = computers.sectioned(by: .en)
    #expect(sections.titles == ["I", "M"])
    #expect(sections.items.map(\.name) == ["iMac", "MacBook", "MacBook Pro"])
  }

  @Test func badElementsAreReported() {
    #expect(throws: PropertyListError(.keyPath, at: .keyPath("1.Name"), "missing key 'Name'")) {
      try Computers(propertyList: [["Name": "iMac"], ["Color": "Red"]])
    }
    #expect(throws: PropertyListError(.keyPath, at: .keyPath("0.Color"), "expected a string, found integer")) {
      try Computers(propertyList: [["Name": "iMac", "Color": 3]])
    }
    #expect(
      throws: PropertyListError(
        .keyPath, at: .keyPath("0"), "expected a string or a dictionary with a Name, found real")
    ) {
      try Computers(propertyList: [1.5])
    }
  }
}

@Suite struct MenuTests {
  @Test func theKoreanSampleMenu() throws {
    let menu = try Menu(propertyList: Samples.value("koreanmenu.plist"))
    #expect(menu.groups.map(\.title) == ["밥", "국과 찌개", "면", "고기", "반찬"])
    #expect(menu.groups[0].items.prefix(2) == ["비빔밥", "김밥"])
    #expect(menu.sectioned.titles == ["밥", "국과 찌개", "면", "고기", "반찬"])
  }

  @Test func searchingTheMenuByInitials() throws {
    let menu = try Menu(propertyList: Samples.value("koreanmenu.plist"))
    #expect(
      menu.filtered(by: "ㄱㅂ") == [
        Menu.Group(title: "밥", items: ["김밥"]), Menu.Group(title: "고기", items: ["갈비", "닭갈비"]),
      ])
    #expect(menu.filtered(by: "ㄷㅈ") == [Menu.Group(title: "국과 찌개", items: ["된장찌개"])])
    #expect(menu.filtered(by: "김ㅂ") == [Menu.Group(title: "밥", items: ["김밥"])])
    #expect(menu.filtered(by: "찌개").map(\.items) == [["된장찌개", "김치찌개", "순두부찌개"]])
    #expect(menu.filtered(by: "피자") == [])
  }

  @Test func aGroupWithoutAMenuIsReported() {
    #expect(throws: PropertyListError(.keyPath, at: .keyPath("0.menu"), "missing key 'menu'")) {
      try Menu(propertyList: [["title": "밥"]])
    }
    #expect(throws: PropertyListError(.keyPath, at: .keyPath("0.menu.1"), "expected a string, found boolean")) {
      try Menu(propertyList: [["title": "밥", "menu": ["김밥", true]]])
    }
  }
}
