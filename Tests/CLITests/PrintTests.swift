import Foundation
import PlistKit
import Testing

/// `plistkit print`: the readable tree, key paths, colour rules.
@Suite("print", .enabled(if: FormatSupport.reads(.binary)))
struct PrintTests {
  let presidents = CLI.sample("Presidents.plist")

  @Test("a dictionary in file order, with integers and UIDs told apart")
  func subtree() throws {
    let run = try CLI.run(["print", presidents, "$objects.2"])
    #expect(run.status == 0)
    #expect(
      run.output == """
        {
          "President" => 1
          "ToYear" => <uid 5>
          "$class" => <uid 7>
          "FromYear" => <uid 4>
          "Party" => <uid 6>
          "Name" => <uid 3>
        }

        """)
  }

  @Test("the whole file starts with the archive's header keys")
  func wholeFile() throws {
    let run = try CLI.run(["print", presidents])
    #expect(run.status == 0)
    #expect(run.output.hasPrefix("{\n  \"$version\" => 100000\n  \"$top\" => {\n    \"Presidents\" => <uid 1>\n  }\n"))
    #expect(run.output.contains("\n    3 => \"George Washington\"\n"))
    #expect(run.output.hasSuffix("\n  ]\n}\n"))
  }

  @Test("colour only when asked (not on a pipe), never with NO_COLOR")
  func colour() throws {
    let plain = try CLI.run(["print", presidents, "$objects.2.President"])
    #expect(plain.output == "1\n")
    let forced = try CLI.run(["print", presidents, "$objects.2.President", "--color", "always"])
    #expect(forced.output == "\u{1B}[36m1\u{1B}[0m\n")
    let vetoed = try CLI.run(["print", presidents, "$objects.2", "--color", "always"], environment: ["NO_COLOR": "1"])
    #expect(!vetoed.output.contains("\u{1B}"))
    #expect(vetoed.output.hasPrefix("{\n  \"President\" => 1\n"))
  }

  @Test("colour on a real terminal", .enabled(if: FileManagerCheck.isExecutable("/usr/bin/script")))
  func terminal() throws {
    let command = "'\(CLI.binary)' print '\(presidents)' '$objects.3'"
    let run = try CLI.run(["-qec", command, "/dev/null"], program: "/usr/bin/script")
    #expect(run.output.contains("\u{1B}[32m\"George Washington\"\u{1B}[0m"))
    let vetoed = try CLI.run(
      ["-qec", command, "/dev/null"], environment: ["NO_COLOR": "1"], program: "/usr/bin/script")
    #expect(vetoed.output.contains("\"George Washington\""))
    #expect(!vetoed.output.contains("\u{1B}["))
  }

  @Test("a key path that leads nowhere names the file and the path")
  func badKeyPath() throws {
    let run = try CLI.run(["print", presidents, "$objects.500"])
    #expect(run.status == 1)
    #expect(run.output == "")
    let archive = try PropertyList(bytes: PropertyListFile.read(path: presidents))
    let error = try #require(throws: PropertyListError.self) { try archive.value(at: "$objects.500") }
    #expect(run.stderr == "plistkit: \(presidents): \(error)\n")
    #expect(error.description.hasPrefix("$objects.500: index 500 is out of range"))
  }
}

/// Small file-system checks for test conditions.
enum FileManagerCheck {
  static func isExecutable(_ path: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: path)
  }
}
