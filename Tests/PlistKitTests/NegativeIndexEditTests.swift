import PlistKit
import Testing

/// A negative index counts from the end of its array in every edit by key path, as it does in
/// `matches(of:)` and `removeValues(matching:)`: `-1` is the last element.
@Suite("Negative indices in edits")
struct NegativeIndexEditTests {
  let value: PropertyList = ["list": ["a", "b", "c", "d"], "-1": "a key"]

  @Test func getSetAndRemoveNameTheElementCountedFromTheEnd() throws {
    #expect(try value.value(at: "list.-1") == "d")
    #expect(try value.value(at: "list.-4") == "a")
    var edited = value
    try edited.setValue("z", at: "list.-1")
    #expect(try edited.value(at: "list") == ["a", "b", "c", "z"])
    #expect(try edited.removeValue(at: "list.-2") == "c")
    #expect(try edited.value(at: "list") == ["a", "b", "z"])
    // In a dictionary `-1` is a key like any other.
    try edited.setValue("another", at: "-1")
    #expect(try edited.value(at: "-1") == "another")
  }

  @Test func insertGoesBeforeTheElementTheIndexNamesAsPythonsListInsert() throws {
    var edited = value
    try edited.insertValue("new", at: "list.-1")
    #expect(try edited.value(at: "list") == ["a", "b", "c", "new", "d"])
    try edited.insertValue("first", at: "list.-5")
    #expect(try edited.value(at: "list") == ["first", "a", "b", "c", "new", "d"])
  }

  @Test func moveTakesTheLastElementAndCountsTheDestinationAfterTheRemoval() throws {
    var edited = value
    try edited.moveValue(from: "list.-1", to: "list.0")
    #expect(try edited.value(at: "list") == ["d", "a", "b", "c"])
    // After `d` is taken out, `-1` is `c`: the value goes before it.
    try edited.moveValue(from: "list.0", to: "list.-1")
    #expect(try edited.value(at: "list") == ["a", "b", "d", "c"])
  }

  @Test func aNegativeIndexNamesTheSameContainerAsItsPosition() throws {
    var nested: PropertyList = ["list": [["x": 1], ["y": 2]]]
    // A rename where the entry is, whichever way the container is named.
    try nested.moveValue(from: "list.-1.y", to: "list.1.z", keepingPosition: true)
    #expect(nested.isIdentical(to: ["list": [["x": 1], ["z": 2]]]))
    #expect(throws: PropertyListError(.keyPath, at: .keyPath("list.1.inner"), "cannot move a value into itself")) {
      try nested.moveValue(from: "list.-1", to: "list.1.inner")
    }
    #expect(throws: PropertyListError(.keyPath, at: .keyPath("list.-1.inner"), "cannot move a value into itself")) {
      try nested.moveValue(from: "list.1", to: "list.-1.inner")
    }
  }

  @Test func anIndexBeforeTheStartFailsAsOnePastTheEndFailsAndChangesNothing() {
    let outOfRange = PropertyListError(
      .keyPath, at: .keyPath("list.-5"), "index -5 is out of range (the array has 4 elements)")
    var edited = value
    #expect(throws: outOfRange) { try edited.value(at: "list.-5") }
    #expect(throws: outOfRange) { try edited.setValue("z", at: "list.-5") }
    #expect(throws: outOfRange) { try edited.insertValue("z", at: "list.-5") }
    #expect(throws: outOfRange) { try edited.removeValue(at: "list.-5") }
    #expect(throws: outOfRange) { try edited.moveValue(from: "list.-5", to: "list.0") }
    #expect(
      throws: PropertyListError(
        .keyPath, at: .keyPath("list.-4"), "index -4 is out of range (the array has 3 elements)")
    ) { try edited.moveValue(from: "list.0", to: "list.-4") }
    #expect(throws: PropertyListError(.keyPath, at: .keyPath("list.-0"), "'-0' is not an array index")) {
      try edited.insertValue("z", at: "list.-0")
    }
    #expect(
      throws: PropertyListError(
        .keyPath, at: .keyPath("list.-1"), "index -1 is out of range (the array has 0 elements)")
    ) {
      var empty: PropertyList = ["list": []]
      try empty.insertValue("z", at: "list.-1")
    }
    #expect(edited.isIdentical(to: value))
  }
}
