import BuildSettings
import Testing

/// Each operator's exact output. The expected values are what Xcode's build system gives: they
/// were observed with Swift Build, the open-source build system of Xcode that ships with the
/// Swift toolchain (`swift build --build-system swiftbuild -v -Xswiftc '-DX$(NOPE:default=My
/// App!:rfc1034identifier)'` prints the expanded flag, `-DXMy-App-`), on these very inputs.
@Suite("operators")
struct OperatorTests {
  /// `$(V:operator)` with V set to `value`.
  private func apply(_ operators: String, to value: String) throws -> String {
    var settings = BuildSettings()
    settings.addLevel(BuildSettings.Level(name: "test", assignments: [BuildSettingAssignment(name: "V", value: value)]))
    return try settings.expand("$(V:\(operators))", strict: true)
  }

  @Test(
    "identifiers",
    arguments: [
      // Xcode's help gives these two for "My App!".
      ("My App!", "rfc1034identifier", "My-App-"),
      ("My App!", "c99extidentifier", "My_App_"),
      ("My App!", "identifier", "My_App_"),
      ("9lives.é x-y_z", "identifier", "_lives___x_y_z"),
      ("9lives.é x-y_z", "c99extidentifier", "_lives_é_x_y_z"),
      ("9lives.é x-y_z", "rfc1034identifier", "-lives---x-y-z"),
      ("日本語 ok", "c99extidentifier", "日本語_ok"),
      ("日本語 ok", "rfc1034identifier", "----ok"),
      ("a1 2b", "rfc1034identifier", "a1-2b"),
      ("a1 2b", "identifier", "a1_2b"),
      ("9", "c99extidentifier", "_"),
      ("a_b.c", "rfc1034identifier", "a-b-c"),
      ("É1", "rfc1034identifier", "-1"),
      ("_a", "rfc1034identifier", "-a"),
      ("-a", "rfc1034identifier", "-a"),
      ("a-", "c99extidentifier", "a_"),
      // One character at a time: an emoji, or a letter with a combining accent, is one.
      ("a🙂b", "rfc1034identifier", "a-b"),
      ("a🙂b", "c99extidentifier", "a_b"),
      ("a🙂b", "identifier", "a_b"),
      ("e\u{301}x", "rfc1034identifier", "-x"),
      ("e\u{301}x", "c99extidentifier", "e\u{301}x"),
      ("e\u{301}x", "identifier", "_x"),
      ("٣a", "c99extidentifier", "_a"),
      ("a٣", "c99extidentifier", "a٣"),
      ("a·b", "c99extidentifier", "a·b"),
    ])
  func identifiers(value: String, operator name: String, expected: String) throws {
    #expect(try apply(name, to: value) == expected)
  }

  @Test(
    "case",
    arguments: [
      ("MiXeD é", "upper", "MIXED É"),
      ("MiXeD É", "lower", "mixed é"),
      ("Straße", "upper", "STRASSE"),
      ("ǅx", "lower", "ǆx"),
      ("A-B.C", "lower:rfc1034identifier", "a-b-c"),
      ("a", "upper:lower", "a"),
    ])
  func caseOperators(value: String, operators: String, expected: String) throws {
    #expect(try apply(operators, to: value) == expected)
  }

  @Test(
    "paths",
    arguments: [
      ("/a/b/c.tar.gz", "dir", "/a/b/"),
      ("/a/b/c.tar.gz", "file", "c.tar.gz"),
      ("/a/b/c.tar.gz", "base", "c.tar"),
      ("/a/b/c.tar.gz", "suffix", ".gz"),
      ("c.txt", "dir", "./"),
      ("c", "dir", "./"),
      ("/", "dir", "/"),
      ("a/b/", "dir", "a/b/"),
      ("a/b", "dir", "a/"),
      ("/a/b/c", "dir:dir", "/a/b/"),
      ("a/b/", "file", ""),
      ("/", "file", ""),
      ("noslash", "file", "noslash"),
      ("x.y.z", "base", "x.y"),
      (".hidden", "base", ""),
      (".hidden", "suffix", ".hidden"),
      ("ab", "suffix", ""),
      ("/a.b/c", "suffix", ""),
      ("/a.b/c", "base", "c"),
      ("/a/b/", "suffix", ""),
      ("/a/b.x/", "base", ""),
    ])
  func paths(value: String, operators: String, expected: String) throws {
    #expect(try apply(operators, to: value) == expected)
  }

  @Test(
    "standardizepath",
    arguments: [
      ("/a/./b/../c//d/", "/a/c/d"),
      ("a/../../b", "a/../../b"),
      ("./x", "x"),
      ("a//b/./c", "a/b/c"),
      ("/../a", "/a"),
      ("/a/b/..", "/a"),
      ("/a/b/.", "/a/b"),
      ("a/./b/", "a/b"),
      ("~/x", "~/x"),
    ])
  func standardizePath(value: String, expected: String) throws {
    #expect(try apply("standardizepath", to: value) == expected)
  }

  @Test(
    "replacements",
    arguments: [
      ("/a/b.txt", "file=c.md", "/a/c.md"),
      ("/a/b.txt", "suffix=.md", "/a/b.md"),
      ("/a/b.txt", "suffix=md", "/a/b.md"),
      ("/a/b", "suffix=.md", "/a/b.md"),
      ("/a/b.txt", "base=q", "/a/q.txt"),
      ("/a/b.c.d", "base=q", "/a/q.d"),
      ("b.txt", "base=q", "q.txt"),
      ("/a/b.txt", "dir=/z", "/z/b.txt"),
      ("/a/b.txt", "dir=/z/", "/z/b.txt"),
      ("b.txt", "dir=/z", "/z/b.txt"),
      ("x", "file=", ""),
      ("", "default=My App!:rfc1034identifier", "My-App-"),
      ("set", "default=x", "set"),
      ("", "default=Q:lower", "q"),
      ("", "lower:default=Q", "Q"),
      ("", "default=", ""),
    ])
  func replacements(value: String, operators: String, expected: String) throws {
    #expect(try apply(operators, to: value) == expected)
  }

  @Test(
    "quote",
    arguments: [
      ("a b", #"a\ b"#),
      ("a\tb", "a\\\tb"),
      (#"a\b"#, #"a\\b"#),
      (#"a"b"#, #"a\"b"#),
      ("a'b", #"a\'b"#),
      ("a*b?c", "a*b?c"),
      ("a$b", "a$b"),
      ("a;b&c|d(e", "a;b&c|d(e"),
    ])
  func quote(value: String, expected: String) throws {
    #expect(try apply("quote", to: value) == expected)
  }

  @Test("an unknown operator leaves the value, as Xcode does; a strict expansion reports it")
  func unknownOperator() throws {
    var settings = BuildSettings()
    settings.addLevel(BuildSettings.Level(name: "test", assignments: [BuildSettingAssignment(name: "V", value: "x")]))
    #expect(try settings.expand("$(V:bogus)") == "x")
    #expect(try settings.expand("$(V:LOWER)") == "x")
    // `:` always ends an operator's argument: `default=a:b` is `default=a`, then `b`.
    #expect(try settings.expand("$(NOPE:default=a:b)") == "a")
    #expect(throws: BuildSettingsError(.unknownOperator, "unknown operator :bogus in $(V:bogus)")) {
      try settings.expand("$(V:bogus)", strict: true)
    }
  }
}
