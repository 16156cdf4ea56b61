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

  /// Found by the route tests: a writer's error named the path of a key that starts with a
  /// combining mark, and the path read back as one key, the dot and the mark one `Character`.
  @Test("a key that starts with a combining mark is a component of its own, in paths and patterns")
  func combiningMarkAfterDot() throws {
    #expect(PropertyListKeyPath("a.\u{301}b").components == ["a", "\u{301}b"])
    #expect(PropertyListKeyPath("a\\.\u{301}b").components == ["a.\u{301}b"])
    for components in [["YES", "\u{30F}x", "\u{B5}"], ["a.\u{301}", "\u{301}"], ["\\\u{301}", ".\u{301}."]] {
      let path = PropertyListKeyPath(components: components)
      #expect(PropertyListKeyPath(path.description).components == components, "\(path)")
      #expect(PropertyListKeyPattern(path.description).components == components.map { .name($0) }, "\(path)")
      #expect(PropertyListKeyPattern(globbing: path.description).components == components.map { .name($0) })
    }
    #expect(PropertyListKeyPattern("*.\u{301}x").components == [.any, .name("\u{301}x")])
    let value: PropertyList = ["a": ["\u{301}b": ["\u{1}"]]]
    #expect {
      try value.serialized(as: .xml)
    } throws: { error in
      guard let error = error as? PropertyListError, case .keyPath(let text) = error.location else { return false }
      return text == "a.\u{301}b.0" && (try? value.value(at: PropertyListKeyPath(text))) == "\u{1}"
    }
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
