import KeyedArchive
import PlistKit
import Testing

/// Changing a keyed archive by key path through its objects (`ObjectGraph.setValue(_:at:)`,
/// `insertValue(_:at:append:)`, `removeValue(at:)`).
@Suite("Archive editing by key path")
struct EditingTests {
  static func graph() throws -> ObjectGraph { try ObjectGraph(archive: Samples.presidentsArchive()) }

  @Test("a field set by key path is in the plain view, and the other objects sharing it keep theirs")
  func setField() throws {
    var graph = try Self.graph()
    let before = try graph.plainView()
    try graph.setValue("Whig", at: "Presidents.9.Party")
    let after = try ObjectGraph(archive: graph.archivedPropertyList()).plainView()
    #expect(try after.value(at: "Presidents.9.Party") == "Whig")
    // Equal strings are shared between objects: the others still read the old one.
    #expect(try after.value(at: "Presidents.10.Party") == before.value(at: "Presidents.10.Party"))
    #expect(try after.value(at: "Presidents.9.Name") == before.value(at: "Presidents.9.Name"))
  }

  @Test("a number stored inline stays inline; a new field and a new top-level key are added")
  func inlineAndNew() throws {
    var graph = try Self.graph()
    let count = graph.count
    try graph.setValue(.integer(99), at: "Presidents.0.President")
    #expect(graph.count == count, "an inline integer is replaced in place, not as a new object")
    try graph.setValue("note", at: "Presidents.0.Note")
    try graph.setValue(.integer(1), at: "Extra")
    let view = try graph.plainView()
    #expect(try view.value(at: "Presidents.0.President") == 99)
    #expect(try view.value(at: "Presidents.0.Note") == "note")
    #expect(try view.value(at: "Extra") == 1)
  }

  @Test("insert adds fields, NSArray elements (before an index, at the count, appended) and entries, never over one")
  func insert() throws {
    var graph = try Self.graph()
    var expected = try graph.plainView()
    try graph.insertValue("first", at: "Presidents.0")
    try graph.insertValue("end", at: "Presidents.44")
    try graph.insertValue("appended", at: "Presidents", append: true)
    try graph.insertValue(.integer(7), at: "Presidents.1.Terms")
    try graph.insertValue(.boolean(true), at: "Extra")
    try expected.insertValue("first", at: "Presidents.0")
    try expected.insertValue("end", at: "Presidents.44")
    try expected.insertValue("appended", at: "Presidents", append: true)
    try expected.insertValue(7, at: "Presidents.1.Terms")
    try expected.insertValue(true, at: "Extra")
    let archive = try graph.archivedPropertyList()
    #expect(try ObjectGraph(archive: archive).plainView() == expected)
    #expect(ArchiveValidator().validate(archive) == [])
    #expect(
      throws: KeyedArchiveError(.keyPath, at: "Presidents.1.Name", "a value is there already; use set to replace it")
    ) {
      try graph.insertValue("x", at: "Presidents.1.Name")
    }
    #expect(throws: KeyedArchiveError(.keyPath, at: "Extra", "a value is there already; use set to replace it")) {
      try graph.insertValue("x", at: "Extra")
    }
    #expect(
      throws: KeyedArchiveError(.keyPath, at: "Presidents.1", "expected an array to append to, found a President")
    ) {
      try graph.insertValue("x", at: "Presidents.1", append: true)
    }
  }

  @Test("NSDictionary entries are found by key, added and removed; NSArray elements removed")
  func dictionaries() throws {
    var graph = ObjectGraph()
    let dictionaryClass = ClassChain(["NSDictionary", "NSObject"])
    let key = graph.add(.value("a"))
    let value = graph.add(.value(1))
    let dictionary = graph.add(
      .instance(
        ArchivedInstance(
          classChain: dictionaryClass, fields: ["NS.keys": [.uid(UInt64(key))], "NS.objects": [.uid(UInt64(value))]])))
    graph.top["root"] = .uid(UInt64(dictionary))
    try graph.setValue("b", at: "a")
    try graph.setValue("c", at: "new")
    #expect(try graph.plainView() == ["a": "b", "new": "c"])
    try graph.insertValue("d", at: "other")
    #expect(try graph.plainView() == ["a": "b", "new": "c", "other": "d"])
    #expect(throws: KeyedArchiveError(.keyPath, at: "other", "a value is there already; use set to replace it")) {
      try graph.insertValue("e", at: "other")
    }
    try graph.removeValue(at: "other")
    try graph.removeValue(at: "a")
    #expect(try graph.plainView() == ["new": "c"])
  }

  @Test("a path that leads nowhere, or to a value the archive cannot hold, is an error at its key path")
  func errors() throws {
    var graph = try Self.graph()
    #expect(throws: KeyedArchiveError(.keyPath, at: "Presidents.0.Nope", "no such key")) {
      try graph.removeValue(at: "Presidents.0.Nope")
    }
    #expect(
      throws: KeyedArchiveError(
        .keyPath, at: "Presidents.99", "'99' is not an index of this NSMutableArray of 43 elements")
    ) {
      try graph.setValue("x", at: "Presidents.99.Name")
    }
    #expect(
      throws: KeyedArchiveError(
        .notEncodable, at: "Presidents.0.Name",
        "only strings, numbers, booleans and data can be set inside an archive, not an array")
    ) {
      try graph.setValue([1], at: "Presidents.0.Name")
    }
    #expect(
      throws: KeyedArchiveError(
        .notEncodable, at: "Presidents.0.Name",
        "only strings, numbers, booleans and data can be set inside an archive, not a uid")
    ) {
      try graph.setValue(.uid(1), at: "Presidents.0.Name")
    }
    #expect(throws: KeyedArchiveError(.keyPath, at: "Presidents.0.Name.x", "cannot look inside a string")) {
      try graph.setValue("x", at: "Presidents.0.Name.x")
    }
    #expect(throws: KeyedArchiveError(.keyPath, at: "Presidents.0.President.x", "cannot look inside an integer")) {
      try graph.setValue("x", at: "Presidents.0.President.x")
    }
  }
}
