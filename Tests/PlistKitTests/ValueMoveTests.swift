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
}
