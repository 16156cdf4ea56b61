import KeyedArchive
import PlistDiff
import PlistKit
import Testing

@Suite("Three-way merge of keyed archives")
struct ArchiveMergeTests {
  func merge(
    _ base: ObjectGraph, _ ours: ObjectGraph, _ theirs: ObjectGraph, _ resolution: PropertyListMerge.Resolution = .ours
  ) throws -> ObjectGraphMergeResult {
    let result = try ObjectGraphMerge(resolution: resolution).merge(base: base, ours: ours, theirs: theirs)
    // Whatever the outcome, the merged archive is a valid one.
    #expect(ArchiveValidator().validate(try result.graph.archivedPropertyList()) == [])
    return result
  }

  func names(_ graph: ObjectGraph) throws -> [String] {
    guard case .dictionary(let view) = try graph.plainView(), case .array(let presidents) = view["Presidents"]! else {
      return []
    }
    return presidents.map { $0.dictionaryValue?["Name"]?.stringValue ?? "?" }
  }

  @Test("changes to different objects merge, whatever the sides' numbering")
  func differentObjects() throws {
    let base = try Samples.presidents()
    var ours = base
    ours.setString("Gerald R. Ford", field: "Name", of: ours.president(37))
    var theirs = base
    theirs.setString("Whig", field: "Party", of: theirs.president(2))
    let result = try merge(base, try ours.reversedObjects(), try theirs.renumbered())
    #expect(result.isClean)
    #expect(
      lines(try base.differences(to: result.graph)) == [
        #"~ Presidents.2.Party: "Democratic-Republican" → "Whig""#,
        #"~ Presidents.37.Name: "Gerald Ford" → "Gerald R. Ford""#,
      ])
  }

  @Test("objects both sides added are both kept")
  func bothAdded() throws {
    let base = try Samples.presidents()
    var ours = base
    let obama = ours.addPresident(number: 44, name: "Barack Obama", party: "Democratic")
    ours.editPresidents { $0.append(.uid(UInt64(obama))) }
    var theirs = base
    let trump = theirs.addPresident(number: 45, name: "Donald Trump", party: "Republican")
    theirs.editPresidents { $0.append(.uid(UInt64(trump))) }
    let result = try merge(base, ours, theirs)
    #expect(result.isClean)
    #expect(try names(result.graph).suffix(3) == ["George Walker Bush", "Barack Obama", "Donald Trump"])
  }

  @Test("a field both changed differently conflicts, with the values shown")
  func bothChanged() throws {
    let base = try Samples.presidents()
    var ours = base
    ours.setString("Gerald R. Ford", field: "Name", of: ours.president(37))
    var theirs = base
    theirs.setString("Jerry Ford", field: "Name", of: theirs.president(37))
    let result = try merge(base, ours, theirs)
    #expect(
      lines(result.conflicts) == [
        #"! both-changed Presidents.37.Name: base "Gerald Ford" | ours "Gerald R. Ford" | theirs "Jerry Ford""#
      ])
    #expect(try names(result.graph)[37] == "Gerald R. Ford")
    #expect(try names(try merge(base, ours, theirs, .theirs).graph)[37] == "Jerry Ford")
  }

  @Test("removing an object the other side changed conflicts where it was")
  func removedChanged() throws {
    let base = try Samples.presidents()
    var ours = base
    ours.editPresidents { $0.remove(at: 5) }
    var theirs = base
    theirs.setString("J. Monroe", field: "Name", of: theirs.president(4))
    theirs.setString("J. Q. Adams", field: "Name", of: theirs.president(5))
    let result = try merge(base, ours, theirs)
    #expect(result.conflicts.map(\.kind) == [.removedByOurs])
    #expect(result.conflicts.map(\.path.description) == ["Presidents.5"])
    #expect(result.conflicts.first?.theirs?.arrayValue?.first?.dictionaryValue?["Name"] == "J. Q. Adams")
    let oursWay = try names(result.graph)
    #expect(oursWay.count == 42 && oursWay[4] == "J. Monroe" && oursWay[5] == "Andrew Jackson")
    let theirsWay = try names(try merge(base, ours, theirs, .theirs).graph)
    #expect(theirsWay.count == 43 && theirsWay[5] == "J. Q. Adams")
  }

  @Test("an object shared by two others changed on both sides in different fields merges once")
  func sharedObject() throws {
    var base = ObjectGraph()
    let chain = ClassChain(["Office", "NSObject"])
    let office = base.add(.instance(ArchivedInstance(classChain: chain, fields: ["Floor": 1, "Room": 10])))
    let people = (0..<2).map { _ in
      base.add(
        .instance(
          ArchivedInstance(classChain: ClassChain(["Person", "NSObject"]), fields: ["Office": .uid(UInt64(office))])))
    }
    let list = base.add(
      .instance(
        ArchivedInstance(
          classChain: ObjectGraph.mutableArray, fields: ["NS.objects": .array(people.map { .uid(UInt64($0)) })])))
    base.top["People"] = .uid(UInt64(list))
    var ours = base
    ours[office] = .instance(ArchivedInstance(classChain: chain, fields: ["Floor": 2, "Room": 10]))
    var theirs = base
    theirs[office] = .instance(ArchivedInstance(classChain: chain, fields: ["Floor": 1, "Room": 11]))
    let result = try merge(base, ours, try theirs.reversedObjects())
    #expect(result.isClean)
    let view = try #require(try result.graph.plainView().dictionaryValue)
    #expect(
      text(view["People"]!)
        == #"[{$class: "Person", Office: {$class: "Office", Floor: 2, Room: 11}}, {$class: "Person", Office: {$class: "Office", Floor: 2, Room: 11}}]"#
    )
    // Still one shared office, not two copies.
    let archived = try result.graph.archivedPropertyList()
    #expect(
      archived.dictionaryValue?["$objects"]?.arrayValue?.count
        == (try base.archivedPropertyList()).dictionaryValue?["$objects"]?.arrayValue?.count)
  }
}
