import Foundation
import PlistDocument
import PlistKit
import Testing
import XcodeProject

/// Edits whose number grows with the input take passes over the text that do not: a
/// PlistBuddy session's save (``PropertyListDocument/update(to:)``) after thousands of `Add`s
/// or one `Merge` of thousands of entries, and a wildcard removal across a project file's
/// objects. Made one by one, each of these found the syntax of the whole text again per edit
/// (10,000 `Add`s on an XML file: 23.6 s; 100,000 objects of a project: over 20 s).
@Suite("Large batches")
struct LargeBatchTests {
  @Test(arguments: [PropertyListFormat.xml, .json, .openStep])
  func updateAddingThousandsOfKeysScansTheTextAFewTimes(format: PropertyListFormat) throws {
    let old = PropertyList.dictionary(PropertyListDictionary((0..<100).map { ("k\($0)", .string("v\($0)")) }))
    var new = old
    for index in 0..<3_000 {
      try new.setValue(.string("added \(index)"), at: PropertyListKeyPath(components: ["n\(index)"]))
    }
    // One changed, one removed: the batch mixes its kinds.
    try new.setValue("changed", at: "k5")
    try new.removeValue(at: "k7")
    var document = try PropertyListDocument(bytes: try old.serialized(as: format), format: format)
    try document.update(to: new)
    #expect(document.syntaxScans <= 4, "\(document.syntaxScans) scans of the text")
    #expect(try PropertyList(bytes: document.bytes, format: format).isIdentical(to: new))
  }

  @Test func updateAppendingThousandsOfElementsScansTheTextAFewTimes() throws {
    let old: PropertyList = ["list": ["first", "last"], "other": 1]
    var new = old
    var elements: [PropertyList] = ["first"]
    elements += (0..<3_000).map { .string("element \($0)") }
    elements.append("last")
    try new.setValue(.array(elements), at: "list")
    var document = try PropertyListDocument(bytes: try old.serialized(as: .xml))
    try document.update(to: new)
    #expect(document.syntaxScans <= 4, "\(document.syntaxScans) scans of the text")
    #expect(try document.value.isIdentical(to: new))
    // The unchanged lines stay as they were: only the new elements' lines are added.
    let lines = String(decoding: document.bytes, as: UTF8.self).split(separator: "\n")
    let oldLines = String(decoding: try old.serialized(as: .xml), as: UTF8.self).split(separator: "\n")
    #expect(lines.count == oldLines.count + 3_000)
  }

  /// The `buddy` fuzz target's first finding (`Tests/Fixtures/Fuzz/buddy-0f3a61f0.bin`):
  /// a session that deleted `:a` and added it again saved a file whose `a` is still first.
  /// That is the update keeping the file's order, not a loss: the entries are the session's.
  @Test func anEntryRemovedAndAddedAgainKeepsItsPlaceInTheFile() throws {
    let old: PropertyList = ["a": ["b": "x", "0": ["k", 1]], "list": ["y"], "n": 3]
    let new: PropertyList = ["list": ["y"], "n": 3, "a": "x"]
    var document = try PropertyListDocument(bytes: try old.serialized(as: .xml))
    try document.update(to: new)
    let saved = try PropertyList(bytes: document.bytes)
    #expect(saved == new)
    #expect(saved.isIdentical(to: ["a": "x", "list": ["y"], "n": 3]))
    #expect(document.syntaxScans <= 1)
  }

  /// A project in Xcode's layout with `count` file references, each with a `name`.
  static func project(_ count: Int) throws -> [UInt8] {
    var objects: [(String, PropertyList)] = []
    var children: [PropertyList] = []
    for index in 0..<count {
      let id = String(format: "%024X", 0x1000 + index)
      children.append(.string(id))
      objects.append(
        (
          id,
          [
            "isa": "PBXFileReference", "lastKnownFileType": "sourcecode.swift", "name": .string("F\(index).swift"),
            "path": .string("Sources/F\(index).swift"), "sourceTree": "<group>",
          ]
        ))
    }
    let group = String(format: "%024X", 0x10)
    let project = String(format: "%024X", 0x20)
    objects.append(
      (group, ["isa": "PBXGroup", "children": .array(children), "name": "Sources", "sourceTree": "<group>"]))
    objects.append((project, ["isa": "PBXProject", "mainGroup": .string(group), "targets": []]))
    let value: PropertyList = [
      "archiveVersion": "1", "classes": [:], "objectVersion": "77",
      "objects": .dictionary(PropertyListDictionary(objects)), "rootObject": .string(project),
    ]
    return try XcodeProjectWriter().write(value)
  }

  @Test func wildcardRemovalInAProjectFileWritesWhatOneByOneWrites() throws {
    let bytes = try Self.project(150)
    var batch = try PropertyListDocument(bytes: bytes)
    #expect(batch.isXcodeProject)
    let removed = try batch.removeValues(matching: "objects.*.name")
    #expect(removed.count == 151)
    #expect(batch.syntaxScans <= 2, "\(batch.syntaxScans) scans of the text")
    var oneByOne = try PropertyListDocument(bytes: bytes)
    for path in removed.reversed() { try oneByOne.removeValue(at: path) }
    #expect(oneByOne.syntaxScans >= removed.count)
    #expect(batch.bytes == oneByOne.bytes)
    #expect(batch.bytes == (try XcodeProjectWriter().write(try oneByOne.value)))
  }

  /// Edits weigh what they bring before writing it out (the old value, read from text, shares
  /// nothing): a value shared 2^40 times is refused, in a batch on a project and in one edit of
  /// a text document, and nothing changes.
  @Test func aProjectBatchStillRefusesASharingBomb() throws {
    let bytes = try Self.project(10)
    var bomb: PropertyList = "x"
    for _ in 0..<40 { bomb = [bomb, bomb] }
    var document = try PropertyListDocument(bytes: bytes)
    let edits: [PropertyListDocument.BatchEdit] = (0..<4).map {
      .replace(PropertyListKeyPath(components: ["objects", String(format: "%024X", 0x1000 + $0), "path"]), with: bomb)
    }
    #expect(throws: PropertyListError.self) { try document.apply(edits) }
    #expect(document.bytes == bytes)
    // One edit of a text document too, with the place in the error.
    let xml = Array("<plist version=\"1.0\"><dict><key>a</key><string>x</string></dict></plist>\n".utf8)
    var single = try PropertyListDocument(bytes: xml)
    do {
      try single.setValue(bomb, at: "a")
      Issue.record("a value shared 2^40 times was written out")
    } catch {
      #expect(error.kind == .limitExceeded)
      #expect(error.location == .keyPath("a"))
    }
    #expect(single.bytes == xml)
  }

  /// A project file in a layout of its own is edited one by one, as before: the whole write
  /// would change lines no edit touches.
  @Test func projectFileInAnotherLayoutIsEditedOneByOne() throws {
    var text = String(decoding: try Self.project(40), as: UTF8.self)
    text = text.replacingOccurrences(of: "sourceTree = \"<group>\"; };", with: "sourceTree = \"<group>\";  };")
    var batch = try PropertyListDocument(bytes: Array(text.utf8))
    let removed = try batch.removeValues(matching: "objects.*.name")
    var oneByOne = try PropertyListDocument(bytes: Array(text.utf8))
    for path in removed.reversed() { try oneByOne.removeValue(at: path) }
    #expect(batch.bytes == oneByOne.bytes)
    #expect(String(decoding: batch.bytes, as: UTF8.self).contains("\";  };"))
  }
}
