import BuildSettings
import Testing

@Suite("xcconfig files")
struct XCConfigTests {
  @Test("assignments, conditions, comments, blank lines, a trailing ; and every line ending")
  func parsing() throws {
    let text =
      "\u{FEFF}// header\r\nA = 1 // comment\r\n\n  B=two words ;\rC[sdk=iphoneos*][arch=arm64] = c\nURL = https://x\n"
      + "D[config=Debug,sdk=*] =\n#include? \"maybe.xcconfig\"\n#include \"dir/other.xcconfig\"\n"
    let file = try XCConfigFile(parsing: text, path: "f.xcconfig")
    #expect(
      file.directives == [
        .assignment(BuildSettingAssignment(name: "A", value: "1", file: "f.xcconfig", line: 2)),
        .assignment(BuildSettingAssignment(name: "B", value: "two words", file: "f.xcconfig", line: 4)),
        .assignment(
          BuildSettingAssignment(
            name: "C",
            conditions: [
              BuildSettingCondition(parameter: "sdk", pattern: "iphoneos*"),
              BuildSettingCondition(parameter: "arch", pattern: "arm64"),
            ], value: "c", file: "f.xcconfig", line: 5)),
        // As in Xcode, `//` starts a comment even inside a value.
        .assignment(BuildSettingAssignment(name: "URL", value: "https:", file: "f.xcconfig", line: 6)),
        .assignment(
          BuildSettingAssignment(
            name: "D",
            conditions: [
              BuildSettingCondition(parameter: "config", pattern: "Debug"),
              BuildSettingCondition(parameter: "sdk", pattern: "*"),
            ], value: "", file: "f.xcconfig", line: 7)),
        .include(path: "maybe.xcconfig", optional: true, line: 8),
        .include(path: "dir/other.xcconfig", optional: false, line: 9),
      ])
  }

  @Test(
    "a line that is not an assignment names its file and line",
    arguments: [
      ("A", "expected '=' after A"),
      ("= 1", "expected a setting name, found '= 1'"),
      ("1A = x", "expected a setting name, found '1A = x'"),
      ("A[sdk=x = 1", "'[' without ']' in the conditions of A"),
      ("A[sdk] = 1", "expected a condition such as [sdk=iphoneos*], found [sdk]"),
      ("#include other.xcconfig", "expected #include \"PATH\", found '#include other.xcconfig'"),
    ])
  func syntaxErrors(line: String, message: String) {
    #expect(throws: BuildSettingsError(.syntax, message, file: "f.xcconfig", line: 2)) {
      try XCConfigFile(parsing: "OK = 1\n" + line, path: "f.xcconfig")
    }
  }

  @Test("includes are relative to the including file; a missing #include? is skipped, a missing #include is an error")
  func includes() throws {
    let files = [
      "config/app.xcconfig": "#include \"shared/base.xcconfig\"\n#include? \"absent.xcconfig\"\nAPP = $(BASE)-app",
      "config/shared/base.xcconfig": "#include \"../../top.xcconfig\"\nBASE = base-$(TOP)",
      "top.xcconfig": "TOP = top",
      "broken.xcconfig": "A = 1\n#include \"absent.xcconfig\"",
    ]
    let loader = XCConfigLoader(access: MemoryFiles(files: files))
    let assignments = try loader.assignments(ofFile: "config/app.xcconfig")
    #expect(assignments.map(\.name) == ["TOP", "BASE", "APP"])
    #expect(
      assignments.map { "\($0.file ?? "-"):\($0.line ?? 0)" } == [
        "config/shared/../../top.xcconfig:1", "config/shared/base.xcconfig:2", "config/app.xcconfig:3",
      ])
    #expect(try loadSettings(files, levels: ["config/app.xcconfig"]).value(of: "APP") == "base-top-app")
    #expect(
      throws: BuildSettingsError(
        .io, "cannot include \"absent.xcconfig\": no such file (absent.xcconfig)", file: "broken.xcconfig", line: 2)
    ) {
      try loader.assignments(ofFile: "broken.xcconfig")
    }
    #expect(throws: BuildSettingsError(.io, "cannot open: no such file", file: "nowhere.xcconfig")) {
      try loader.assignments(ofFile: "nowhere.xcconfig")
    }
  }

  @Test("an include cycle is an error naming the chain; a file included twice otherwise is read twice")
  func includeCycles() throws {
    let files = [
      "a.xcconfig": "#include \"b.xcconfig\"",
      "b.xcconfig": "X = 1\n#include \"./c.xcconfig\"",
      "c.xcconfig": "#include \"sub/../a.xcconfig\"",
      "self.xcconfig": "#include? \"self.xcconfig\"",
      "diamond.xcconfig": "#include \"leaf.xcconfig\"\n#include \"leaf.xcconfig\"",
      "leaf.xcconfig": "L = $(inherited)l",
    ]
    let loader = XCConfigLoader(access: MemoryFiles(files: files))
    #expect(
      throws: BuildSettingsError(
        .includeCycle, "include cycle: a.xcconfig -> b.xcconfig -> ./c.xcconfig -> ./sub/../a.xcconfig",
        file: "./c.xcconfig", line: 1)
    ) {
      try loader.assignments(ofFile: "a.xcconfig")
    }
    #expect(
      throws: BuildSettingsError(
        .includeCycle, "include cycle: self.xcconfig -> self.xcconfig", file: "self.xcconfig", line: 1)
    ) {
      try loader.assignments(ofFile: "self.xcconfig")
    }
    #expect(try loadSettings(files, levels: ["diamond.xcconfig"]).value(of: "L") == "ll")
  }

  @Test("includes nested past the limit are an error")
  func deepIncludes() {
    var files: [String: String] = [:]
    for level in 0..<100 { files["f\(level).xcconfig"] = "#include \"f\(level + 1).xcconfig\"" }
    files["f100.xcconfig"] = "A = 1"
    #expect(
      throws: BuildSettingsError(.limitExceeded, "includes nested more than 64 deep", file: "f63.xcconfig", line: 1)
    ) {
      try XCConfigLoader(access: MemoryFiles(files: files)).assignments(ofFile: "f0.xcconfig")
    }
  }
}
