import Foundation
import PlistKit
import Testing

@Suite("expand")
struct ExpandCommandTests {
  /// An Info.plist template with build-setting references.
  static let template = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>CFBundleIdentifier</key>
    \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    \t<key>CFBundleName</key>
    \t<string>${PRODUCT_NAME}</string>
    \t<key>CFBundleShortVersionString</key>
    \t<string>$(MARKETING_VERSION)</string>
    \t<key>NSHumanReadableCopyright</key>
    \t<string>$(COPYRIGHT:default=No copyright)</string>
    </dict>
    </plist>

    """

  /// The xcconfig file the editing guide shows.
  static let xcconfig = """
    #include? "Local.xcconfig"
    PRODUCT_NAME = My App
    PRODUCT_BUNDLE_IDENTIFIER = org.example.$(PRODUCT_NAME:rfc1034identifier)
    PRODUCT_BUNDLE_IDENTIFIER[sdk=iphoneos*] = $(inherited).ios
    MARKETING_VERSION = 1.0 // the App Store version

    """

  /// Writes `Template-Info.plist` and `App.xcconfig` into `folder`, for these tests, the help's
  /// examples and the editing guide's.
  static func writeFixtures(in folder: TemporaryDirectory) throws {
    _ = try folder.file("Template-Info.plist", template)
    _ = try folder.file("App.xcconfig", xcconfig)
  }

  private static func fixtures() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    try writeFixtures(in: folder)
    return folder
  }

  @Test("expands with an xcconfig file: only the expanded lines change, atomically into -o")
  func expandsIntoOutput() throws {
    let folder = try Self.fixtures()
    let run = try CLI.run(
      ["expand", "Template-Info.plist", "--xcconfig", "App.xcconfig", "-o", "Info.plist"], directory: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.isEmpty && run.stderr.isEmpty)
    let expected = Self.template
      .replacingOccurrences(of: "$(PRODUCT_BUNDLE_IDENTIFIER)", with: "org.example.My-App")
      .replacingOccurrences(of: "${PRODUCT_NAME}", with: "My App")
      .replacingOccurrences(of: "$(MARKETING_VERSION)", with: "1.0")
      .replacingOccurrences(of: "$(COPYRIGHT:default=No copyright)", with: "No copyright")
    #expect(String(decoding: try folder.contents("Info.plist"), as: UTF8.self) == expected)
    // The template itself is untouched.
    #expect(String(decoding: try folder.contents("Template-Info.plist"), as: UTF8.self) == Self.template)
  }

  @Test("--sdk picks conditional settings, --set overrides, --env is the lowest level, -o may name FILE")
  func levelsAndConditions() throws {
    let folder = try Self.fixtures()
    let run = try CLI.run(
      [
        "expand", "Template-Info.plist", "--xcconfig", "App.xcconfig", "--sdk", "iphoneos26.0", "--set",
        "MARKETING_VERSION=$(inherited)-beta", "--set", "COPYRIGHT = © $(YEAR)", "--env",
      ], environment: ["YEAR": "2026", "PRODUCT_NAME": "from the environment"], directory: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    let value = try PropertyList(bytes: run.stdout)
    #expect(
      value == [
        "CFBundleIdentifier": "org.example.My-App.ios", "CFBundleName": "My App",
        "CFBundleShortVersionString": "1.0-beta", "NSHumanReadableCopyright": "© 2026",
      ])
    let inPlace = try CLI.run(
      ["expand", "Template-Info.plist", "--set", "PRODUCT_NAME=x", "-o", "Template-Info.plist"], directory: folder.path)
    #expect(inPlace.status == 0, "\(inPlace.stderr)")
    #expect(try PropertyList(bytes: try folder.contents("Template-Info.plist"))["CFBundleName"] == "x")
  }

  @Test("--arch and --config choose conditional assignments, the most specific first")
  func archAndConfig() throws {
    let folder = try Self.fixtures()
    _ = try folder.file(
      "Conditions.xcconfig",
      "PRODUCT_NAME = plain\nPRODUCT_NAME[config=Debug] = debug\nPRODUCT_NAME[config=Debug][arch=arm64] = debug-arm64\n"
    )
    var names: [String] = []
    for options in [[], ["--config", "Debug"], ["--config", "Debug", "--arch", "arm64"], ["--arch", "arm64"]] {
      let run = try CLI.run(
        ["expand", "Template-Info.plist", "--xcconfig", "Conditions.xcconfig"] + options, directory: folder.path)
      #expect(run.status == 0, "\(options): \(run.stderr)")
      let name = try PropertyList(bytes: run.stdout)["CFBundleName"]
      names.append(name.flatMap { if case .string(let text) = $0 { text } else { nil } } ?? "?")
    }
    #expect(names == ["plain", "debug", "debug-arm64", "plain"])
  }

  @Test("a binary file stays binary; an OpenStep file keeps its comments")
  func formats() throws {
    let folder = try Self.fixtures()
    let binary = try PropertyList(bytes: Array(Self.template.utf8)).serialized(as: .binary)
    _ = try folder.file("Info.bplist", binary)
    let run = try CLI.run(
      ["expand", "Info.bplist", "--set", "PRODUCT_NAME=Bin", "-o", "out.plist"], directory: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    let written = try folder.contents("out.plist")
    #expect(Array(written.prefix(8)) == Array("bplist00".utf8))
    #expect(try PropertyList(bytes: written)["CFBundleName"] == "Bin")
    let openStep = "// settings\n{ Name = \"$(PRODUCT_NAME)\"; /* kept */ Other = x; }\n"
    let text = try CLI.run(["expand", "-", "--set", "PRODUCT_NAME=My App"], stdin: Array(openStep.utf8))
    #expect(text.status == 0, "\(text.stderr)")
    #expect(text.output == "// settings\n{ Name = \"My App\"; /* kept */ Other = x; }\n")
  }

  @Test(
    "failures: strict mode's undefined name, a cycle, a bad xcconfig, a missing file (exit 1); a bad --set (exit 2)")
  func failures() throws {
    let folder = try Self.fixtures()
    _ = try folder.file("cycle.xcconfig", "#include \"cycle.xcconfig\"\n")
    _ = try folder.file("broken.xcconfig", "A = 1\nnot an assignment\n")
    let cases: [([String], Int32, String)] = [
      (
        ["--strict"], 1,
        "plistkit: Template-Info.plist: CFBundleIdentifier: $(PRODUCT_BUNDLE_IDENTIFIER) is not defined\n"
      ),
      (
        ["--set", "PRODUCT_NAME=$(A)", "--set", "A=$(B:lower)", "--set", "B=$(A)"], 1,
        "plistkit: Template-Info.plist: CFBundleName: reference cycle: A -> B -> A\n"
      ),
      (
        ["--xcconfig", "cycle.xcconfig"], 1,
        "plistkit: cycle.xcconfig:1: include cycle: cycle.xcconfig -> cycle.xcconfig\n"
      ),
      (["--xcconfig", "broken.xcconfig"], 1, "plistkit: broken.xcconfig:2: expected '=' after not\n"),
      (["--xcconfig", "missing.xcconfig"], 1, "plistkit: missing.xcconfig: cannot open: no such file\n"),
      (
        ["--set", "1=x"], 2,
        "plistkit: expand: --set 1=x: expected a setting name, found '1=x'; give NAME=VALUE (see 'plistkit help expand')\n"
      ),
    ]
    for (options, status, message) in cases {
      let run = try CLI.run(["expand", "Template-Info.plist", "-o", "out.plist"] + options, directory: folder.path)
      #expect(run.status == status, "\(options)")
      #expect(run.stderr == message, "\(options)")
      #expect(!FileManager.default.fileExists(atPath: folder.path + "/out.plist"), "\(options)")
    }
    let missing = try CLI.run(["expand", "none.plist"], directory: folder.path)
    #expect(missing.status == 1)
    #expect(missing.stderr == "plistkit: none.plist: cannot open: No such file or directory\n")
  }

  @Test("the editing guide's example runs as shown")
  func readmeExample() throws {
    let readme = try String(
      contentsOf: CLI.root.appendingPathComponent("Documentation/editing.md"), encoding: .utf8)
    let section = try #require(readme.range(of: "## Expanding build settings"))
    let block = try #require(readme[section.upperBound...].firstMatch(of: /```console\n([^`]*)```/)?.1)
    // Each `$ ` line and the lines after it, up to the next one: a command and what it prints.
    var steps: [(command: String, output: String)] = []
    for line in block.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      if line.hasPrefix("$ ") {
        steps.append((String(line.dropFirst(2)), ""))
      } else {
        steps[steps.count - 1].output += line + "\n"
      }
    }
    #expect(steps.count == 3)
    let folder = try Self.fixtures()
    let bin = URL(fileURLWithPath: CLI.binary).deletingLastPathComponent().path
    for step in steps {
      let run = try CLI.run(
        ["-o", "pipefail", "-c", "{ " + step.command + "; } 2>&1"], environment: ["PATH": "\(bin):/usr/bin:/bin"],
        program: "/bin/bash", directory: folder.path)
      #expect(run.output == step.output, "\(step.command)")
    }
  }
}
