import Foundation
import PlistKit
import Testing

/// `plistkit lint --project`, and the repeated-key warnings of `plistkit lint`: the lines, the
/// JSON and the exit statuses.
@Suite("lint --project")
struct ProjectLintTests {
  /// The smallest intact project: a project object, its configuration list and its one
  /// configuration, its main group.
  static let intact = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tobjectVersion = 77;
    \tobjects = {
    \t\tA1 = {isa = PBXProject; buildConfigurationList = A2; mainGroup = A3; targets = (); };
    \t\tA2 = {isa = XCConfigurationList; buildConfigurations = (A4); };
    \t\tA3 = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
    \t\tA4 = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
    \t};
    \trootObject = A1;
    }

    """

  /// The intact project with `old` replaced by `new`.
  static func broken(_ old: String, _ new: String) -> String {
    precondition(intact.contains(old))
    return intact.replacingOccurrences(of: old, with: new)
  }

  @Test("an intact project is OK (exit 0), silent with --quiet")
  func intactProject() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("project.pbxproj", Self.intact)
    let run = try CLI.run(["lint", "--project", file])
    #expect(run.status == 0)
    #expect(run.output == "\(file): OK\n")
    #expect(run.stderr == "")
    let quiet = try CLI.run(["lint", "--project", "--quiet", file])
    #expect(quiet.status == 0)
    #expect(quiet.output == "")
  }

  @Test("problems are FILE:LINE:COL: error|warning: lines on standard output, exit 1 with an error")
  func textOutput() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("project.pbxproj", Self.readmeProject)
    let run = try CLI.run(["lint", "--project", file])
    #expect(run.status == 1)
    #expect(
      run.output == """
        \(file):9:3: error: object A3 is defined twice (first at line 8, column 3); the later definition replaces it
        \(file):9:37: error: children refers to A9, which no object defines
        \(file):10:3: warning: object A5 (PBXFileReference) is not referenced by any object

        """)
    #expect(run.stderr == "")
  }

  /// The project of the README's example (written by `scripts/readme-cli-tour.sh`) and of
  /// ``textOutput()``.
  static let readmeProject = broken(
    "\t\tA4 = {", "\t\tA3 = {isa = PBXGroup; children = (A9); };\n\t\tA5 = {isa = PBXFileReference; };\n\t\tA4 = {")

  @Test("the README's example prints what the README shows")
  func readmeExample() throws {
    // The guides may move out of the README into Documentation/: the example is looked for in both.
    var pages = [CLI.root.appendingPathComponent("README.md")]
    let guides = CLI.root.appendingPathComponent("Documentation")
    if let names = try? FileManager.default.subpathsOfDirectory(atPath: guides.path) {
      pages += names.filter { $0.hasSuffix(".md") }.map { guides.appendingPathComponent($0) }
    }
    let command = "$ plistkit lint --project App.pbxproj; echo \"exit $?\"\n"
    let texts = try pages.map { try String(contentsOf: $0, encoding: .utf8) }
    let page = try #require(texts.first { $0.contains(command) })
    let shown = try #require(
      page.components(separatedBy: command).dropFirst().first?.components(separatedBy: "```").first)
    let folder = try TemporaryDirectory()
    _ = try folder.file("App.pbxproj", Self.readmeProject)
    let run = try CLI.run(["lint", "--project", "App.pbxproj"], directory: folder.path)
    #expect(run.output + "exit \(run.status)\n" == shown)
  }

  @Test("warnings alone exit 0; --strict makes them errors (exit 1)")
  func strict() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file(
      "project.pbxproj", Self.broken("\t\tA4 = {", "\t\tA5 = {isa = PBXFileReference; };\n\t\tA4 = {"))
    let warned = try CLI.run(["lint", "--project", file])
    #expect(warned.status == 0)
    #expect(warned.output == "\(file):9:3: warning: object A5 (PBXFileReference) is not referenced by any object\n")
    let strict = try CLI.run(["lint", "--project", "--strict", file])
    #expect(strict.status == 1)
    #expect(strict.output == "\(file):9:3: error: object A5 (PBXFileReference) is not referenced by any object\n")
  }

  @Test("merge-conflict markers, line by line")
  func conflictMarkers() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file(
      "project.pbxproj",
      Self.broken(
        "\t\tA4 = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };\n",
        """
        <<<<<<< HEAD
        \t\tA4 = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
        =======
        \t\tA4 = {isa = XCBuildConfiguration; buildSettings = {}; name = Debug; };
        >>>>>>> topic

        """))
    let run = try CLI.run(["lint", "--project", file])
    #expect(run.status == 1)
    let message = ": the file does not parse until the conflict is resolved"
    #expect(
      run.output == """
        \(file):9:1: error: merge conflict marker '<<<<<<<'\(message)
        \(file):11:1: error: merge conflict marker '======='\(message)
        \(file):13:1: error: merge conflict marker '>>>>>>>'\(message)

        """)
  }

  @Test("--format json: one array, an entry per file, in input order")
  func json() throws {
    let folder = try TemporaryDirectory()
    let good = try folder.file("good.pbxproj", Self.intact)
    let bad = try folder.file("bad.pbxproj", Self.broken("mainGroup = A3", "mainGroup = \"(null)\""))
    let run = try CLI.run(["lint", "--project", "--format", "json", good, bad])
    #expect(run.status == 1)
    #expect(run.stderr == "")
    let expected: PropertyList = [
      [
        "file": .string(good), "objects": 4, "errors": 0, "warnings": 0, "problems": [],
      ],
      [
        "file": .string(bad), "objects": 4, "errors": 1, "warnings": 1,
        "problems": [
          [
            "severity": "error", "kind": "null-reference", "line": 6, "column": 68,
            "message": "mainGroup is (null), not an object ID", "object": "A1",
          ],
          [
            "severity": "warning", "kind": "unreferenced-object", "line": 8, "column": 3,
            "message": "object A3 (PBXGroup) is not referenced by any object", "object": "A3",
          ],
        ],
      ],
    ]
    let printed = try PropertyList(bytes: Array(run.output.utf8), format: .json)
    #expect(printed == expected)
    // The keys in the documented order.
    let keys = try #require(printed[1]?.dictionaryValue).keys
    #expect(keys == ["file", "objects", "errors", "warnings", "problems"])
  }

  @Test("a duplicate ID in JSON names its first place under related")
  func jsonRelated() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file(
      "project.pbxproj", Self.broken("\t\tA4 = {", "\t\tA3 = {isa = PBXGroup; children = (); };\n\t\tA4 = {"))
    let run = try CLI.run(["lint", "--project", "--format", "json", file])
    #expect(run.status == 1)
    let printed = try PropertyList(bytes: Array(run.output.utf8), format: .json)
    #expect(printed[0]?["problems"]?[0]?["related"] == ["line": 8, "column": 3])
    #expect(printed[0]?["problems"]?[0]?["kind"] == "duplicate-id")
  }

  @Test("trouble exits 2: a file that cannot be read, --format without --project")
  func trouble() throws {
    let folder = try TemporaryDirectory()
    let good = try folder.file("project.pbxproj", Self.intact)
    let missing = try CLI.run(["lint", "--project", good, "does-not-exist.pbxproj"])
    #expect(missing.status == 2)
    #expect(missing.output == "\(good): OK\n")
    #expect(missing.stderr == "plistkit: does-not-exist.pbxproj: cannot open: No such file or directory\n")
    let format = try CLI.run(["lint", "--format", "json", good])
    #expect(format.status == 2)
    #expect(format.stderr == "plistkit: lint: --format needs --project (see 'plistkit help lint')\n")
  }

  @Test("Xcode's own projects are OK", .needsCorpus("xcode"))
  func corpus() throws {
    let files = ["xcode/cocoa-application.pbxproj", "xcode/emoji.pbxproj", "xcode/shared-schemes.pbxproj"]
      .map(Corpus.path)
    let run = try CLI.run(["lint", "--project"] + files)
    #expect(run.status == 0)
    #expect(run.output == files.map { "\($0): OK\n" }.joined())
  }
}

/// `plistkit lint`'s repeated keys: a warning with both places, an error with --strict.
@Suite("lint: repeated keys")
struct RepeatedKeyCommandTests {
  @Test("a repeated key is a warning on standard error; the file is still OK (exit 0)")
  func warning() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("dup.json", "{\"a\": 1,\n \"a\": 2}")
    let run = try CLI.run(["lint", file])
    #expect(run.status == 0)
    #expect(run.output == "\(file): OK\n")
    #expect(
      run.stderr
        == "plistkit: \(file):2:2: warning: key 'a' repeats (first at line 1, column 2); the last value is kept\n")
  }

  @Test("--strict makes it an error (exit 1, no OK)", arguments: ["xml", "openstep", "json"])
  func strict(format: String) throws {
    let folder = try TemporaryDirectory()
    let texts = [
      "xml": "<plist version=\"1.0\">\n<dict>\n<key>k</key><true/>\n<key>k</key><false/>\n</dict>\n</plist>\n",
      "openstep": "{\n k = 1;\n k = 2;\n}\n", "json": "{\n\"k\": 1,\n\"k\": 2\n}\n",
    ]
    let places = ["xml": ("4:1", "3, column 1"), "openstep": ("3:2", "2, column 2"), "json": ("3:1", "2, column 1")]
    let file = try folder.file("dup.\(format)", texts[format]!)
    let (at, first) = places[format]!
    let run = try CLI.run(["lint", "--strict", file])
    #expect(run.status == 1)
    #expect(run.output == "")
    #expect(
      run.stderr
        == "plistkit: \(file):\(at): error: key 'k' repeats (first at line \(first)); the last value is kept\n")
  }
}
