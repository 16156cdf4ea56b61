import KeyedArchive
import PlistKit
import Testing

/// Broken and hostile archives: each is a specific error with a key path, never a crash.
@Suite("Hostile archives")
struct HostileArchiveTests {
  private func readError(_ archive: PropertyList) -> KeyedArchiveError? {
    Samples.error { () throws(KeyedArchiveError) in try ObjectGraph(archive: archive) }
  }

  @Test("a UID out of range")
  func uidOutOfRange() {
    let archive = Samples.archive(objects: [
      "$null", ["$class": .uid(2), "NS.objects": [.uid(9)]], Samples.classDictionary("NSArray", "NSObject"),
    ])
    #expect(
      readError(archive)
        == KeyedArchiveError(
          .referenceOutOfRange, at: "$objects.1.NS\\.objects.0",
          "UID 9 is out of range ($objects has 3 entries)"))
  }

  @Test("a $class pointing at a string")
  func classPointingAtString() {
    let archive = Samples.archive(objects: ["$null", ["$class": .uid(2)], "NSArray"])
    #expect(
      readError(archive)
        == KeyedArchiveError(
          .notAClass, at: "$objects.1.$class",
          "UID 2 points at a string \"NSArray\", not a class dictionary"))
  }

  @Test("a missing $top")
  func missingTop() {
    let archive: PropertyList = ["$archiver": "NSKeyedArchiver", "$version": 100000, "$objects": ["$null"]]
    #expect(
      readError(archive)
        == KeyedArchiveError(
          .malformed, at: "$top",
          "missing: expected a dictionary of top-level objects"))
  }

  @Test("a plain property list is not an archive")
  func notAnArchive() {
    #expect(
      readError(["Name": "x"])
        == KeyedArchiveError(
          .notAnArchive, at: "",
          "not a keyed archive: no $archiver, $top or $objects"))
    #expect(
      readError([1, 2])
        == KeyedArchiveError(
          .notAnArchive, at: "",
          "not a keyed archive: expected a dictionary with $archiver, $top and $objects, found array"))
  }

  @Test("an object reference to a class dictionary")
  func referenceToClass() {
    let archive = Samples.archive(top: ["root": .uid(1)], objects: ["$null", Samples.classDictionary("NSArray")])
    #expect(
      readError(archive)
        == KeyedArchiveError(
          .notAClass, at: "$top.root",
          "UID 1 points at a class dictionary, not an object"))
  }

  @Test("$objects without $null first")
  func missingNull() {
    #expect(
      readError(Samples.archive(objects: ["x"]))
        == KeyedArchiveError(
          .malformed, at: "$objects.0",
          "expected the string \"$null\""))
  }

  @Test("a UID cycle decodes as a graph; typed decoding reports the cycle with its key path")
  func uidCycle() throws {
    // An NSArray that contains itself: impossible for Foundation to write, so also invalid.
    let archive = Samples.archive(objects: [
      "$null", ["$class": .uid(2), "NS.objects": [.uid(1)]], Samples.classDictionary("NSArray", "NSObject"),
    ])
    let graph = try ObjectGraph(archive: archive)
    #expect(graph.count == 2)
    let unarchiver = KeyedUnarchiver(graph: graph)
    let error = Samples.error { () throws(KeyedArchiveError) in try unarchiver.decodeTopLevelObject() }
    #expect(
      error
        == KeyedArchiveError(
          .cycle, at: "root.NS\\.objects.0",
          "object 1 (NSArray) refers back to itself through its fields; an NSArray cannot be decoded through a cycle (decode the ObjectGraph instead)"
        ))
    #expect(
      ArchiveValidator().validate(archive) == [
        KeyedArchiveError(
          .cycle, at: "$objects.1",
          "reference cycle through immutable objects (1 NSArray → 1 NSArray), which no archiver can write")
      ])
  }

  @Test("the object count limit is checked before any work")
  func objectLimit() {
    let archive = Samples.archive(objects: ["$null", "a", "b"])
    let error = Samples.error { () throws(KeyedArchiveError) in
      try ObjectGraph(archive: archive, limits: ArchiveLimits(maximumObjectCount: 2))
    }
    #expect(error == KeyedArchiveError(.limitExceeded, at: "$objects", "3 objects, over the limit of 2"))
  }

  @Test("a deep chain of objects is refused by decoding and by the views at their depth limit")
  func deepChain() throws {
    var objects: [PropertyList] = ["$null", Samples.classDictionary("Node", "NSObject")]
    for index in 2..<1002 {
      objects.append(["$class": .uid(1), "next": .uid(UInt64(index + 1 < 1002 ? index + 1 : 0))])
    }
    let archive = Samples.archive(top: ["root": .uid(2)], objects: objects)
    let graph = try ObjectGraph(archive: archive)
    let decodeError = Samples.error { () throws(KeyedArchiveError) in
      try KeyedUnarchiver(graph: graph).decodeTopLevelObject()
    }
    #expect(decodeError?.kind == .limitExceeded)
    #expect(decodeError?.message == "objects nested deeper than the limit of 128")
    let viewError = Samples.error { () throws(KeyedArchiveError) in try graph.plainView() }
    #expect(viewError?.kind == .limitExceeded)
    #expect(viewError?.message == "nested deeper than the limit of 256")
    let problems = ArchiveValidator().validate(archive)
    #expect(
      problems == [
        KeyedArchiveError(.limitExceeded, at: "$objects.258", "objects nested deeper than the limit of 256 below $top")
      ])
  }

  @Test("broken bytes are a property-list error, not a crash")
  func brokenBytes() {
    let error = Samples.error { () throws(KeyedArchiveError) in try ObjectGraph(bytes: Array("bplist00xx".utf8)) }
    #expect(error?.kind == .propertyList)
  }
}
