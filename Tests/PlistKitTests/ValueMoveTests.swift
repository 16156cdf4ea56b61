import PlistKit
import Testing

/// `PropertyList.moveValue(from:to:)`: a removal and an insertion as one edit, which either
/// happens whole or leaves the value as it was.
@Suite("Moving values by key path")
struct ValueMoveTests {
  let value: PropertyList = ["list": ["a", "b", "c"], "name": "Demo", "nested": ["key": "value"]]

  @Test func anArrayIndexCountsAfterTheRemoval() throws {
    var moved = value
    try moved.moveValue(from: "list.0", to: "list.2")
    #expect(try moved.value(at: "list") == ["b", "c", "a"])
    try moved.moveValue(from: "list.2", to: "list.0")
    #expect(try moved.value(at: "list") == ["a", "b", "c"])
  }

  @Test func aNewKeyInTheSameDictionaryRenamesTheEntryAndPutsItLast() throws {
    var moved = value
    try moved.moveValue(from: "name", to: "title")
    #expect(moved.isIdentical(to: ["list": ["a", "b", "c"], "nested": ["key": "value"], "title": "Demo"]))
  }

  @Test func aValueMovesBetweenContainersOfEitherKind() throws {
    var moved = value
    try moved.moveValue(from: "nested", to: "list.1")
    try moved.moveValue(from: "name", to: "list.1.name")
    #expect(moved.isIdentical(to: ["list": ["a", ["key": "value", "name": "Demo"], "b", "c"]]))
  }

  @Test func aFailedMoveNamesWhyAndChangesNothing() {
    let failures: [(PropertyListKeyPath, PropertyListKeyPath, PropertyListError)] = [
      ("", "x", PropertyListError(.keyPath, at: .keyPath(""), "cannot move the root")),
      (
        "nested", "nested.inner",
        PropertyListError(.keyPath, at: .keyPath("nested.inner"), "cannot move a value into itself")
      ),
      ("nope", "x", PropertyListError(.keyPath, at: .keyPath("nope"), "no such key")),
      ("name", "list", PropertyListError(.keyPath, at: .keyPath("list"), "the key already exists")),
      (
        "list.0", "list.3",
        PropertyListError(.keyPath, at: .keyPath("list.3"), "index 3 is out of range (the array has 2 elements)")
      ),
      (
        "name", "name.x",
        PropertyListError(.keyPath, at: .keyPath("name.x"), "cannot move a value into itself")
      ),
    ]
    for (source, destination, expected) in failures {
      var moved = value
      #expect(throws: expected, "\(source) → \(destination)") { try moved.moveValue(from: source, to: destination) }
      #expect(moved.isIdentical(to: value))
    }
  }

  @Test func keepingPositionRenamesAnEntryWhereItIs() throws {
    var moved = value
    try moved.moveValue(from: "list", to: "items", keepingPosition: true)
    #expect(moved.isIdentical(to: ["items": ["a", "b", "c"], "name": "Demo", "nested": ["key": "value"]]))
    try moved.moveValue(from: "nested.key", to: "nested.other", keepingPosition: true)
    #expect(moved.isIdentical(to: ["items": ["a", "b", "c"], "name": "Demo", "nested": ["other": "value"]]))
  }

  @Test func keepingPositionIsTheSameMoveAnywhereElse() throws {
    let moves: [(PropertyListKeyPath, PropertyListKeyPath)] = [
      ("list.0", "list.2"), ("name", "nested.name"), ("nested", "list.1"), ("list", "nested.list"),
    ]
    for (source, destination) in moves {
      var kept = value
      var plain = value
      try kept.moveValue(from: source, to: destination, keepingPosition: true)
      try plain.moveValue(from: source, to: destination)
      #expect(kept.isIdentical(to: plain), "\(source) → \(destination)")
    }
    var unkept = value
    try unkept.moveValue(from: "list", to: "items", keepingPosition: false)
    #expect(unkept.isIdentical(to: ["name": "Demo", "nested": ["key": "value"], "items": ["a", "b", "c"]]))
  }

  @Test func keepingPositionFailsAsTheMoveFailsAndChangesNothing() {
    let failures: [(PropertyListKeyPath, PropertyListKeyPath, PropertyListError)] = [
      ("", "x", PropertyListError(.keyPath, at: .keyPath(""), "cannot move the root")),
      ("nope", "other", PropertyListError(.keyPath, at: .keyPath("nope"), "no such key")),
      ("name", "list", PropertyListError(.keyPath, at: .keyPath("list"), "the key already exists")),
      ("nested.nope", "nested.x", PropertyListError(.keyPath, at: .keyPath("nested.nope"), "no such key")),
    ]
    for (source, destination, expected) in failures {
      var moved = value
      #expect(throws: expected, "\(source) → \(destination)") {
        try moved.moveValue(from: source, to: destination, keepingPosition: true)
      }
      #expect(moved.isIdentical(to: value))
    }
  }
}
