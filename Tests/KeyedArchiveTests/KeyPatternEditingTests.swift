import KeyedArchive
import PlistKit
import Testing

/// Wildcards and negative indices through an archive's objects
/// (``ObjectGraph/keyPaths(matching:)``, ``ObjectGraph/removeValues(matching:)``).
@Suite("Archive key patterns")
struct KeyPatternEditingTests {
  static func graph() throws -> ObjectGraph { try ObjectGraph(archive: Samples.presidentsArchive()) }

  @Test("a wildcard takes every element of an NSArray and every field of an object")
  func matching() throws {
    let graph = try Self.graph()
    let names = try graph.keyPaths(matching: "Presidents.*.Name")
    #expect(names.count == 43)
    #expect(names.first == "Presidents.0.Name")
    #expect(names.last == "Presidents.42.Name")
    #expect(
      try graph.keyPaths(matching: "Presidents.-1.*").map(\.description) == [
        "Presidents.42.President", "Presidents.42.Name", "Presidents.42.FromYear", "Presidents.42.ToYear",
        "Presidents.42.Party",
      ])
    #expect(try graph.keyPaths(matching: "*") == ["Presidents"])
    #expect(try graph.keyPaths(matching: "Presidents.-43") == ["Presidents.0"])
  }

  @Test("the concrete paths are the plain view's")
  func sameAsPlainView() throws {
    let graph = try Self.graph()
    let view = try graph.plainView()
    for pattern: PropertyListKeyPattern in ["Presidents.*.Name", "Presidents.*.President", "Presidents.-2.*"] {
      let fromGraph = try graph.keyPaths(matching: pattern)
      let fromView = try view.matches(of: pattern).map(\.path).filter { $0.components.last != "$class" }
      #expect(fromGraph == fromView, "\(pattern)")
    }
  }

  @Test("removing by pattern empties every match once; the archive stays valid")
  func removal() throws {
    var graph = try Self.graph()
    #expect(try graph.removeValues(matching: "Presidents.*.Party") == 43)
    var view = try ObjectGraph(archive: graph.archivedPropertyList()).plainView()
    #expect(throws: PropertyListError.self) { try view.matches(of: "Presidents.*.Party") }
    #expect(
      try view.value(at: "Presidents.0") == [
        "$class": "President", "President": 1, "ToYear": "1797", "FromYear": "1789", "Name": "George Washington",
      ])
    #expect(try graph.removeValues(matching: "Presidents.-1") == 1)
    #expect(try graph.removeValues(matching: "Presidents.*") == 42)
    view = try ObjectGraph(archive: graph.archivedPropertyList()).plainView()
    #expect(view == ["Presidents": []])
  }

  @Test("an NSDictionary's keys match a wildcard; a place shared by two paths is removed once")
  func dictionariesAndSharing() throws {
    var graph = ObjectGraph()
    let dictionaryClass = ClassChain(["NSDictionary", "NSObject"])
    let arrayClass = ClassChain(["NSArray", "NSObject"])
    let keyA = graph.add(.value("a"))
    let keyB = graph.add(.value("b"))
    let one = graph.add(.value(1))
    let list = graph.add(
      .instance(
        ArchivedInstance(classChain: arrayClass, fields: ["NS.objects": [.uid(UInt64(one)), .uid(UInt64(one))]])))
    let dictionary = graph.add(
      .instance(
        ArchivedInstance(
          classChain: dictionaryClass,
          fields: [
            "NS.keys": [.uid(UInt64(keyA)), .uid(UInt64(keyB))],
            "NS.objects": [.uid(UInt64(list)), .uid(UInt64(list))],
          ])))
    graph.top["root"] = .uid(UInt64(dictionary))
    #expect(try graph.keyPaths(matching: "*.-1") == ["a.1", "b.1"])
    // a.1 and b.1 are one place: the shared array loses one element, not two.
    #expect(try graph.removeValues(matching: "*.-1") == 1)
    #expect(try graph.plainView() == ["a": [1], "b": [1]])
    try graph.removeValues(matching: "*")
    #expect(try graph.plainView() == [:])
  }

  @Test("errors name the key path; nothing is removed when nothing matches")
  func errors() throws {
    var graph = try Self.graph()
    #expect(throws: KeyedArchiveError(.keyPath, at: "Nope", "no such key")) {
      try graph.keyPaths(matching: "Nope.*")
    }
    #expect(throws: KeyedArchiveError(.keyPath, at: "Presidents.*.Nope", "no value matches this key path")) {
      try graph.removeValues(matching: "Presidents.*.Nope")
    }
    #expect(throws: KeyedArchiveError(.keyPath, at: "Presidents.0.Name.*", "cannot look inside a string")) {
      try graph.keyPaths(matching: "Presidents.0.Name.*")
    }
    #expect(
      throws: KeyedArchiveError(
        .keyPath, at: "Presidents.-44", "'-44' is not an index of this NSMutableArray of 43 elements")
    ) {
      try graph.keyPaths(matching: "Presidents.-44")
    }
    #expect(try graph.keyPaths(matching: "Presidents.*").count == 43)
  }
}
