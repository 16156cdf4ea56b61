import BookModels
import KeyedArchive
import PlistKit
import Testing

@Suite("The book's presidents")
struct PresidentsTests {
  @Test("Presidents.plist decodes to 43 presidents in order, Washington first and Bush last")
  func decodesTheBook() throws {
    let presidents = try President.decodeList(from: Samples.bytes("Presidents.plist"))
    #expect(presidents.count == 43)
    #expect(presidents.map(\.number) == Array(1...43))
    #expect(
      presidents.first
        == President(number: 1, name: "George Washington", fromYear: "1789", toYear: "1797", party: "None"))
    #expect(
      presidents.last
        == President(number: 43, name: "George Walker Bush", fromYear: "2001", toYear: "2009", party: "Republican"))
    #expect(
      presidents[1] == President(number: 2, name: "John Adams", fromYear: "1797", toYear: "1801", party: "Federalist"))
  }

  @Test("encoding the decoded list gives back the book's $objects table exactly, in Foundation's order")
  func reencodesTheBook() throws {
    let original = try Samples.presidentsArchive()
    let presidents = try President.decodeList(from: Samples.bytes("Presidents.plist"))
    let archive = try President.archive(presidents).archivedPropertyList()
    let originalObjects = original["$objects"]!.arrayValue!
    let objects = archive["$objects"]!.arrayValue!
    #expect(objects.count == 139)
    #expect(objects == originalObjects)
    #expect(archive["$top"] == original["$top"])
    #expect(archive["$version"] == 100000)
    #expect(archive["$archiver"] == "NSKeyedArchiver")
  }

  @Test("editing one president and encoding again changes only that president")
  func editAndReencode() throws {
    var presidents = try President.decodeList(from: Samples.bytes("Presidents.plist"))
    presidents[42].toYear = "2010"
    presidents[0].party = "Independent"
    let archive = try President.archive(presidents).archivedPropertyList()
    let decoded = try President.decodeList(from: KeyedUnarchiver(archive: archive))
    #expect(decoded == presidents)
    #expect(decoded[42].toYear == "2010")
    #expect(decoded[0].party == "Independent")
  }

  @Test("the same list always archives to the same archive, key order included")
  func deterministic() throws {
    let presidents = try President.decodeList(from: Samples.bytes("Presidents.plist"))
    let first = try President.archive(presidents).archivedPropertyList()
    let second = try President.archive(presidents.map { $0 }).archivedPropertyList()
    #expect(first.isIdentical(to: second))
  }

  @Test("the same list always archives to the same bytes")
  func deterministicBytes() throws {
    let presidents = try President.decodeList(from: Samples.bytes("Presidents.plist"))
    let first = try President.archive(presidents).archivedBytes()
    let second = try President.archive(presidents.map { $0 }).archivedBytes()
    #expect(first == second)
  }

  @Test("a president's value is independent of its copies")
  func valueCopies() throws {
    let presidents = try President.decodeList(from: Samples.bytes("Presidents.plist"))
    var copy = presidents
    copy[3].name = "Changed"
    #expect(presidents[3].name == "James Madison")
    #expect(copy[3].name == "Changed")
  }

  @Test("only arrays and presidents are allowed: another class in the list is an error naming its key path")
  func policyInTheList() throws {
    var archive = try Samples.presidentsArchive()
    var objects = archive["$objects"]!.arrayValue!
    objects[7] = Samples.classDictionary("Evil", "NSObject")
    archive["$objects"] = .array(objects)
    let error = Samples.error { () throws(KeyedArchiveError) in
      try President.decodeList(from: KeyedUnarchiver(archive: archive))
    }
    #expect(
      error
        == KeyedArchiveError(
          .unknownClass, at: "Presidents.NS\\.objects.0",
          "no type is registered for class Evil or its superclasses (Evil, NSObject)"))
  }
}
