import KeyedArchive
import PlistKit
import Testing

@Suite("Archive validator")
struct ValidatorTests {
  @Test("the book's archive is valid")
  func bookIsValid() throws {
    #expect(ArchiveValidator().validate(try Samples.presidentsArchive()) == [])
  }

  @Test("every problem is listed with its key path, not only the first")
  func listsEveryProblem() {
    let archive: PropertyList = [
      "$archiver": 7, "$version": 99,
      "$objects": [
        "$null",
        ["$class": .uid(5), "NS.objects": [.uid(40), "inline"]],
        ["$class": .uid(3)],
        "NSString",
        ["$classname": "NSDictionary", "$classes": ["NSDictionary", "NSObject"]],
        ["$classname": "NSArray", "$classes": ["NSArray", "NSObject"]],
        ["$class": .uid(4), "NS.keys": [.uid(3)], "NS.objects": []],
        ["$class": .uid(7)],
        ["$classname": 12, "$classes": ["X"]],
      ],
    ]
    #expect(
      ArchiveValidator().validate(archive) == [
        KeyedArchiveError(.malformed, at: "$archiver", "expected a string, found integer"),
        KeyedArchiveError(.malformed, at: "$version", "expected 100000, found 99"),
        KeyedArchiveError(.malformed, at: "$top", "missing: expected a dictionary of top-level objects"),
        KeyedArchiveError(
          .referenceOutOfRange, at: "$objects.1.NS\\.objects.0", "UID 40 is out of range ($objects has 9 entries)"),
        KeyedArchiveError(
          .notAClass, at: "$objects.2.$class", "UID 3 points at a string \"NSString\", not a class dictionary"),
        KeyedArchiveError(
          .notAClass, at: "$objects.7.$class", "UID 7 points at an object dictionary, not a class dictionary"),
        KeyedArchiveError(.malformed, at: "$objects.8.$classname", "expected a string, found integer"),
        KeyedArchiveError(.malformed, at: "$objects.1.NS\\.objects.1", "expected a UID, found string"),
        KeyedArchiveError(.malformed, at: "$objects.6.NS\\.objects", "0 objects for 1 key"),
      ])
  }

  @Test("the archiver must be NSKeyedArchiver, the version 100000, and a CF$UID is never negative")
  func archiverVersionAndNegativeUIDs() {
    let negative: PropertyList = ["CF$UID": -1]
    let archive: PropertyList = [
      "$archiver": "MyArchiver", "$version": 100001, "$top": ["root": .uid(1), "bad": negative],
      "$objects": [
        "$null", ["$class": .uid(2), "NS.objects": [negative, ["CF$UID": -9_223_372_036_854_775_808]]],
        Samples.classDictionary("NSArray", "NSObject"), ["$class": negative],
      ],
    ]
    #expect(
      ArchiveValidator().validate(archive) == [
        KeyedArchiveError(.malformed, at: "$archiver", "expected \"NSKeyedArchiver\", found \"MyArchiver\""),
        KeyedArchiveError(.malformed, at: "$version", "expected 100000, found 100001"),
        KeyedArchiveError(
          .referenceOutOfRange, at: "$objects.1.NS\\.objects.0", "CF$UID -1 is negative: a UID is 0 or more"),
        KeyedArchiveError(
          .referenceOutOfRange, at: "$objects.1.NS\\.objects.1",
          "CF$UID -9223372036854775808 is negative: a UID is 0 or more"),
        KeyedArchiveError(.referenceOutOfRange, at: "$objects.3.$class", "CF$UID -1 is negative: a UID is 0 or more"),
        KeyedArchiveError(.referenceOutOfRange, at: "$top.bad", "CF$UID -1 is negative: a UID is 0 or more"),
      ])
    // Reading the graph stops at the first negative UID, with the same words.
    #expect(
      Samples.error { () throws(KeyedArchiveError) in
        try ObjectGraph(archive: Samples.archive(top: ["root": negative], objects: ["$null"]))
      } == KeyedArchiveError(.referenceOutOfRange, at: "$top.root", "CF$UID -1 is negative: a UID is 0 or more"))
  }

  @Test("a value that is not a keyed archive is one problem, not one per missing entry")
  func notAnArchive() {
    #expect(
      ArchiveValidator().validate(["a": 1, "$version": "x"]) == [
        KeyedArchiveError(.notAnArchive, at: "", "not a keyed archive: no $archiver, $top or $objects")
      ])
    #expect(
      ArchiveValidator().validate([1, 2]) == [
        KeyedArchiveError(
          .notAnArchive, at: "",
          "not a keyed archive: expected a dictionary with $archiver, $top and $objects, found array")
      ])
    #expect(
      Samples.error { () throws(KeyedArchiveError) in try ObjectGraph(archive: ["a": 1]) }
        == KeyedArchiveError(.notAnArchive, at: "", "not a keyed archive: no $archiver, $top or $objects"))
  }

  @Test("problems of one cause at many objects are grouped, the first one shown")
  func grouping() throws {
    var objects: [PropertyList] = ["$null", "broken class"]
    for _ in 0..<44 { objects.append(["$class": .uid(1), "Name": .uid(1)]) }
    objects.append(["$class": .uid(99)])
    let problems = ArchiveValidator().validate(Samples.archive(top: ["root": .uid(2)], objects: objects))
    #expect(problems.count == 45)
    let groups = ArchiveProblemGroup.grouping(problems)
    #expect(groups.count == 2)
    #expect(groups[0].first == problems[0])
    #expect(groups[0].first.keyPath == "$objects.2.$class")
    #expect(groups[0].others.count == 43)
    #expect(groups[0].others.prefix(2) == ["$objects.3.$class", "$objects.4.$class"])
    #expect(
      groups[0].description
        == #"$objects.2.$class: UID 1 points at a string "broken class", not a class dictionary"#
        + " (and 43 more objects: $objects.3, $objects.4, $objects.5, …)")
    #expect(groups[1].others.isEmpty)
    #expect(groups[1].description == "$objects.46.$class: UID 99 is out of range ($objects has 47 entries)")
  }

  @Test("Foundation's shapes: NSDate needs NS.time, NSUUID 16 bytes")
  func shapes() {
    let archive = Samples.archive(
      top: ["a": .uid(1), "b": .uid(3)],
      objects: [
        "$null", ["$class": .uid(2), "NS.time": "yesterday"], Samples.classDictionary("NSDate", "NSObject"),
        ["$class": .uid(4), "NS.uuidbytes": .data([1, 2])], Samples.classDictionary("NSUUID", "NSObject"),
      ])
    #expect(
      ArchiveValidator().validate(archive) == [
        KeyedArchiveError(.malformed, at: "$objects.1.NS\\.time", "expected a real, found string"),
        KeyedArchiveError(.malformed, at: "$objects.3.NS\\.uuidbytes", "expected 16 bytes, found 2"),
      ])
  }

  @Test("a cycle through a mutable array is allowed")
  func mutableCycleAllowed() {
    let archive = Samples.archive(objects: [
      "$null", ["$class": .uid(2), "NS.objects": [.uid(1)]],
      Samples.classDictionary("NSMutableArray", "NSArray", "NSObject"),
    ])
    #expect(ArchiveValidator().validate(archive) == [])
    #expect(ArchiveValidator.isKeyedArchive(archive))
    #expect(!ArchiveValidator.isKeyedArchive(["a": 1]))
  }
}
