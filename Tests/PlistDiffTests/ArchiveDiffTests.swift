import KeyedArchive
import PlistDiff
import PlistKit
import Testing

@Suite("Diff of keyed archives as object graphs")
struct ArchiveDiffTests {
  func diff(_ a: ObjectGraph, _ b: ObjectGraph, options: PropertyListDiffOptions = .default) throws -> [String] {
    lines(try a.differences(to: b, options: options))
  }

  @Test("renumbering and reordering $objects is no difference")
  func renumbered() throws {
    let presidents = try Samples.presidents()
    #expect(try diff(presidents, presidents.renumbered()) == [])
    #expect(try diff(presidents, presidents.reversedObjects()) == [])
    // The reversed graph really is numbered differently (archived again, both come out in the
    // archiver's one order, so the ids are what tells them apart).
    #expect(try presidents.reversedObjects().graphForm() != presidents.graphForm())
  }

  @Test("a changed field is reported at the archive's own path")
  func changedField() throws {
    let a = try Samples.presidents()
    var b = a
    b.setString("Gerald R. Ford", field: "Name", of: b.president(37))
    #expect(try diff(a, b.reversedObjects()) == [#"~ Presidents.37.Name: "Gerald Ford" → "Gerald R. Ford""#])
  }

  @Test("an array whose class changed is reported as a class change, and compared element by element")
  func collectionClassChanged() throws {
    let a = try Samples.presidents()
    var b = a
    b.setString("Gerald R. Ford", field: "Name", of: b.president(37))
    let list = b.topObject(forKey: "Presidents")!
    var instance = b[list].instance!
    instance.classChain = ClassChain(["NSArray", "NSObject"])
    b[list] = .instance(instance)
    #expect(
      try diff(a, b.reversedObjects()) == [
        #"~ Presidents.$class: "NSMutableArray" → "NSArray""#,
        #"~ Presidents.37.Name: "Gerald Ford" → "Gerald R. Ford""#,
      ])
    // One class in another chain is reported as the chain.
    instance.classChain = ClassChain(["NSMutableArray", "NSObject"])
    b[list] = .instance(instance)
    #expect(
      try diff(a, b) == [
        #"- Presidents.$classes.1: "NSArray""#, #"~ Presidents.37.Name: "Gerald Ford" → "Gerald R. Ford""#,
      ])
    // An object that is not a collection is still another object when its class changes.
    var c = a
    var president = c[c.president(3)].instance!
    president.classChain = ClassChain(["Statesman", "NSObject"])
    c[c.president(3)] = .instance(president)
    let replaced = try diff(a, c)
    #expect(replaced.count == 1)
    #expect(replaced.first?.hasPrefix(#"~ Presidents.3: {$class: "President", "#) == true)
    #expect(replaced.first?.contains(#" → {$class: "Statesman", "#) == true)
  }

  @Test("a changed shared string changes only the field that refers to it")
  func sharedString() throws {
    let a = try Samples.presidents()
    var b = a
    // Party strings are shared by many presidents; give one of them another.
    b.setString("Whig", field: "Party", of: b.president(2))
    #expect(try diff(a, b) == [#"~ Presidents.2.Party: "Democratic-Republican" → "Whig""#])
  }

  @Test("an inserted object is one addition, shown with its fields; a removed one is one removal")
  func insertedObject() throws {
    let a = try Samples.presidents()
    var b = a
    let added = b.addPresident(number: 44, name: "Barack Obama", party: "Democratic")
    b.editPresidents { $0.append(.uid(UInt64(added))) }
    #expect(
      try diff(a, b.renumbered()) == [
        #"+ Presidents.43: {$class: "President", President: 44, Name: "Barack Obama", Party: "Democratic"}"#
      ])
    var c = a
    c.editPresidents { $0.remove(at: 0) }
    let removed = try diff(a, c)
    #expect(removed.count == 1)
    #expect(removed.first?.hasPrefix(#"- Presidents.0: {$class: "President", President: 1, "#) == true)
    // The others moved up one place, with no change.
    var d = c
    d.setString("J. Adams", field: "Name", of: d.president(0))
    #expect(try diff(a, d).last == #"~ Presidents.1.Name (now Presidents.0.Name): "John Adams" → "J. Adams""#)
  }

  @Test("an object shared by two others, changed once, is reported once")
  func sharedObject() throws {
    var graph = ObjectGraph()
    let office = graph.add(
      .instance(ArchivedInstance(classChain: ClassChain(["Office", "NSObject"]), fields: ["Floor": 1])))
    let a = graph.add(
      .instance(
        ArchivedInstance(classChain: ClassChain(["Person", "NSObject"]), fields: ["Office": .uid(UInt64(office))])))
    let b = graph.add(
      .instance(
        ArchivedInstance(classChain: ClassChain(["Person", "NSObject"]), fields: ["Office": .uid(UInt64(office))])))
    let list = graph.add(
      .instance(
        ArchivedInstance(
          classChain: ObjectGraph.mutableArray, fields: ["NS.objects": [.uid(UInt64(a)), .uid(UInt64(b))]])))
    graph.top["People"] = .uid(UInt64(list))
    var changed = graph
    changed[office] = .instance(ArchivedInstance(classChain: ClassChain(["Office", "NSObject"]), fields: ["Floor": 2]))
    #expect(try diff(graph, changed.reversedObjects()) == ["~ People.0.Office.Floor: 1 → 2"])
    // When one person moves to an office of their own, that is a change of the reference.
    var moved = graph
    let other = moved.add(
      .instance(ArchivedInstance(classChain: ClassChain(["Office", "NSObject"]), fields: ["Floor": 1])))
    moved[b] = .instance(
      ArchivedInstance(classChain: ClassChain(["Person", "NSObject"]), fields: ["Office": .uid(UInt64(other))]))
    #expect(
      try diff(graph, moved) == [#"~ People.1.Office: {$class: "Office", Floor: 1} → {$class: "Office", Floor: 1}"#])
  }

  @Test("dictionaries by key, sets in no order, cycles")
  func collections() throws {
    func archive(_ theme: String, _ tags: [String], cycle: Bool) -> ObjectGraph {
      var graph = ObjectGraph()
      let key = graph.add(.value("Theme"))
      let value = graph.add(.value(.string(theme)))
      let dictionary = graph.add(
        .instance(
          ArchivedInstance(
            classChain: ClassChain(["NSDictionary", "NSObject"]),
            fields: ["NS.keys": [.uid(UInt64(key))], "NS.objects": [.uid(UInt64(value))]])))
      let tagNodes = tags.map { graph.add(.value(.string($0))) }
      let set = graph.add(
        .instance(
          ArchivedInstance(
            classChain: ClassChain(["NSSet", "NSObject"]),
            fields: ["NS.objects": .array(tagNodes.map { .uid(UInt64($0)) })])))
      let node = graph.add(.instance(ArchivedInstance(classChain: ClassChain(["Node", "NSObject"]), fields: [:])))
      graph[node] = .instance(
        ArchivedInstance(
          classChain: ClassChain(["Node", "NSObject"]),
          fields: [
            "Settings": .uid(UInt64(dictionary)), "Tags": .uid(UInt64(set)), "Me": .uid(UInt64(cycle ? node : 0)),
          ]))
      graph.top["root"] = .uid(UInt64(node))
      return graph
    }
    let a = archive("Dark", ["x", "y", "z"], cycle: true)
    #expect(try diff(a, archive("Dark", ["z", "x", "y"], cycle: true)) == [])
    let changed = try diff(a, archive("Light", ["x", "y", "w"], cycle: false))
    #expect(
      changed == [
        // The root object first, then what it refers to, breadth first; a set's elements
        // are compared in a stable order of their own, not the archive's.
        #"~ Me: {$class: "Node", Settings: {Theme: "Dark"}, Tags: ["x", "y", "z"], Me: {$cycle: "(root)"}} → "$null""#,
        #"~ Settings.Theme: "Dark" → "Light""#, #"~ Tags.2: "z" → "w""#,
      ])
  }

  @Test("an ordered set in Foundation's layout (NS.object.0, NS.object.1, …) compares as an array, and merges")
  func orderedSet() throws {
    func archive(_ names: [String]) -> ObjectGraph {
      var graph = ObjectGraph()
      let members = names.map { graph.add(.value(.string($0))) }
      var fields = PropertyListDictionary()
      for (index, member) in members.enumerated() { fields["NS.object.\(index)"] = .uid(UInt64(member)) }
      let set = graph.add(
        .instance(ArchivedInstance(classChain: ClassChain(["NSOrderedSet", "NSObject"]), fields: fields)))
      graph.top["Names"] = .uid(UInt64(set))
      return graph
    }
    #expect(try diff(archive(["a", "b", "c"]), archive(["a", "x", "b", "c"])) == [#"+ Names.1: "x""#])
    let merged = try ObjectGraphMerge().merge(
      base: archive(["a", "b", "c"]), ours: archive(["z", "a", "b", "c"]), theirs: archive(["a", "b", "c", "d"]))
    #expect(merged.isClean)
    #expect(try diff(archive(["z", "a", "b", "c", "d"]), merged.graph) == [])
    #expect(ArchiveValidator().validate(try merged.graph.archivedPropertyList()) == [])
  }

  @Test("ignore patterns see the archive's paths")
  func ignored() throws {
    let a = try Samples.presidents()
    var b = a
    b.setString("X", field: "Party", of: b.president(5))
    b.setString("Y", field: "Name", of: b.president(6))
    let found = try diff(a, b, options: PropertyListDiffOptions(ignoredPaths: ["Presidents.*.Party"]))
    #expect(found == [#"~ Presidents.6.Name: "Andrew Jackson" → "Y""#])
  }
}
