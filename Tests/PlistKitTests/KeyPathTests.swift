import Testing

@testable import PlistKit

@Suite("Key paths")
struct KeyPathTests {
  let presidents: PropertyList = [
    "Presidents": [["Name": "George Washington", "Party": "None"], ["Name": "John Adams", "Party": "Federalist"]],
    "a.b": "dotted",
  ]

  @Test("parsing splits on dots and honours escapes")
  func parsing() {
    #expect(PropertyListKeyPath("Presidents.0.Name").components == ["Presidents", "0", "Name"])
    #expect(PropertyListKeyPath("a\\.b").components == ["a.b"])
    #expect(PropertyListKeyPath("a\\\\.b").components == ["a\\", "b"])
    #expect(PropertyListKeyPath("").components == [])
    #expect(PropertyListKeyPath("a..b").components == ["a", "", "b"])
    #expect(PropertyListKeyPath(components: ["a.b", "c\\"]).description == "a\\.b.c\\\\")
  }

  @Test("get walks dictionaries and arrays")
  func get() throws {
    #expect(try presidents.value(at: "Presidents.1.Name") == "John Adams")
    #expect(try presidents.value(at: "a\\.b") == "dotted")
    #expect(try presidents.value(at: "") == presidents)
  }

  @Test("get names the failing component")
  func getErrors() {
    #expect(
      throws: PropertyListError(
        .keyPath, at: .keyPath("Presidents.5"), "index 5 is out of range (the array has 2 elements)")
    ) {
      try presidents.value(at: "Presidents.5.Name")
    }
    #expect(throws: PropertyListError(.keyPath, at: .keyPath("Presidents.0.Nope"), "no such key")) {
      try presidents.value(at: "Presidents.0.Nope")
    }
    // The key `a.b` exists: the error says how to name it.
    var dotted = PropertyListError(
      .keyPath, at: .keyPath("a"), "no such key; 'a.b' is one key, whose dots a key path escapes: 'a\\.b'")
    dotted.intendedKeyPath = "a\\.b"
    #expect(throws: dotted) {
      try presidents.value(at: "a.b")
    }
    #expect(throws: PropertyListError(.keyPath, at: .keyPath("Presidents.x"), "'x' is not an array index")) {
      try presidents.value(at: "Presidents.x")
    }
    #expect(
      throws: PropertyListError(
        .keyPath, at: .keyPath("a\\.b.c"), "cannot look inside a string: not an array or dictionary")
    ) {
      try presidents.value(at: "a\\.b.c")
    }
    #expect(
      throws: PropertyListError(
        .keyPath, at: .keyPath("n.x"), "cannot look inside an integer: not an array or dictionary")
    ) {
      try (["n": 1] as PropertyList).value(at: "n.x")
    }
    // A count takes its noun in the number it has.
    #expect(
      throws: PropertyListError(.keyPath, at: .keyPath("1"), "index 1 is out of range (the array has 1 element)")
    ) {
      try (["a"] as PropertyList).value(at: "1")
    }
  }

  @Test("set replaces in place and keeps key order")
  func set() throws {
    var value = presidents
    try value.setValue("Republican", at: "Presidents.0.Party")
    #expect(value["Presidents"]?[0]?.dictionaryValue?.keys == ["Name", "Party"])
    #expect(try value.value(at: "Presidents.0.Party") == "Republican")
    try value.setValue("new", at: "Presidents.0.Extra")
    #expect(value["Presidents"]?[0]?.dictionaryValue?.keys == ["Name", "Party", "Extra"])
    try value.setValue(["Name": "Thomas Jefferson"], at: "Presidents.2")
    #expect(value["Presidents"]?.arrayValue?.count == 3)
  }

  @Test("insert refuses an existing key and inserts into arrays")
  func insert() throws {
    var value = presidents
    #expect(throws: PropertyListError(.keyPath, at: .keyPath("Presidents.0.Name"), "the key already exists")) {
      try value.insertValue("x", at: "Presidents.0.Name")
    }
    try value.insertValue(["Name": "First"], at: "Presidents.0")
    #expect(try value.value(at: "Presidents.0.Name") == "First")
    #expect(try value.value(at: "Presidents.1.Name") == "George Washington")
    try value.insertValue(["Name": "Last"], at: "Presidents", append: true)
    #expect(try value.value(at: "Presidents.3.Name") == "Last")
  }

  @Test("remove deletes and reports what is missing")
  func remove() throws {
    var value = presidents
    let removed = try value.removeValue(at: "Presidents.0")
    #expect(removed["Name"] == "George Washington")
    #expect(try value.value(at: "Presidents.0.Name") == "John Adams")
    #expect(throws: PropertyListError(.keyPath, at: .keyPath("Nope"), "no such key")) {
      try value.removeValue(at: "Nope")
    }
    #expect(presidents["Presidents"]?.arrayValue?.count == 2)
  }
}
