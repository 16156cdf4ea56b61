import PlistDiff
import PlistKit
import Testing

@Suite("Key path patterns")
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
      #expect(KeyPathPattern(pattern).matches(PropertyListKeyPath(path)) == expected, "\(pattern) ~ \(path)")
    }
  }

  @Test("a key path's text still parses as before")
  func keyPaths() {
    #expect(PropertyListKeyPath(#"a\.b.c\\d.e\"#).components == ["a.b", #"c\d"#, #"e\"#])
    #expect(PropertyListKeyPath("").components == [])
    #expect(PropertyListKeyPath("a..b").components == ["a", "", "b"])
  }
}
