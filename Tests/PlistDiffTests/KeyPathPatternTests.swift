import PlistDiff
import PlistKit
import Testing

@Suite("Key path patterns with globs, as diff ignores them")
struct KeyPathPatternTests {
  @Test("literal components, * for any one component, * inside a component, escapes")
  func matching() {
    let cases: [(String, String, Bool)] = [
      ("a.b", "a.b", true), ("a.b", "a.c", false), ("a.b", "a.b.c", false), ("a.*", "a.0", true),
      ("a.*", "a", false), ("*.x", "k.x", true), ("*Date", "ModifiedDate", true), ("*Date", "Dates", false),
      ("Mod*Date", "ModDate", true), ("a*b*c", "axxbyyc", true), ("a*b*c", "acb", false),
      (#"x\.y"#, "x\\.y", true), (#"x\.y"#, "x.y", false), (#"st\*r"#, "st\\*r", true), (#"st\*r"#, "star", false),
      ("", "", true), ("é", "e\u{301}", false),
    ]
    for (pattern, path, expected) in cases {
      let parsed = PropertyListKeyPattern(globbing: pattern)
      #expect(parsed.matches(PropertyListKeyPath(path)) == expected, "\(pattern) ~ \(path)")
    }
  }

  @Test("a glob reads back from its text; the plain parser keeps a star inside a key literal")
  func globText() {
    #expect(PropertyListKeyPattern(globbing: "A.*.Mod*Date").components == [.name("A"), .any, .glob(["Mod", "Date"])])
    #expect(PropertyListKeyPattern(globbing: #"a\*b*c"#).components == [.glob(["a*b", "c"])])
    for text in ["A.*.Mod*Date", #"a\*b*c"#, "*x*", #"p\.q*"#] {
      #expect(PropertyListKeyPattern(globbing: text).description == text)
    }
    #expect(PropertyListKeyPattern("Mod*Date").components == [.name("Mod*Date")])
    #expect(PropertyListKeyPattern(globbing: "Mod*Date").hasWildcard)
  }

  @Test("print's matching takes a glob as a wildcard over keys and indices")
  func globMatches() throws {
    let value: PropertyList = ["ModDate": 1, "ModifiedDate": 2, "Name": 3, "L": ["a", "b"]]
    #expect(
      try value.matches(of: PropertyListKeyPattern(globbing: "Mod*Date")).map(\.path.description) == [
        "ModDate", "ModifiedDate",
      ])
    #expect(try value.matches(of: PropertyListKeyPattern(globbing: "L.1*")).map(\.value) == ["b"])
  }

  @Test("a key path's text still parses as before")
  func keyPaths() {
    #expect(PropertyListKeyPath(#"a\.b.c\\d.e\"#).components == ["a.b", #"c\d"#, #"e\"#])
    #expect(PropertyListKeyPath("").components == [])
    #expect(PropertyListKeyPath("a..b").components == ["a", "", "b"])
  }
}
