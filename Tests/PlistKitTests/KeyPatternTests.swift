import Testing

@testable import PlistKit

/// Key paths with wildcards and negative indices: ``PropertyListKeyPattern`` and
/// ``PropertyList/matches(of:)``.
@Suite("Key patterns")
struct KeyPatternTests {
  let nested: PropertyList = [
    "Grid": [[1, 2, 3], [4, 5], []],
    "People": [["Name": "Ada", "Age": 36], ["Name": "Alan"], "not a dictionary"],
    "*": "a key that is a star",
  ]

  @Test("parsing: only a lone unescaped star is a wildcard")
  func parsing() {
    #expect(PropertyListKeyPattern("A.*.Name").components == [.name("A"), .any, .name("Name")])
    #expect(PropertyListKeyPattern("A.\\*").components == [.name("A"), .name("*")])
    #expect(PropertyListKeyPattern("a*b.**").components == [.name("a*b"), .name("**")])
    #expect(PropertyListKeyPattern("a\\.b.-1").components == [.name("a.b"), .name("-1")])
    #expect(PropertyListKeyPattern("").components == [])
    #expect(PropertyListKeyPattern("*").hasWildcard)
    #expect(!PropertyListKeyPattern("\\*").hasWildcard)
    #expect(PropertyListKeyPattern("A.*.\\*.a\\.b").description == "A.*.\\*.a\\.b")
    // A concrete key path writes a star key so that it reads back as a key.
    #expect(PropertyListKeyPath(components: ["*", "a*"]).description == "\\*.a*")
    #expect(PropertyListKeyPattern(PropertyListKeyPath(components: ["*"])).components == [.name("*")])
  }

  @Test("a wildcard matches every index, then every key, in document order, with concrete paths")
  func wildcards() throws {
    let grid = try nested.matches(of: "Grid.*.*")
    #expect(grid.map(\.path.description) == ["Grid.0.0", "Grid.0.1", "Grid.0.2", "Grid.1.0", "Grid.1.1"])
    #expect(grid.map(\.value) == [1, 2, 3, 4, 5])
    let top = try nested.matches(of: "*")
    #expect(top.map(\.path.description) == ["Grid", "People", "\\*"])
    // Below a wildcard, a match without the key (or that is no container) is dropped.
    let names = try nested.matches(of: "People.*.Name")
    #expect(names.map(\.path.description) == ["People.0.Name", "People.1.Name"])
    #expect(names.map(\.value) == ["Ada", "Alan"])
    #expect(try nested.matches(of: "\\*").map(\.value) == ["a key that is a star"])
  }

  @Test("a negative index counts from the end, and becomes its position in the concrete path")
  func negativeIndices() throws {
    #expect(try nested.matches(of: "Grid.0.-1").map(\.path.description) == ["Grid.0.2"])
    #expect(try nested.matches(of: "Grid.-3.-3").map(\.value) == [1])
    #expect(try nested.matches(of: "Grid.*.-1").map(\.value) == [3, 5])  // the empty row has no last
    #expect(try nested.resolvedKeyPath("Grid.-2.-1") == "Grid.1.1")
    #expect(
      throws: PropertyListError(
        .keyPath, at: .keyPath("Grid.0.-4"), "index -4 is out of range (the array has 3 elements)")
    ) {
      try nested.matches(of: "Grid.0.-4")
    }
    #expect(throws: PropertyListError(.keyPath, at: .keyPath("Grid.-0"), "'-0' is not an array index")) {
      try nested.matches(of: "Grid.-0")
    }
    // In a dictionary, -1 is a key like any other.
    let dictionary: PropertyList = ["-1": "minus one"]
    #expect(try dictionary.matches(of: "-1").map(\.value) == ["minus one"])
  }

  @Test("before the first wildcard the path must lead somewhere; no match at all is an error")
  func errors() {
    #expect(throws: PropertyListError(.keyPath, at: .keyPath("Nope"), "no such key")) {
      try nested.matches(of: "Nope.*")
    }
    #expect(
      throws: PropertyListError(.keyPath, at: .keyPath("Grid.7"), "index 7 is out of range (the array has 3 elements)")
    ) {
      try nested.matches(of: "Grid.7.*")
    }
    #expect(
      throws: PropertyListError(
        .keyPath, at: .keyPath("\\*.*"), "cannot look inside a string: not an array or dictionary")
    ) {
      try nested.matches(of: "\\*.*")
    }
    #expect(throws: PropertyListError(.keyPath, at: .keyPath("People.*.Nope"), "no value matches this key path")) {
      try nested.matches(of: "People.*.Nope")
    }
    #expect(throws: PropertyListError(.keyPath, at: .keyPath("Grid.2.*"), "no value matches this key path")) {
      try nested.matches(of: "Grid.2.*")
    }
    #expect(
      throws: PropertyListError(.keyPath, at: .keyPath("Grid.*"), "a wildcard names more than one value")
    ) {
      try nested.resolvedKeyPath("Grid.*")
    }
  }

  @Test("removing by pattern removes every match, the later first, or nothing when it fails")
  func removal() throws {
    var value = nested
    let removed = try value.removeValues(matching: "Grid.*.0")
    #expect(removed.map(\.description) == ["Grid.0.0", "Grid.1.0"])
    #expect(try value.value(at: "Grid") == [[2, 3], [5], []])
    try value.removeValues(matching: "Grid.0.*")
    #expect(try value.value(at: "Grid") == [[], [5], []])
    try value.removeValues(matching: "People.-2")
    #expect(try value.value(at: "People") == [["Name": "Ada", "Age": 36], "not a dictionary"])
    let before = value
    #expect(throws: PropertyListError.self) { try value.removeValues(matching: "People.*.Nope") }
    #expect(value == before)
  }

  @Test("random patterns: every match is at its concrete path, and a wildcard-free pattern matches value(at:)")
  func randomPatterns() throws {
    var generator = SystemRandomNumberGenerator()
    let tree: PropertyList = [
      "a": [["x": 1, "y": [10, 20]], ["x": 2], [30, 40, 50]],
      "b": ["x": ["y": [60]], "z": "leaf"],
    ]
    let names = ["a", "b", "x", "y", "z", "0", "1", "2", "-1", "-2", "-3", "*"]
    for _ in 0..<500 {
      let length = Int.random(in: 1...4, using: &generator)
      let text = (0..<length).map { _ in names.randomElement(using: &generator)! }.joined(separator: ".")
      let pattern = PropertyListKeyPattern(text)
      guard let matches = try? tree.matches(of: pattern) else { continue }
      #expect(!matches.isEmpty)
      for match in matches {
        #expect(try tree.value(at: match.path) == match.value, "\(text) → \(match.path)")
        #expect(match.path.components.count == length)
      }
      if !pattern.hasWildcard, !text.contains("-") {
        #expect(try matches.map(\.value) == [tree.value(at: PropertyListKeyPath(text))])
      }
      #expect(Set(matches.map(\.path)).count == matches.count, "no match twice")
    }
  }
}
